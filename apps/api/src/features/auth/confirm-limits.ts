import { API_MSG } from '@repo/shared/constants/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Counts one confirmation mail to `address` and refuses it (429, nothing sent) past the quota of any window. */
export type ConfirmMailLimit = (request: FastifyRequest, reply: FastifyReply, address: string) => Promise<void>;

/**
 * The confirmation mails one address may be sent (ADR 045), however they are asked for: a new email in My Profile or
 * "send the link again". One counter per window and address, shared by every route that mails a link (and through
 * Redis by every process).
 */
export function confirmMailLimit(app: FastifyInstance): ConfirmMailLimit {
  const windows = app.config.rateLimits.confirmMailsPerAddress.map((limit) =>
    app.accountLimit(`confirm-mail-to-${limit.timeWindow}`, limit, undefined, API_MSG.confirmMailsTooMany),
  );
  return async (request, reply, address) => {
    for (const window of windows) await window.take(request, reply, address);
  };
}
