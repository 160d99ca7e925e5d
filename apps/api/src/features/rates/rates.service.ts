import { overlappingSeason, type RoomTypeRatesDto, type SeasonDto, type SeasonInput } from '@repo/shared/schemas/room';
import { todayInIndia } from '@repo/shared/domain/dates';
import { GST_ACCOMMODATION_RATES } from '@repo/shared/domain/gst-rates';
import {
  type Derivation,
  derivedRates,
  nightPricesOf,
  type Occupancy,
  PLAN_MSG,
  planPriceProblem,
} from '@repo/shared/domain/plans';
import type { RatePlanInput } from '@repo/shared/schemas/plans';
import type { z } from 'zod';
import { AppError, conflict, fieldError, notFound } from '#src/lib/errors.ts';
import { pricingOf } from './pricing.ts';
import type { SeasonValues } from './rates.repository.ts';
import type { Deps } from '#src/platform/deps.ts';
import { RATES_MSG } from './messages.ts';
import * as repo from './rates.repository.ts';
import { inTransaction, type Tx } from '#src/db/client.ts';

/** What this feature uses. */
export type RatesDeps = Pick<Deps, 'db'>;
type Input = z.output<typeof SeasonInput>;

/** The admin's own live room type, else 404 (another admin's room type is not found either). */
async function ownRoomType({ db }: RatesDeps, ownerId: string, roomTypeId: string) {
  const found = await repo.findRoomType(db, roomTypeId);
  if (!found || found.ownerId !== ownerId) throw notFound(RATES_MSG.roomTypeNotFound);
  return found;
}

/** A room type's prices: base, weekend, minimum nights and its seasons by date. */
export async function roomTypeRates(deps: RatesDeps, ownerId: string, roomTypeId: string): Promise<RoomTypeRatesDto> {
  const { ownerId: _owner, ...roomType } = await ownRoomType(deps, ownerId, roomTypeId);
  return { roomType, seasons: await repo.seasonsOf(deps.db, roomTypeId) };
}

/**
 * Saves a season (`seasonId`: changes that one), under the room type's lock: a season that shares a night with
 * another of the room type is refused (409) and nothing changes.
 */
async function saveSeason(
  deps: RatesDeps,
  ownerId: string,
  roomTypeId: string,
  input: Input,
  seasonId?: string,
): Promise<SeasonDto> {
  const roomType = await ownRoomType(deps, ownerId, roomTypeId);
  return inTransaction(deps.db, async (tx) => {
    if (!(await repo.lockRoomType(tx, roomTypeId))) throw notFound(RATES_MSG.roomTypeNotFound);
    const seasons = await repo.seasonsOf(tx, roomTypeId);
    if (seasonId && !seasons.some((s) => s.id === seasonId)) throw notFound(RATES_MSG.seasonNotFound);
    const other = overlappingSeason(seasons, input, seasonId);
    if (other) throw conflict(RATES_MSG.overlaps(other.startsOn, other.endsOn), 'SEASON_OVERLAP');
    // Every plan of the room type must still sell each party's nights at the season's prices.
    checkDerivedPlans(
      roomType,
      [...seasons.filter((s) => s.id !== seasonId), input],
      await repo.plansOf(tx, roomTypeId),
      'price',
    );
    if (!seasonId) return repo.insertSeason(tx, roomTypeId, roomType.stayId, input);
    const saved = await repo.updateSeason(tx, roomTypeId, seasonId, input);
    if (!saved) throw notFound(RATES_MSG.seasonNotFound);
    return saved;
  });
}

export const addSeason = (deps: RatesDeps, ownerId: string, roomTypeId: string, input: Input) =>
  saveSeason(deps, ownerId, roomTypeId, input);

export const updateSeason = (deps: RatesDeps, ownerId: string, roomTypeId: string, seasonId: string, input: Input) =>
  saveSeason(deps, ownerId, roomTypeId, input, seasonId);

export async function deleteSeason(deps: RatesDeps, ownerId: string, roomTypeId: string, seasonId: string) {
  await ownRoomType(deps, ownerId, roomTypeId);
  await inTransaction(deps.db, async (tx) => {
    if (!(await repo.lockRoomType(tx, roomTypeId))) throw notFound(RATES_MSG.roomTypeNotFound);
    if (!(await repo.deleteSeason(tx, roomTypeId, seasonId))) throw notFound(RATES_MSG.seasonNotFound);
  });
}

type PlanInput = z.output<typeof RatePlanInput>;

/** A room type's live plans. */
export async function roomTypePlans(deps: RatesDeps, ownerId: string, roomTypeId: string) {
  await ownRoomType(deps, ownerId, roomTypeId);
  return { plans: await repo.plansOf(deps.db, roomTypeId) };
}

/**
 * Why a plan's prices can not be sold (ADR 065), as a 400 naming its field: a night of any party the room holds
 * (one adult up to its most people) at ₹0 or less, or at a tariff no GST slab fits (ADR 022).
 */
function checkPlanPrices(
  roomType: { price: number; weekendPrice: number | null; minNights: number; maxPeople: number },
  seasons: readonly SeasonValues[],
  plan: { derivation: Derivation | null; occupancy: Occupancy },
) {
  const rates = derivedRates({ ...roomType, seasons }, plan.derivation);
  const problem = planPriceProblem(
    nightPricesOf(rates),
    plan.occupancy,
    roomType.maxPeople,
    todayInIndia(),
    GST_ACCOMMODATION_RATES,
  );
  if (problem) throw fieldError(problem.field === 'adjustment' ? 'adjustValue' : problem.field, problem.message);
}

