// The password check that sign-in, step-up, the second step and the passkey and password routes share: the
// rate-limit slots taken before any hash, and given back when the hash itself fails (docs/security.md#limits,
// docs/security.md#hashing). A module of its own so that routes/sessions.ts and routes/secondStep.ts, which
// call each other's flows, do not import each other.
import type { FastifyRequest } from 'fastify';
import type { HashPlace } from '../account/passwords.ts';
import { audit } from '../platform/audit.ts';
import { refund, take, type Slot } from '../platform/rateLimits.ts';
import type { Services } from '../services.ts';

/**
 * Takes the slots of a password attempt before any hash (docs/security.md#limits); a refusal is an audit
 * event of its own.
 */
export async function takePasswordSlots(
  s: Services,
  request: FastifyRequest,
  slots: Slot[],
  accountId: string | undefined,
  realm: 'applicant' | 'staff' = 'applicant',
): Promise<void> {
  try {
    await take(s.db, s.clock, slots);
  } catch (error) {
    audit(request, 'sign-in.limited', { accountId }, realm);
    throw error;
  }
}

/**
 * Checks a password in the hashing place the request reserved before its first query (docs/security.md#hashing);
 * a failure there gives the rate-limit slots back.
 */
export async function checkPassword(
  s: Services,
  place: HashPlace,
  slots: Slot[],
  password: string,
  passwordHash: string,
): Promise<boolean> {
  try {
    return await place.verify(password, passwordHash);
  } catch (error) {
    await refund(s.db, s.clock, slots);
    throw error;
  }
}
