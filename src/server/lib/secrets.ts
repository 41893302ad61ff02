import { createHash, randomBytes } from 'node:crypto';

/** A secret for a cookie or an emailed link: 256 random bits, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as their hash, so a copy of the database grants nothing. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
