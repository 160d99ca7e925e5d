import { ErrorBody } from '@repo/shared/schemas/common';
import { OwnerDataExport } from '@repo/shared/schemas/privacy';
import { AdminMeDto } from '@repo/shared/schemas/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportOwnerData } from './privacy.service.ts';
import { getProfile } from './profile.service.ts';
import { authUser } from '#src/features/auth/index.ts';
import { staffMay, staffOf } from '#src/features/staff/index.ts';

/**
 * /api/admin/me: the signed-in admin, with isPlatform, so the admin area shows the platform's screens only to it; and
 * /api/admin/me/export, their copy of what is held about them as a stay owner (not for staff: they own nothing here).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      config: { staff: staffMay(null) },
      schema: {
        tags: ['admin auth'],
        summary:
          'The signed-in admin: a stay owner, and whether they run the platform too (isPlatform); for a staff member, whose staff they are, their role and stays (staff)',
        security: [{ bearer: [] }],
        response: { 200: AdminMeDto, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const user = authUser(request);
      const profile = await getProfile(app.deps, user.id);
      return { ...profile, staff: user.staff ? await staffOf(app.deps, user.staff) : null };
    },
  );

  app.get(
    '/me/export',
    {
      schema: {
        tags: ['admin auth'],
        summary:
          'Everything held about the signed-in admin as a stay owner, as a JSON file: account, PAN and payout accounts as stored, stays owned with their GST registration, settlements with their payouts, fee invoices',
        security: [{ bearer: [] }],
        response: { 200: OwnerDataExport, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const data = await exportOwnerData(app.deps, authUser(request).id);
      const day = data.exportedAt.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="staybook-owner-data-${day}.json"`);
      reply.header('cache-control', 'no-store');
      return data;
    },
  );
};
export default routes;
