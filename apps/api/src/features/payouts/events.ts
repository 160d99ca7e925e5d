import { z } from 'zod';
import { outboxEvent } from '#src/platform/events.ts';

/**
 * A guest's compensation payout link ended unclaimed: cancelled, expired or rejected (compensation-payouts.ts,
 * ADR 053). The platform's admins are told to pay it another way (compensation-payouts.ts).
 */
export const CompensationUnclaimedAlert = outboxEvent('mail.compensation-unclaimed', z.object({ compensationId: z.uuid() }));
