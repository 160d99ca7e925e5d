import type { CancellationPolicy } from '@repo/shared/domain/cancellation';
import type { MealPlan, PlanPricing } from '@repo/shared/domain/plans';
import type { Season } from '@repo/shared/domain/rates';
import type { Queryable } from '#src/db/client.ts';
import { type PlanRow, stayPlans, staySeasonsBetween } from './rates.repository.ts';

/** The seasons of each room type of a stay with a night in [checkIn, checkOut), by room type id. */
export async function seasonsByRoomType(
  db: Queryable,
  stayId: string,
  checkIn: string,
  checkOut: string,
): Promise<Map<string, Season[]>> {
  const rows = await staySeasonsBetween(db, stayId, checkIn, checkOut);
  const byType = new Map<string, Season[]>();
  for (const { roomTypeId, id: _id, ...season } of rows) {
    const list = byType.get(roomTypeId);
    if (list) list.push(season);
    else byType.set(roomTypeId, [season]);
  }
  return byType;
}

/** A live rate plan as the prices and the pages need it (ADR 065). */
export type Plan = {
  id: string;
  roomTypeId: string;
  name: string;
  mealPlan: MealPlan;
  standard: boolean;
  /** Null: the stay's policy. */
  cancellationPolicy: CancellationPolicy | null;
  pricing: PlanPricing;
};

/** A plan row's prices: its derivation (none for the standard plan) and its occupancy. */
export function pricingOf(row: PlanRow): PlanPricing {
  return {
    derivation: row.adjustKind === null ? null : { kind: row.adjustKind, value: row.adjustValue },
    occupancy: {
      singleLess: row.singleLess,
      extraAdult: row.extraAdult,
      child: row.childPrice,
      infant: row.infantPrice,
    },
  };
}

const toPlan = (row: PlanRow): Plan => ({
  id: row.id,
  roomTypeId: row.roomTypeId,
  name: row.name,
  mealPlan: row.mealPlan,
  standard: row.standard,
  cancellationPolicy: row.cancellationPolicy ?? null,
  pricing: pricingOf(row),
});

/** The live plans of each room type of a stay, the standard plan first, by room type id. */
export async function plansByRoomType(db: Queryable, stayId: string): Promise<Map<string, Plan[]>> {
  const byType = new Map<string, Plan[]>();
  for (const row of await stayPlans(db, stayId)) {
    const plan = toPlan(row);
    const list = byType.get(row.roomTypeId);
    if (list) list.push(plan);
    else byType.set(row.roomTypeId, [plan]);
  }
  return byType;
}
