import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

const q = { city: 'goa', checkIn: '2026-03-01', checkOut: '2026-03-03', adults: 2, children: 0, rooms: 1 } as never;

/** Each group's prefix with one key of every kind it builds. */
const groups: [QueryKey, QueryKey[]][] = [
  [queryKeys.me.all, [queryKeys.me.session('u1')]],
  [queryKeys.admin.me.all, [queryKeys.admin.me.session('u1')]],
  [
    queryKeys.stays.all,
    [
      queryKeys.stays.search(q),
      queryKeys.stays.detail('s1'),
      queryKeys.stays.featured(),
      queryKeys.stays.countByCity(['goa', 'delhi']),
      queryKeys.stays.countByType(['Hotel']),
    ],
  ],
  [queryKeys.roomTypes.all, [queryKeys.roomTypes.forDates('s1', '2026-03-01', '2026-03-03')]],
  [queryKeys.myBookings.all, [queryKeys.myBookings.all]],
  [
    queryKeys.admin.stays.all,
    [queryKeys.admin.stays.list('Hotel'), queryKeys.admin.stays.types(), queryKeys.admin.stays.detail('s1')],
  ],
  [queryKeys.admin.rooms.all, [queryKeys.admin.rooms.ofStay('s1')]],
  [
    queryKeys.admin.owner.all,
    [
      queryKeys.admin.owner.reservations({ page: 1 }),
      queryKeys.admin.owner.reservation('b1'),
      queryKeys.admin.owner.occupancy('s1', '2026-03'),
      queryKeys.admin.owner.figures('s1'),
    ],
  ],
  [queryKeys.admin.users.all, [queryKeys.admin.users.list(), queryKeys.admin.users.detail('u1')]],
  [
    queryKeys.admin.staff.all,
    [queryKeys.admin.staff.list(), queryKeys.admin.staff.actions(), queryKeys.admin.staff.ofBooking('b1')],
  ],
];

describe('queryKeys', () => {
  it('puts every key of a group under its prefix, so invalidating the group refreshes them all', () => {
    for (const [all, keys] of groups) {
      for (const key of keys) expect(partialMatchKey(key, all), JSON.stringify(key)).toBe(true);
    }
  });

  it('keeps the groups apart: invalidating one group refreshes nothing of another', () => {
    for (const [all] of groups) {
      for (const [other, keys] of groups) {
        if (other === all) continue;
        for (const key of keys)
          expect(partialMatchKey(key, all), `${JSON.stringify(key)} under ${JSON.stringify(all)}`).toBe(false);
      }
    }
  });

  it('tells apart the queries of different arguments', () => {
    expect(queryKeys.stays.detail('a')).not.toEqual(queryKeys.stays.detail('b'));
    expect(queryKeys.admin.rooms.ofStay('a')).not.toEqual(queryKeys.admin.rooms.ofStay('b'));
    expect(queryKeys.roomTypes.forDates('s', '2026-03-01', '2026-03-02')).not.toEqual(
      queryKeys.roomTypes.forDates('s', '2026-03-01', '2026-03-03'),
    );
    expect(queryKeys.verifyReset('guest', 'u', 't')).not.toEqual(queryKeys.verifyReset('admin', 'u', 't'));
  });
});
