// What other features may use of the auth feature.
export { countActiveAdmins, countActivePlatforms, lockAdminSet } from './auth.repository.ts';
export type { AuthUser } from './auth-user.ts';
export { addConfirmation } from './auth.service.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { toUserDto } from './user-dto.ts';
