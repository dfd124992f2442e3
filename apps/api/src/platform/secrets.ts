// Tokens and session ids: 256 random bits, base64url; only their SHA-256 is stored, so a database leak
// does not hand out working links or sessions.
import { hash, randomBytes } from 'node:crypto';

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  // One call (no Hash object): the session check hashes the cookie on every request.
  return hash('sha256', secret, 'hex');
}
