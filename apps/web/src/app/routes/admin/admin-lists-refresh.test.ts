import { describe, expect, it } from 'vitest';
import { getUsersQueryOptions } from '@/features/admin-users/api/get-users';
import { getAdminRoomsQueryOptions } from '@/features/rooms/api/get-admin-rooms';
import { getAdminStaysQueryOptions } from '@/features/stays/api/admin-get-stays';
import { ADMIN_LIST_REFRESH_MS } from '@/lib/query-timing';

describe('admin lists', () => {
  it('refresh on their own every 10 s', () => {
    expect(ADMIN_LIST_REFRESH_MS).toBe(10_000);
    for (const options of [getUsersQueryOptions(), getAdminStaysQueryOptions('Hotel'), getAdminRoomsQueryOptions('s1')]) {
      expect(options.refetchInterval).toBe(ADMIN_LIST_REFRESH_MS);
    }
  });
});