const planPricing = (
  input: Pick<PlanInput, 'adjustKind' | 'adjustValue' | 'singleLess' | 'extraAdult' | 'childPrice' | 'infantPrice'>,
) => ({
  derivation: input.adjustKind === null ? null : { kind: input.adjustKind, value: input.adjustValue },
  occupancy: { singleLess: input.singleLess, extraAdult: input.extraAdult, child: input.childPrice, infant: input.infantPrice },
});

/**
 * Saves a plan (`planId`: changes that one) under the room type's lock. A new plan is derived from a live plan of
 * the same room type with prices of its own (the standard plan); the standard plan keeps the room type's prices.
 * Its prices for every party are checked (checkPlanPrices). Nothing changes on a refusal.
 */
async function savePlan(deps: RatesDeps, ownerId: string, roomTypeId: string, input: PlanInput, planId?: string) {
  const roomType = await ownRoomType(deps, ownerId, roomTypeId);
  return inTransaction(deps.db, async (tx) => {
    if (!(await repo.lockRoomType(tx, roomTypeId))) throw notFound(RATES_MSG.roomTypeNotFound);
    const plans = await repo.plansOf(tx, roomTypeId);
    const editing = planId === undefined ? undefined : plans.find((p) => p.id === planId);
    if (planId !== undefined && !editing) throw notFound(PLAN_MSG.planNotFound);
    const standard = editing?.standard ?? false;
    if (standard) {
      if (input.parentId !== null || input.adjustKind !== null) throw fieldError('parentId', PLAN_MSG.standardFixed);
    } else {
      if (input.parentId === null) throw fieldError('parentId', PLAN_MSG.parentRequired);
      if (input.parentId === planId) throw fieldError('parentId', PLAN_MSG.parentSelf);
      const parent = plans.find((p) => p.id === input.parentId);
      if (!parent) throw fieldError('parentId', PLAN_MSG.parentMissing);
      if (!parent.standard) throw fieldError('parentId', PLAN_MSG.parentDerived);
    }
    const pricing = planPricing(standard ? { ...input, adjustKind: null } : input);
    checkPlanPrices(roomType, await repo.seasonsOf(tx, roomTypeId), pricing);
    const values: repo.PlanValues = {
      name: input.name,
      mealPlan: input.mealPlan,
      cancellationPolicy: input.cancellationPolicy,
      parentId: standard ? null : input.parentId,
      adjustKind: standard ? null : input.adjustKind,
      adjustValue: standard ? 0 : input.adjustValue,
      singleLess: input.singleLess,
      extraAdult: input.extraAdult,
      childPrice: input.childPrice,
      infantPrice: input.infantPrice,
    };
    if (!planId) return repo.insertPlan(tx, roomTypeId, roomType.stayId, values);
    const saved = await repo.updatePlan(tx, roomTypeId, planId, values);
    if (!saved) throw notFound(PLAN_MSG.planNotFound);
    return saved;
  });
}

export const addPlan = (deps: RatesDeps, ownerId: string, roomTypeId: string, input: PlanInput) =>
  savePlan(deps, ownerId, roomTypeId, input);

export const updatePlan = (deps: RatesDeps, ownerId: string, roomTypeId: string, planId: string, input: PlanInput) =>
  savePlan(deps, ownerId, roomTypeId, input, planId);

/** Deletes a plan (archived: bookings sold under it keep it). The standard plan stays. */
export async function deletePlan(deps: RatesDeps, ownerId: string, roomTypeId: string, planId: string) {
  await ownRoomType(deps, ownerId, roomTypeId);
  await inTransaction(deps.db, async (tx) => {
    if (!(await repo.lockRoomType(tx, roomTypeId))) throw notFound(RATES_MSG.roomTypeNotFound);
    const plans = await repo.plansOf(tx, roomTypeId);
    const plan = plans.find((p) => p.id === planId);
    if (!plan) throw notFound(PLAN_MSG.planNotFound);
    if (plan.standard) throw conflict(PLAN_MSG.standardKept, 'STANDARD_PLAN');
    if (!(await repo.archivePlan(tx, roomTypeId, planId))) throw notFound(PLAN_MSG.planNotFound);
  });
}

/**
 * The room type's derived plans checked against prices about to be saved (a season, or the room type's own): each
 * must still give every party a sellable night, else a 400 naming `field` and the plan.
 */
export function checkDerivedPlans(
  roomType: { price: number; weekendPrice: number | null; minNights: number; maxPeople: number },
  seasons: readonly SeasonValues[],
  plans: readonly repo.PlanRow[],
  field: string,
) {
  for (const p of plans) {
    try {
      checkPlanPrices(roomType, seasons, pricingOf(p));
    } catch (err) {
      if (err instanceof AppError) throw fieldError(field, `${p.name}: ${err.message}`);
      throw err;
    }
  }
}

/**
 * After a room type's own prices or its most people changed (in the caller's transaction): every plan of it must
 * still sell each party's nights, else a 400 on `price` naming the plan (the transaction then changes nothing).
 */
export async function checkRoomTypePlans(tx: Tx, roomTypeId: string) {
  const roomType = await repo.findRoomType(tx, roomTypeId);
  if (!roomType) return;
  checkDerivedPlans(roomType, await repo.seasonsOf(tx, roomTypeId), await repo.plansOf(tx, roomTypeId), 'price');
}
