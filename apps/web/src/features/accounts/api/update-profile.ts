import type { ProfileDto, ProfileUpdateInput } from '@repo/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type UpdateProfileResult = { user: ProfileDto; message: string };

/** Changes the signed-in guest's own details (PATCH /api/me); only the fields sent change. */
export function updateProfile(body: ProfileUpdateInput): Promise<UpdateProfileResult> {
  return api<UpdateProfileResult>('/me', { method: 'PATCH', body, auth: 'guest' });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
