import type { Audience } from '@repo/shared/constants/domain';
import { TokenClaims } from '@repo/shared/schemas/auth';
import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;
const ISSUER = 'staybook';

export type TokenUser = { id: string; firstName: string; lastName: string; email: string; mobile: string };

/** Signs a login token (HS256) carrying the spec's user fields and the revocable session id. */
export async function signToken(secret: string, user: TokenUser, sessionId: string, audience: Audience, ttl = TOKEN_TTL_SECONDS) {
  return new SignJWT({
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    mobile: user.mobile,
    sid: sessionId,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(`${ttl}s`)
    .sign(await keyOf(secret));
}

const keys = new Map<string, Promise<webcrypto.CryptoKey>>();
/** The HS256 key of a secret, imported once (jose would import raw key bytes again on every call). */
function keyOf(secret: string): Promise<webcrypto.CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

/** Verifies signature, issuer, audience and expiry; returns the claims or null. */
export async function verifyToken(secret: string, token: string, audience: Audience): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      issuer: ISSUER,
      audience,
      algorithms: ['HS256'],
    });
    const parsed = TokenClaims.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch (err) {
    if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
    throw err;
  }
}
