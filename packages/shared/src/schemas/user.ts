import { z } from 'zod';
import { Email, FirstName, LastName, Mobile, UserDto } from './auth.ts';

/** Admin's edit of a user. The form uses Yes/No for isAdmin. */
export const AdminUserUpdateInput = z.object({
  firstName: FirstName,
  lastName: LastName,
  mobile: Mobile,
  email: Email,
  isAdmin: z.union([z.boolean(), z.enum(['Yes', 'No']).transform((v) => v === 'Yes')]),
});
export type AdminUserUpdateInput = z.input<typeof AdminUserUpdateInput>;

export const UsersList = z.object({ users: z.array(UserDto) });
export const SubscribeInput = z.object({ email: Email });
