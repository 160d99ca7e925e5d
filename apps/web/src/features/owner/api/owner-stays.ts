import type { StayDto } from '@repo/shared/schemas/stay';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** All of this admin's stays (GET /api/admin/stays), for the reservations' stay filter. */
export const useOwnerStays = () =>
  useQuery({
    queryKey: queryKeys.admin.stays.list('all'),
    queryFn: ({ signal }) => api<{ stays: StayDto[] }>('/admin/stays', { auth: 'admin', signal }).then((r) => r.stays),
  });
