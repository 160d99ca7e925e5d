import type { Audience } from '@repo/shared/constants/domain';
import type { Queryable } from '#src/db/client.ts';
import { sessionExpiry } from './auth.repository.ts';
import { signToken, type TokenUser } from './tokens.ts';

/**
 * A new token for the same session carrying the user's current details (after a profile edit the
 * decoded token shows the new name and email). It expires with the session.
 */
export async function reissueToken(db: Queryable, secret: string, user: TokenUser, sessionId: string, audience: Audience) {
  const expiresAt = await sessionExpiry(db, sessionId);
  const ttl = Math.max(1, Math.floor(((expiresAt?.getTime() ?? Date.now()) - Date.now()) / 1000));
  return signToken(secret, user, sessionId, audience, ttl);
}
