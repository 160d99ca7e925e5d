import { z } from 'zod';
import { API_MSG } from '../constants/messages.ts';
import { Email, FirstName, LastName, Mobile, UserDto } from './auth.ts';

const yesNo = z.union([z.boolean(), z.enum(['Yes', 'No']).transform((v) => v === 'Yes')]);

/**
 * The platform's edit of a user. The form uses Yes/No for isAdmin and isPlatform; isPlatform left out keeps the
 * user's platform role (ADR 023), and only an admin can hold it.
 */
export const AdminUserUpdateInput = z
  .object({
    firstName: FirstName,
    lastName: LastName,
    mobile: Mobile,
    email: Email,
    isAdmin: yesNo,
    isPlatform: yesNo.optional(),
  })
  .refine((v) => !v.isPlatform || v.isAdmin, { path: ['isPlatform'], error: API_MSG.platformNeedsAdmin });
export type AdminUserUpdateInput = z.input<typeof AdminUserUpdateInput>;

export const UsersList = z.object({ users: z.array(UserDto) });
export const SubscribeInput = z.object({ email: Email });
