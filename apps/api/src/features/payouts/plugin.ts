import type { FastifyPluginAsync } from 'fastify';
import { registerAdminRoutes } from '#src/lib/admin-scope.ts';
import { outboxMessageId } from '#src/platform/mail.ts';
import { every } from '#src/platform/schedule.ts';
import adminPayouts from './admin-payouts.routes.ts';
import { mailCompensationUnclaimed } from './compensation-payouts.ts';
import { CompensationUnclaimedAlert } from './events.ts';
import platformPayouts from './platform-payouts.routes.ts';
import { runPayouts } from './run.ts';
import webhook from './webhook.routes.ts';

/**
 * Owners get paid (ADR 032): settlements, payouts through the gateway, fee invoices and reports. Its run (settle,
 * invoice the fee, pay) goes hourly when `payoutRunMs` is set (off in tests: they run it on demand). The webhook also
 * ends the payout links that pay guests what a stay owes them for its own cancel, and one that ends unpaid is told
 * to the platform's admins (ADR 053).
 */
export const payoutsPlugin: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  deps.outbox.handle(CompensationUnclaimedAlert, (p, e) =>
    mailCompensationUnclaimed(deps, p.compensationId, outboxMessageId(app.config.publicUrl, e)),
  );
  await app.register(webhook, { prefix: '/payouts' });
  await registerAdminRoutes(app, adminPayouts, platformPayouts);
  if (app.config.payoutRunMs > 0) every(app, app.config.payoutRunMs, 'settling and paying owners', () => runPayouts(deps));
};
