import { ErrorBody } from '@repo/shared/schemas/common';
import { SettlementParams } from '@repo/shared/schemas/payouts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { settlementDetail, statementCsv, statementPdf } from './statements.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * A settlement statement's downloads, CSV and PDF, under `prefix` (`/payouts` for the owner, `/platform` for the
 * platform): `ownerOf` says whose settlements the reader may see (null: every owner's; another's is a 404).
 */
export function statementDownloads(opts: {
  prefix: string;
  tags: string[];
  whose: string;
  ownerOf: (request: FastifyRequest) => string | null;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { deps } = app;
    const security = [{ bearer: [] }];
    const detail = (request: FastifyRequest<{ Params: { id: string } }>) =>
      settlementDetail(deps.db, request.params.id, opts.ownerOf(request));

    app.get(
      `${opts.prefix}/settlements/:id/statement.csv`,
      {
        schema: {
          tags: opts.tags,
          security,
          description: `${opts.whose} settlement statement as CSV (rupees).`,
          params: SettlementParams,
          produces: ['text/csv'],
          response: { 200: z.string(), ...errors },
        },
      },
      async (request, reply) => {
        const d = await detail(request);
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="statement-${d.periodStart}.csv"`)
          .header('cache-control', 'private, no-store');
        return statementCsv(d);
      },
    );

    app.get(
      `${opts.prefix}/settlements/:id/statement.pdf`,
      {
        schema: {
          tags: opts.tags,
          security,
          description: `${opts.whose} settlement statement as PDF.`,
          params: SettlementParams,
          produces: ['application/pdf'],
          response: { 200: z.any(), ...errors },
        },
      },
      async (request, reply) => {
        const d = await detail(request);
        const pdf = await statementPdf(d, deps.config.platform.tradeName);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="statement-${d.periodStart}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  };
}
