import type { StayDto } from '@repo/shared/schemas/stay';
import type {
  StaffAcceptInput,
  StaffActionsResult,
  StaffInviteInput,
  StaffInviteView,
  StaffList,
  StaffMemberDto,
  StaffUpdateInput,
} from '@repo/shared/schemas/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type Saved = { member: StaffMemberDto; message: string };

/** The owner's invitations and staff (GET /api/admin/staff). */
export const useStaff = () =>
  useQuery({
    queryKey: queryKeys.admin.staff.list(),
    queryFn: ({ signal }) => api<StaffList>('/admin/staff', { auth: 'admin', signal }),
    select: (data) => data.members,
  });

/** The owner's stays to choose from (every type). */
export const useOwnStays = () =>
  useQuery({
    queryKey: queryKeys.admin.stays.list('all'),
    queryFn: ({ signal }) => api<{ stays: StayDto[] }>('/admin/stays', { auth: 'admin', signal }),
    select: (data) => data.stays,
  });

const useStaffMutation = <I>(call: (input: I) => Promise<unknown>) => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.admin.staff.all }) });
};

export const useInviteStaff = () =>
  useStaffMutation((body: StaffInviteInput) => api<Saved>('/admin/staff', { method: 'POST', auth: 'admin', body }));

export const useUpdateStaff = () =>
  useStaffMutation(({ id, ...body }: StaffUpdateInput & { id: string }) =>
    api<Saved>(`/admin/staff/${id}`, { method: 'PUT', auth: 'admin', body }),
  );

export const useRemoveStaff = () =>
  useStaffMutation((id: string) => api<{ message: string }>(`/admin/staff/${id}`, { method: 'DELETE', auth: 'admin' }));

/** The newest things the owner's staff did. */
export const useStaffActions = () =>
  useQuery({
    queryKey: queryKeys.admin.staff.actions(),
    queryFn: ({ signal }) => api<StaffActionsResult>('/admin/staff/actions', { auth: 'admin', signal }),
    select: (data) => data.actions,
  });

/** What staff did on one booking. */
export const useBookingActions = (bookingId: string) =>
  useQuery({
    queryKey: queryKeys.admin.staff.ofBooking(bookingId),
    queryFn: ({ signal }) => api<StaffActionsResult>(`/admin/reservations/${bookingId}/actions`, { auth: 'admin', signal }),
    select: (data) => data.actions,
  });

/** An invitation link's details (no sign-in). */
export const useInviteView = (id: string, token: string) =>
  useQuery({
    queryKey: queryKeys.staffInvite(id, token),
    queryFn: ({ signal }) => api<StaffInviteView>(`/staff-invites/${id}/${token}`, { signal }),
    retry: false,
  });

export const useAcceptInvite = (id: string, token: string) =>
  useMutation({
    mutationFn: (body: StaffAcceptInput) =>
      api<{ message: string }>(`/staff-invites/${id}/${token}/accept`, { method: 'POST', body }),
  });
