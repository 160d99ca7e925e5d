import { MEAL_PLAN_WORDS } from '@repo/shared/domain/plans';
import type { BookingDto } from '@repo/shared/schemas/booking';
import { BOOKING_COPY } from './copy';

/**
 * A booked room as the checkout and My Orders name it: its number and type, and the rate plan it was sold under with
 * its meal plan in words when it has one (ADR 065).
 */
export function roomWithPlan(r: BookingDto['rooms'][number]): string {
  if (r.plan === null || r.mealPlan === null) return `${r.number} (${r.title})`;
  return `${r.number} (${r.title} — ${BOOKING_COPY.plans.ofRoom(r.plan, MEAL_PLAN_WORDS[r.mealPlan])})`;
}
