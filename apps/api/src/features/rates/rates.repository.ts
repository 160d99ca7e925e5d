import { and, asc, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '#src/db/client.ts';
import { ratePlans, roomTypeRates, roomTypes, stays } from '#src/db/schema/index.ts';

export type SeasonRow = typeof roomTypeRates.$inferSelect;
export type SeasonValues = Pick<SeasonRow, 'startsOn' | 'endsOn' | 'price' | 'weekendPrice' | 'minNights'>;

const seasonColumns = {
  id: roomTypeRates.id,
  startsOn: roomTypeRates.startsOn,
  endsOn: roomTypeRates.endsOn,
  price: roomTypeRates.price,
  weekendPrice: roomTypeRates.weekendPrice,
  minNights: roomTypeRates.minNights,
};

/** A live room type of a live stay, with its stay's owner and name. */
export async function findRoomType(db: Queryable, roomTypeId: string) {
  const [row] = await db
    .select({
      id: roomTypes.id,
      stayId: roomTypes.stayId,
      stayName: stays.name,
      ownerId: stays.ownerId,
      title: roomTypes.title,
      price: roomTypes.price,
      weekendPrice: roomTypes.weekendPrice,
      minNights: roomTypes.minNights,
      maxPeople: roomTypes.maxPeople,
    })
    .from(roomTypes)
    .innerJoin(stays, eq(stays.id, roomTypes.stayId))
    .where(and(eq(roomTypes.id, roomTypeId), isNull(roomTypes.archivedAt), isNull(stays.archivedAt)));
  return row;
}

/**
 * Locks a live room type's row for the transaction (seasons of one room type are saved one at a time). The lock is
 * taken by an update that changes nothing, so the database's change notice on room_types (migration 0002) tells
 * every process to forget the stay's kept answers once the season commits.
 */
export async function lockRoomType(tx: Tx, roomTypeId: string): Promise<boolean> {
  const rows = await tx
    .update(roomTypes)
    .set({ minNights: sql`${roomTypes.minNights}` })
    .where(and(eq(roomTypes.id, roomTypeId), isNull(roomTypes.archivedAt)))
    .returning({ id: roomTypes.id });
  return rows.length > 0;
}

/** A room type's seasons, by date. */
export function seasonsOf(db: Queryable, roomTypeId: string) {
  return db
    .select(seasonColumns)
    .from(roomTypeRates)
    .where(eq(roomTypeRates.roomTypeId, roomTypeId))
    .orderBy(asc(roomTypeRates.startsOn));
}

/** The seasons of a stay's room types with a night in [checkIn, checkOut) (index room_type_rates_stay_idx). */
export function staySeasonsBetween(db: Queryable, stayId: string, checkIn: string, checkOut: string) {
  return db
    .select({ ...seasonColumns, roomTypeId: roomTypeRates.roomTypeId })
    .from(roomTypeRates)
    .where(and(eq(roomTypeRates.stayId, stayId), lt(roomTypeRates.startsOn, checkOut), gte(roomTypeRates.endsOn, checkIn)));
}

export async function insertSeason(db: Queryable, roomTypeId: string, stayId: string, values: SeasonValues) {
  const [row] = await db
    .insert(roomTypeRates)
    .values({ ...values, roomTypeId, stayId })
    .returning(seasonColumns);
  if (!row) throw new Error('season not inserted');
  return row;
}

export async function updateSeason(db: Queryable, roomTypeId: string, seasonId: string, values: SeasonValues) {
  const rows = await db
    .update(roomTypeRates)
    .set(values)
    .where(and(eq(roomTypeRates.id, seasonId), eq(roomTypeRates.roomTypeId, roomTypeId)))
    .returning(seasonColumns);
  return rows[0];
}

export async function deleteSeason(db: Queryable, roomTypeId: string, seasonId: string): Promise<boolean> {
  const rows = await db
    .delete(roomTypeRates)
    .where(and(eq(roomTypeRates.id, seasonId), eq(roomTypeRates.roomTypeId, roomTypeId)))
    .returning({ id: roomTypeRates.id });
  return rows.length > 0;
}

export type PlanValues = Omit<
  typeof ratePlans.$inferSelect,
  'id' | 'roomTypeId' | 'stayId' | 'standard' | 'archivedAt' | 'createdAt'
>;

const planColumns = {
  id: ratePlans.id,
  roomTypeId: ratePlans.roomTypeId,
  name: ratePlans.name,
  mealPlan: ratePlans.mealPlan,
  standard: ratePlans.standard,
  cancellationPolicy: ratePlans.cancellationPolicy,
  parentId: ratePlans.parentId,
  adjustKind: ratePlans.adjustKind,
  adjustValue: ratePlans.adjustValue,
  singleLess: ratePlans.singleLess,
  extraAdult: ratePlans.extraAdult,
  childPrice: ratePlans.childPrice,
  infantPrice: ratePlans.infantPrice,
};

export type PlanRow = Awaited<ReturnType<typeof plansOf>>[number];

/** A room type's live plans, the standard plan first, then by when they were made. */
export function plansOf(db: Queryable, roomTypeId: string) {
  return db
    .select(planColumns)
    .from(ratePlans)
    .where(and(eq(ratePlans.roomTypeId, roomTypeId), isNull(ratePlans.archivedAt)))
    .orderBy(desc(ratePlans.standard), asc(ratePlans.createdAt), asc(ratePlans.id));
}

/** The live plans of a stay's room types, the standard plan of each first. */
export function stayPlans(db: Queryable, stayId: string) {
  return db
    .select(planColumns)
    .from(ratePlans)
    .where(and(eq(ratePlans.stayId, stayId), isNull(ratePlans.archivedAt)))
    .orderBy(desc(ratePlans.standard), asc(ratePlans.createdAt), asc(ratePlans.id));
}

export async function insertPlan(db: Queryable, roomTypeId: string, stayId: string, values: PlanValues) {
  const [row] = await db
    .insert(ratePlans)
    .values({ ...values, roomTypeId, stayId, standard: false })
    .returning(planColumns);
  if (!row) throw new Error('plan not inserted');
  return row;
}

export async function updatePlan(db: Queryable, roomTypeId: string, planId: string, values: PlanValues) {
  const rows = await db
    .update(ratePlans)
    .set(values)
    .where(and(eq(ratePlans.id, planId), eq(ratePlans.roomTypeId, roomTypeId), isNull(ratePlans.archivedAt)))
    .returning(planColumns);
  return rows[0];
}

/** Archives a plan (bookings keep pointing at it); its derived plans must be gone first. */
export async function archivePlan(db: Queryable, roomTypeId: string, planId: string): Promise<boolean> {
  const rows = await db
    .update(ratePlans)
    .set({ archivedAt: new Date() })
    .where(and(eq(ratePlans.id, planId), eq(ratePlans.roomTypeId, roomTypeId), isNull(ratePlans.archivedAt)))
    .returning({ id: ratePlans.id });
  return rows.length > 0;
}
