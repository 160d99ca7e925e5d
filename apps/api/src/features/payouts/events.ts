import { z } from 'zod';
import { outboxEvent } from '#src/platform/events.ts';

/**
 * A stay cancelled a booking itself and owes its guest a compensation (bookings' cancel.service, ADR 053): the
 * platform pays it by payout link (compensation-payouts.ts).
 */
export const CompensationOwed = outboxEvent('compensation.payout', z.object({ compensationId: z.uuid() }));
