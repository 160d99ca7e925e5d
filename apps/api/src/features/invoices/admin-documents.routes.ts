import { ErrorBody, IdParams } from '@repo/shared/schemas/common';
import { DocumentsArchiveQuery, OwnerDocumentsPage, OwnerDocumentsQuery } from '@repo/shared/schemas/gst';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authUser, ownerOf } from '#src/features/auth/index.ts';
import { staffMay } from '#src/features/staff/index.ts';
import { badRequest } from '#src/lib/errors.ts';
import { ownerDocumentFile, ownerDocuments, ownerDocumentsArchive } from './owner-documents.ts';

const tags = ['admin documents'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const stayInQuery = { kind: 'stay', in: 'query', key: 'stayId' } as const;
const bookingInQuery = { kind: 'booking', in: 'query', key: 'bookingId' } as const;
const CHOOSE_STAY = 'Choose one of your stays';

/**
 * A staff member's lists of documents name one of their stays or bookings (their rule checks it is given to them;
 * ADR 066).
 */
const stayNamedByStaff = (request: FastifyRequest, stayId: string | undefined, bookingId?: string) => {
  if (authUser(request).staff && !stayId && !bookingId) throw badRequest(CHOOSE_STAY, { stayId: CHOOSE_STAY });
};

/** /api/admin/documents: the tax invoices and credit notes of the signed-in owner's stays (behind requireAdmin). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/documents',
    {
      config: { staff: staffMay('money.view', [bookingInQuery, stayInQuery]) },
      schema: {
        tags,
        security,
        description:
          "The tax documents issued for bookings of the owner's stays (by the stay, or by the platform under s.9(5)), newest first, 20 a page: by month of issue, stay, booking and kind.",
        querystring: OwnerDocumentsQuery,
        response: { 200: OwnerDocumentsPage, ...errors },
      },
    },
    async (request) => {
      stayNamedByStaff(request, request.query.stayId, request.query.bookingId);
      return ownerDocuments(deps, ownerOf(request), request.query);
    },
  );

  app.get(
    '/documents/archive',
    {
      config: { staff: staffMay('money.view', stayInQuery) },
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
      stayNamedByStaff(request, request.query.stayId);
      const zip = await ownerDocumentsArchive(deps, ownerOf(request), request.query);
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
      config: { staff: staffMay('money.view', { kind: 'document' }) },
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
      const doc = await ownerDocumentFile(deps, ownerOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${doc.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(doc.pdf);
    },
  );
};

export default routes;
