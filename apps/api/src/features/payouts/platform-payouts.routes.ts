import { todayInIndia } from '@repo/shared/domain/dates';
import { ErrorBody, IdParams } from '@repo/shared/schemas/common';
import {
  MonthQuery,
  PlatformMonthDto,
  PlatformReportParams,
  ReportQuery,
  SettlementDetailDto,
  SettlementParams,
  SettlementsQuery,
  SettlementDto,
  STAY_FEES_PAGE_SIZE,
  StayFeeInput,
  StayFeesQuery,
  StayFeesResult,
} from '@repo/shared/schemas/payouts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#src/lib/errors.ts';
import { PAYOUTS_COPY as C } from './copy.ts';
import { runPayouts } from './run.ts';
import { platformMonth, platformReport } from './reports.ts';
import { listSettlements, settlementDetail } from './statements.ts';
import * as fees from './fees.repository.ts';
import { statementDownloads } from './statement.routes.ts';

const tags = ['platform payouts'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** /api/admin/platform: the platform's month, every owner's settlements, the fee per stay (platform admins only). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRequest', app.requirePlatform);

  app.get(
    '/platform/month',
    {
      schema: {
        tags,
        security,
        description:
          "The platform's month: GSTR-8's TCS per GSTIN, s.9(5) supplies, TDS, fees invoiced, settlements and payouts.",
        querystring: MonthQuery.partial(),
        response: { 200: PlatformMonthDto, ...errors },
      },
    },
    async (request) => platformMonth(deps.db, request.query.month ?? todayInIndia().slice(0, 7)),
  );

  app.get(
    '/platform/reports/:report',
    {
      schema: {
        tags,
        security,
        description:
          "A month's platform report as CSV: GSTR-8's Table 3 (registered and unregistered recipients apart) and GSTR-1's Table 15 sheets (ecob2b, ecourp2b, ecob2c, ecourp2c) and docs as the GST portal's offline tools take them, for one of its GSTINs or all; s.9(5) supplies by state; fee invoices; payouts.",
        params: PlatformReportParams,
        querystring: ReportQuery,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const month = request.query.month ?? todayInIndia().slice(0, 7);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${request.params.report}-${month}.csv"`)
        .header('cache-control', 'private, no-store');
      return platformReport(deps.db, month, request.params.report, request.query.gstin);
    },
  );

  app.get(
    '/platform/settlements',
    {
      schema: {
        tags,
        security,
        description: "Every owner's settlements, newest first.",
        querystring: SettlementsQuery,
        response: { 200: z.object({ settlements: z.array(SettlementDto), total: z.number().int() }), ...errors },
      },
    },
    async (request) => listSettlements(deps.db, null, request.query.page),
  );

  app.get(
    '/platform/settlements/:id',
    {
      schema: {
        tags,
        security,
        description: 'Any settlement with its lines.',
        params: SettlementParams,
        response: { 200: SettlementDetailDto, ...errors },
      },
    },
    async (request) => settlementDetail(deps.db, request.params.id, null),
  );

  await app.register(statementDownloads({ prefix: '/platform', tags, whose: "Any owner's", ownerOf: () => null }));

  app.post(
    '/platform/settlements/run',
    {
      schema: {
        tags,
        security,
        description:
          'Settles the last ended period for every owner not settled for it yet, issues last month’s fee invoices and asks for the payouts due, failed ones whose next try has come among them (`retried`); also run hourly.',
        response: {
          200: z.object({
            settlements: z.number().int(),
            feeInvoices: z.number().int(),
            payouts: z.number().int(),
            /** Of `payouts`, failed payouts tried again. */
            retried: z.number().int(),
          }),
          ...errors,
        },
      },
    },
    async () => runPayouts(deps),
  );

  app.get(
    '/platform/fees',
    {
      schema: {
        tags,
        security,
        description:
          "Every live stay's fee (its own, or the platform's default), by stay name: `q` keeps the stays whose name or owner's name holds it; `page` (with `pageSize`, 20 unless told, at most 100) gives one page, else every match is given. `total` counts the matches.",
        querystring: StayFeesQuery,
        response: { 200: StayFeesResult, ...errors },
      },
    },
    async (request) => {
      const { q, page, pageSize } = request.query;
      const paged = page !== undefined || pageSize !== undefined;
      const { rows, total } = await fees.stayFees(deps.db, {
        ...(q ? { q } : {}),
        ...(paged ? { page: { number: page ?? 1, size: pageSize ?? STAY_FEES_PAGE_SIZE } } : {}),
      });
      const defaultBp = deps.config.platformFeeBp;
      return {
        defaultBp,
        total,
        stays: rows.map((r) => ({
          stayId: r.id,
          stayName: r.name,
          ownerName: r.ownerName,
          feeBp: r.feeBp ?? defaultBp,
          custom: r.feeBp !== null,
        })),
      };
    },
  );

  app.put(
    '/platform/stays/:id/fee',
    {
      schema: {
        tags,
        security,
        description:
          "Sets one stay's fee (percent of its nights' value before tax; null: the default). Applies to bookings credited from now on.",
        params: IdParams,
        body: StayFeeInput,
        response: { 200: z.object({ feeBp: z.number().int(), custom: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      const bp = request.body.feePercent === null ? null : Math.round(request.body.feePercent * 100);
      const row = await fees.setStayFee(deps.db, request.params.id, bp);
      if (!row) throw notFound(C.stayMissing);
      return { feeBp: row.feeBp ?? deps.config.platformFeeBp, custom: row.feeBp !== null };
    },
  );
};
export default routes;
