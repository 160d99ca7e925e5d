import type { Season } from '@repo/shared/domain/rates';
import type { Queryable } from '#src/db/client.ts';
import { staySeasonsBetween } from './rates.repository.ts';

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
