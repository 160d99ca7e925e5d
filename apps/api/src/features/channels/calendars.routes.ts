import { CalendarFileParams } from '@repo/shared/schemas/channels';
import { ErrorBody } from '@repo/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#src/lib/errors.ts';
import { exportCalendar } from './channels.service.ts';
import { CHANNEL_API_MSG } from './messages.ts';

/** /api/calendars/:token.ics — a room's (or room type's) private calendar for other sites: the token is the key. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/calendars/:file',
    {
      schema: {
        tags: ['channels'],
        description:
          'The booked, held and blocked nights of a room (or the full nights of a room type) as an iCalendar file, for other sites to import. 404 for an unknown or rotated token.',
        params: CalendarFileParams,
        produces: ['text/calendar'],
        response: { 200: z.string().describe('text/calendar'), 400: ErrorBody, 404: ErrorBody },
      },
      // A malformed token is as unknown as a wrong one.
      errorHandler: (err, _request, reply) => {
        if (err.validation) return reply.status(404).send({ message: CHANNEL_API_MSG.calendarNotFound, code: 'NOT_FOUND' });
        throw err;
      },
    },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      if (!token) throw notFound(CHANNEL_API_MSG.calendarNotFound);
      const body = await exportCalendar(deps, token);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('x-robots-tag', 'noindex')
        .send(body);
    },
  );
};
export default routes;
