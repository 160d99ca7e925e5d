import { todayInIndia } from '@repo/shared/domain/dates';
import { ErrorBody, IdParams } from '@repo/shared/schemas/common';
import {
  MonthQuery,
  OwnerReportParams,
  PayoutProfileInput,
  PayoutProfileResult,
  ReportQuery,
  SettlementDetailDto,
  SettlementParams,
  SettlementsPage,
  SettlementsQuery,
  StayEarningTermsDto,
  TdsQuarterParams,
} from '@repo/shared/schemas/payouts';
import { GstDeclarationDto, GstDeclarationInput, GstDeclarationsResult } from '@repo/shared/schemas/gst-declaration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authUser } from '#src/features/auth/index.ts';
import { feeInvoiceFile, listFeeInvoices } from './fee-invoices.ts';
import { payoutProfile, requestDuePayouts, savePayoutProfile } from './payouts.service.ts';
import { ownerReport } from './reports.ts';
import { upcoming } from './settlements.service.ts';
import { listSettlements, settlementDetail, unpaidOf } from './statements.ts';
import { tdsStatement, tdsStatementCsv, tdsStatementPdf } from './tds-statement.ts';
import { declarationsOf, declare } from './declarations.ts';
import { stayEarningTerms } from './earning-terms.ts';
import { statementDownloads } from './statement.routes.ts';

