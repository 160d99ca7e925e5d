// The auth feature's public entry: its plugins (app.ts) and what other features may use.
export { type AuthUser, authUser, ownerOf } from './auth-user.ts';
export {
  countActiveAdmins,
  countActivePlatforms,
  findUserByEmail,
  findUserById,
  insertUser,
  lockAdminSet,
  lockLiveUser,
  revokeAdminSessions,
  type UserRow,
} from './auth.repository.ts';
export { confirmNewEmail } from './auth.service.ts';
export { authenticationPlugin } from './authentication.ts';
export { type ConfirmMailLimit, confirmMailLimit } from './confirm-limits.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { authPlugin } from './plugin.ts';
export { reissueToken } from './session-token.ts';
export { toUserDto } from './user-dto.ts';
