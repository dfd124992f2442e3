// Tokens and session ids: 256 random bits, base64url; only their SHA-256 is stored, so a database leak
// does not hand out working links or sessions.
import { createHash, randomBytes } from 'node:crypto';

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
