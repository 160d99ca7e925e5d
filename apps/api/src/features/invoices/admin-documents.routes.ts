import { ErrorBody, IdParams } from '@repo/shared/schemas/common';
import { DocumentsArchiveQuery, OwnerDocumentsPage, OwnerDocumentsQuery } from '@repo/shared/schemas/gst';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authUser } from '#src/features/auth/index.ts';
import { ownerDocumentFile, ownerDocuments, ownerDocumentsArchive } from './owner-documents.ts';

const tags = ['admin documents'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** /api/admin/documents: the tax invoices and credit notes of the signed-in owner's stays (behind requireAdmin). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/documents',
    {
      schema: {
        tags,
        security,
        description:
          "The tax documents issued for bookings of the owner's stays (by the stay, or by the platform under s.9(5)), newest first, 20 a page: by month of issue, stay, booking and kind.",
        querystring: OwnerDocumentsQuery,
        response: { 200: OwnerDocumentsPage, ...errors },
      },
    },
    async (request) => ownerDocuments(deps, authUser(request).id, request.query),
  );

  app.get(
    '/documents/archive',
    {
      schema: {
        tags,
        security,
        description: "Every document of a month (India date of issue) of the owner's stays as one ZIP of their PDFs as issued.",
        querystring: DocumentsArchiveQuery,
        produces: ['application/zip'],
        response: { 200: z.any().describe('application/zip'), ...errors },
      },
    },
    async (request, reply) => {
      const zip = await ownerDocumentsArchive(deps, authUser(request).id, request.query);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="documents-${request.query.month}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(zip);
    },
  );

  app.get(
    '/documents/:id/file',
    {
      schema: {
        tags,
        security,
        description: "One document of the owner's stays as its PDF as issued; another owner's is not found.",
        params: IdParams,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const doc = await ownerDocumentFile(deps, authUser(request).id, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${doc.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(doc.pdf);
    },
  );
};

export default routes;
