import type { Queryable } from '#src/db/client.ts';
import { type IndexStayRow, indexNights, indexPlans, indexSeasons, indexTypes } from '../search.repository.ts';
import { type City, DAY_MS, type KeptPlan, type OwnNights, type Season, type TypeRow, toNumber } from './columns.ts';

/** The list of `key` in `map`, made empty the first time. */
function listIn<T>(map: Map<string, T[]>, key: string): T[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  return list;
}

/**
 * Reads `rows`' live room types (largest first), their seasons and plans and their rooms' blocking nights from the city's first
 * night kept, and adds each stay to the city (`added` told of each, in order).
 */
export async function readStays(db: Queryable, index: City, rows: IndexStayRow[], added: (stayId: string) => void) {
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  const fromIso = new Date(index.fromDay * DAY_MS).toISOString().slice(0, 10);
  const [types, seasons, plans, nights] = await Promise.all([
    indexTypes(db, ids),
    indexSeasons(db, ids),
    indexPlans(db, ids),
    indexNights(db, ids, fromIso),
  ]);
  const plansOf = new Map<string, KeptPlan[]>();
  for (const p of plans)
    listIn(plansOf, p.room_type_id).push({
      derivation: p.adjust_kind === null ? null : { kind: p.adjust_kind, value: p.adjust_value },
      occupancy: { singleLess: p.single_less, extraAdult: p.extra_adult, child: p.child_price, infant: p.infant_price },
    });
  const seasonsOf = new Map<string, Season[]>();
  for (const s of seasons) {
    listIn(seasonsOf, s.room_type_id).push({
      from: Number(s.starts_day),
      to: Number(s.ends_day),
      price: Number(s.price),
      weekendPrice: toNumber(s.weekend_price),
      minNights: toNumber(s.min_nights),
    });
  }
  const typesOf = new Map<string, TypeRow[]>();
  for (const t of types) listIn(typesOf, t.stay_id).push(t);
  const nightsOf = new Map(nights.map((n) => [n.stay_id, n]));
  for (const r of rows) {
    const n = nightsOf.get(r.id);
    const own: OwnNights = {
      day: Int32Array.from(n?.days ?? [], Number),
      pair: Int32Array.from(n?.pairs ?? [], Number),
      type: Int32Array.from(n?.types ?? [], Number),
      until: Float64Array.from(n?.until ?? [], Number),
    };
    index.add(r, typesOf.get(r.id) ?? [], seasonsOf, plansOf, own);
    added(r.id);
  }
}
