import type { FastifyPluginAsync } from 'fastify';
import { registerAdminRoutes } from '#src/lib/admin-scope.ts';
import { outboxMessageId } from '#src/platform/mail.ts';
import { every } from '#src/platform/schedule.ts';
import adminChannels from './admin-channels.routes.ts';
import calendars from './calendars.routes.ts';
import { ChannelConflictMail } from './events.ts';
import { mailConflicts } from './mails.ts';
import { syncDue } from './sync.service.ts';

/**
 * Channel sync (ADR 035): a room's private export calendars (public, by token), the owner's imported calendars and
 * their conflicts (/api/admin), the conflict mail, and the scheduler that reads due feeds.
 */
export const channelsPlugin: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  await app.register(calendars);
  await registerAdminRoutes(app, adminChannels);
  deps.outbox.handle(ChannelConflictMail, (p, e) => mailConflicts(deps, p.conflictIds, outboxMessageId(app.config.publicUrl, e)));
  const { pollMs } = app.config.channels;
  if (pollMs > 0) every(app, pollMs, 'calendar sync', () => syncDue(deps));
};
