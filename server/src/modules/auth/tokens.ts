import { createHash, randomBytes } from 'node:crypto';

/** Opaque bearer token: 32 random bytes, base64url. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A real token is 43 characters; anything far off is rejected before touching the database. */
export function plausibleToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && token.length >= 20 && token.length <= 200 && /^[A-Za-z0-9_-]+$/.test(token);
}
