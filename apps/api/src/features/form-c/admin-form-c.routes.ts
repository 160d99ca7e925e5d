import { ErrorBody, IdParams } from '@repo/shared/schemas/common';
import {
  FormCFull,
  FormCInput,
  FormCList,
  FormCListQuery,
  FormCOfBooking,
  FormCResult,
  FormCSubmitted,
} from '@repo/shared/schemas/form-c';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerOf } from '#src/features/auth/index.ts';
import { staffMay } from '#src/features/staff/index.ts';
import { staysOf } from '#src/lib/admin-scope.ts';
import { addReport, editReport, fullReport, markSubmitted, ownerReports, reportCsv, reportsOfBooking } from './form-c.service.ts';

const tags = ['admin form c'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * /api/admin: the Form Cs of the foreign guests of the admin's stays (behind requireAdmin; another owner's booking or
 * report is a 404). The details travel only in the whole report and its CSV, never cached.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/form-c',
    {
      config: { staff: staffMay('desk.work') },
      schema: {
        tags,
        security,
        description: "The Form Cs of the admin's stays: open ones (not yet submitted) or all, with the open and overdue counts.",
        querystring: FormCListQuery,
        response: { 200: FormCList, ...errors },
      },
    },
    async (request) => ownerReports(deps, ownerOf(request), request.query, staysOf(request.user?.staff ?? null)),
  );

  app.get(
    '/bookings/:id/form-c',
    {
      config: { staff: staffMay('desk.work', { kind: 'booking' }) },
      schema: {
        tags,
        security,
        description: 'The Form Cs of a booking, masked.',
        params: IdParams,
        response: { 200: FormCOfBooking, ...errors },
      },
    },
    async (request) => reportsOfBooking(deps, ownerOf(request), request.params.id),
  );

  app.post(
    '/bookings/:id/form-c',
    {
      config: { staff: staffMay('desk.work', { kind: 'booking' }, 'addFormC') },
      schema: {
        tags,
        security,
        description: "Records a foreign guest's Form C on a booking, once the guest has arrived; due in 24 hours.",
        params: IdParams,
        body: FormCInput,
        response: { 201: FormCResult, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await addReport(deps, ownerOf(request), request.params.id, request.body)),
  );

  app.put(
    '/form-c/:id',
    {
      config: { staff: staffMay('desk.work', { kind: 'formC' }, 'editFormC') },
      schema: {
        tags,
        security,
        description: 'Corrects a Form C not yet marked submitted.',
        params: IdParams,
        body: FormCInput,
        response: { 200: FormCResult, ...errors },
      },
    },
    async (request) => editReport(deps, ownerOf(request), request.params.id, request.body),
  );

  app.get(
    '/form-c/:id',
    {
      config: { staff: staffMay('desk.work', { kind: 'formC' }) },
      schema: {
        tags,
        security,
        description: 'A Form C whole, for printing (its details are null once erased).',
        params: IdParams,
        response: { 200: FormCFull, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return fullReport(deps, ownerOf(request), request.params.id);
    },
  );

  app.get(
    '/form-c/:id/csv',
    {
      config: { staff: staffMay('desk.work', { kind: 'formC' }) },
      schema: {
        tags,
        security,
        description: 'A Form C as a CSV file of one row, for its submission.',
        params: IdParams,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await reportCsv(deps, ownerOf(request), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="form-c-${request.params.id.slice(0, 8)}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/form-c/:id/submitted',
    {
      config: { staff: staffMay('desk.work', { kind: 'formC' }, 'submitFormC') },
      schema: {
        tags,
        security,
        description: "Marks a Form C submitted on the Bureau of Immigration's portal, with its reference.",
        params: IdParams,
        body: FormCSubmitted,
        response: { 200: FormCResult, ...errors },
      },
    },
    async (request) => markSubmitted(deps, ownerOf(request), request.params.id, request.body.reference),
  );
};

export default routes;