const tags = ['admin payouts'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const FeeInvoiceList = z.object({
  feeInvoices: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      title: z.string(),
      month: z.string(),
      issuedOn: z.string(),
      recipientGstin: z.string().nullable(),
      recipientName: z.string(),
      taxable: z.number().int(),
      gst: z.number().int(),
      total: z.number().int(),
    }),
  ),
});
const csv = (reply: { type(t: string): unknown; header(k: string, v: string): unknown }, name: string) => {
  reply.type('text/csv; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${name}"`);
  reply.header('cache-control', 'private, no-store');
};

/** /api/admin/payouts: the signed-in owner's payout details, settlements, statements, fee invoices and reports. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/payouts/stays/:id/terms',
    {
      schema: {
        tags,
        security,
        description:
          "What a night of one of the owner's stays sold today would be credited on: who pays its GST, the platform's fee and the GST on it, and the TCS and TDS withheld (the room forms show a price's net by them).",
        params: IdParams,
        response: { 200: StayEarningTermsDto, ...errors },
      },
    },
    async (request) => stayEarningTerms(deps, authUser(request).id, request.params.id),
  );

  app.get(
    '/payouts/profile',
    {
      schema: {
        tags,
        security,
        description: 'Who the owner is for tax, and where they are paid (masked).',
        response: { 200: PayoutProfileResult, ...errors },
      },
    },
    async (request) => ({ profile: await payoutProfile(deps, authUser(request).id) }),
  );

  app.put(
    '/payouts/profile',
    {
      schema: {
        tags,
        security,
        description: "Saves the owner's legal name, PAN (validated), state and bank account (IFSC and number) or UPI id.",
        body: PayoutProfileInput,
        response: { 200: PayoutProfileResult, ...errors },
      },
    },
    async (request) => {
      const ownerId = authUser(request).id;
      const profile = await savePayoutProfile(deps, ownerId, request.body);
      // Settlements waiting for an account (or whose payout failed) are paid to the new one now.
      deps.tasks.run('payouts after new details', async () => {
        await requestDuePayouts(deps, ownerId);
      });
      return { profile };
    },
  );

  app.get(
    '/payouts/gst-declarations',
    {
      schema: {
        tags,
        security,
        description:
          "The owner's GST standing per state they have stays in (the declaration in force; who supplies and invoices the nights, or why nobody may sell them) and every declaration made (ADR 054).",
        response: { 200: GstDeclarationsResult, ...errors },
      },
    },
    async (request) => declarationsOf(deps, authUser(request).id),
  );

  app.post(
    '/payouts/gst-declarations',
    {
      schema: {
        tags,
        security,
        description:
          'Declares how the owner stands for GST in a state from now: not registered, registered (regular or composition) with the GSTIN of the state and of their PAN, and whether liable for registration under s.22(1). Kept as made; the latest is in force.',
        body: GstDeclarationInput,
        response: { 201: GstDeclarationDto, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return declare(deps, authUser(request).id, request.body);
    },
  );

  app.get(
    '/payouts/settlements',
    {
      schema: {
        tags,
        security,
        description:
          "The owner's weekly settlements, newest first, with their payouts; what is credited for the next; what is settled and unpaid.",
        querystring: SettlementsQuery,
        response: { 200: SettlementsPage, ...errors },
      },
    },
    async (request) => {
      const ownerId = authUser(request).id;
      const [page, next, unpaid, profile] = await Promise.all([
        listSettlements(deps.db, ownerId, request.query.page),
        upcoming(deps, ownerId),
        unpaidOf(deps.db, ownerId),
        payoutProfile(deps, ownerId),
      ]);
      return { ...page, upcoming: next, unpaid, profileComplete: Boolean(profile?.account) };
    },
  );

  app.get(
    '/payouts/settlements/:id',
    {
      schema: {
        tags,
        security,
        description: 'One settlement with every line (another owner’s: 404).',
        params: SettlementParams,
        response: { 200: SettlementDetailDto, ...errors },
      },
    },
    async (request) => settlementDetail(deps.db, request.params.id, authUser(request).id),
  );

  await app.register(statementDownloads({ prefix: '/payouts', tags, whose: 'The', ownerOf: (request) => authUser(request).id }));

  app.get(
    '/payouts/fee-invoices',
    {
      schema: {
        tags,
        security,
        description: "The platform's fee invoices to the owner.",
        querystring: MonthQuery.partial(),
        response: { 200: FeeInvoiceList, ...errors },
      },
    },
    async (request) => ({ feeInvoices: await listFeeInvoices(deps.db, authUser(request).id, request.query.month) }),
  );

  app.get(
    '/payouts/fee-invoices/:id/file',
    {
      schema: {
        tags,
        security,
        description: 'A fee invoice as issued (PDF).',
        params: SettlementParams,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const f = await feeInvoiceFile(deps, request.params.id, authUser(request).id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${f.number.replaceAll('/', '-')}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(f.pdf);
    },
  );

  app.get(
    '/payouts/tds-statements/:quarter/statement.pdf',
    {
      schema: {
        tags,
        security,
        description:
          "The owner's TDS statement of a financial year's quarter ('2026-27-Q3'): what was credited and deducted, by section, with the PAN, section and rate of each line (PDF).",
        params: TdsQuarterParams,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const t = await tdsStatement(deps.db, deps.config.platform, authUser(request).id, request.params.quarter);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="tds-${t.quarter}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(await tdsStatementPdf(t));
    },
  );

  app.get(
    '/payouts/tds-statements/:quarter/statement.csv',
    {
      schema: {
        tags,
        security,
        description: "The owner's TDS statement of a quarter as CSV (rupees).",
        params: TdsQuarterParams,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const t = await tdsStatement(deps.db, deps.config.platform, authUser(request).id, request.params.quarter);
      csv(reply, `tds-${t.quarter}.csv`);
      return tdsStatementCsv(t);
    },
  );

  app.get(
    '/payouts/reports/:report',
    {
      schema: {
        tags,
        security,
        description:
          "A month's report as CSV: GSTR-1's sheets as the GST portal's offline tool takes them (b2b, b2cs, cdnr, hsn(b2b), hsn(b2c), docs, eco: Table 14), for one of the owner's GSTINs or all; TCS and TDS figures; fee invoices.",
        params: OwnerReportParams,
        querystring: ReportQuery,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const month = request.query.month ?? todayInIndia().slice(0, 7);
      csv(reply, `${request.params.report}-${month}.csv`);
      return ownerReport(deps.db, deps.config.platform, authUser(request).id, month, request.params.report, request.query.gstin);
    },
  );
};
export default routes;
