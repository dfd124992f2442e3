// Sign in, sign out, the current session (docs/behaviour.md#session session states, docs/behaviour.md#error-catalogue errors).
import { findAccount } from '../account/accounts.ts';
import { createSessionIfUnchanged, revokeSession } from '../account/sessions.ts';
import { audit } from '../platform/audit.ts';
import { confirmedUntil } from '../account/confirmation.ts';
import { problems } from '../platform/problem.ts';
import {
  clientKey,
  passwordSlots,
  refund,
  reset,
  signInAttemptSlot,
  type Slot,
} from '../platform/rateLimits.ts';
import {
  clearSessionCookie,
  lookupSession,
  sessionCookieOf,
  setSessionCookie,
  type Handlers,
  type Services,
  type SessionLookup,
} from '../services.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HashPlace } from '../account/passwords.ts';
import type { components } from '@pre-admission/api/schema';
import { lacksRequiredSecondFactor, secondFactorsOf } from '../account/secondFactors.ts';
import { startSecondStepIfAny } from './secondStep.ts';
import { checkPassword, takePasswordSlots } from './passwordChecks.ts';

/**
 * The body of GET and POST sessions/current: the applicant, and when the session ends as the server counts
 * it, with how long is left (a client whose clock is off counts from that) and the settings the warning
 * needs (docs/behaviour.md#session, docs/security.md#session-timeout).
 */
export async function currentSession(s: Services, session: SessionLookup) {
  if (session.state === 'none') throw problems.noSession(401);
  if (session.state === 'invalid') throw problems.sessionRevoked();
  // REQUIRE_SECOND_FACTOR: the app sends an account without one to add one (docs/security.md#second-factor).
  const secondFactorRequired =
    s.config.requireSecondFactor &&
    lacksRequiredSecondFactor(s.config, await secondFactorsOf(s.db, session.account.id));
  const { expiresAt, absoluteExpiresAt } = session.times;
  return {
    email: session.account.email,
    expiresAt: expiresAt.toISOString(),
    absoluteExpiresAt: absoluteExpiresAt.toISOString(),
    expiresInSeconds: Math.max(0, Math.floor((expiresAt.getTime() - s.clock.now().getTime()) / 1000)),
    idleTimeoutSeconds: Math.floor(s.config.lifetimes.sessionIdle / 1000),
    warningSeconds: Math.floor(s.config.sessionWarning / 1000),
    confirmedUntil: confirmedUntil(s, session).toISOString(),
    secondFactorRequired,
  };
}

export function sessionHandlers(
  s: Services,
): Handlers<'signIn' | 'signOut' | 'getCurrentSession' | 'extendSession'> {
  const { db, clock, config } = s;
  /** The sign-in itself, once a hashing place is held. */
  async function signInWith(
    request: FastifyRequest,
    reply: FastifyReply,
    place: HashPlace,
    email: string,
    password: string,
  ): Promise<components['schemas']['SessionStatus']> {
    const account = await findAccount(db, email);
    // The attempt slot stays taken whatever the outcome: right passwords count toward the client's ceiling.
    const slots = [
      ...passwordSlots(config.limits, request.ip, account?.email),
      signInAttemptSlot(config.limits, request.ip),
    ];
    await takePasswordSlots(s, request, slots, account?.id);
    if (!account) {
      audit(request, 'sign-in.failed', { reason: 'unknown-account' });
      throw problems.accountNotFound();
    }
    if (!(await checkPassword(s, place, slots, password, account.passwordHash))) {
      audit(request, 'sign-in.failed', { accountId: account.id, reason: 'wrong-password' });
      throw problems.wrongPassword(403);
    }
    // With a second factor the right password starts the second step, not a session
    // (docs/security.md#second-factor).
    const secondStep = await startSecondStepIfAny(s, request, reply, account, slots.slice(0, 3));
    if (secondStep) return secondStep;
    // The credential version read before the hash is checked by the statement that creates the
    // session: a password changed meanwhile means no session (docs/security.md#credential-version).
    const sessionId = await createSessionIfUnchanged(db, s, account.id, account.credentialVersion);
    const [client, pair, ceiling] = slots as [Slot, Slot, Slot];
    await refund(db, clock, [client, ceiling]);
    if (!sessionId) {
      await refund(db, clock, [pair]);
      audit(request, 'sign-in.failed', { accountId: account.id, reason: 'credentials-changed' });
      throw problems.wrongPassword(403);
    }
    // The owner's own failures from this client are forgiven; others' are not.
    await reset(db, pair.key);
    // A new id at every sign-in; the session the browser held before (if any) ends (no fixation).
    const previous = sessionCookieOf(s, request);
    if (previous) await revokeSession(db, s, previous);
    setSessionCookie(s, request, reply, sessionId);
    audit(request, 'sign-in.succeeded', { accountId: account.id });
    return { signedIn: true, email: account.email };
  }

  return {
    async signIn(request, reply) {
      const { email, password } = request.body;
      // A full hashing queue refuses before any query; the place is held until the sign-in ends, one per
      // client and per account at a time: a further one waits in their line (docs/security.md#hashing).
      const place = await s.passwords.admit({ client: clientKey(request.ip), account: email });
      try {
        return await signInWith(request, reply, place, email, password);
      } finally {
        place.release();
      }
    },

    async signOut(request, reply) {
      const session = await lookupSession(s, request, { extend: false });
      if (session.state !== 'none') await revokeSession(db, s, session.sessionId);
      clearSessionCookie(s, request, reply);
      audit(request, 'sign-out', { accountId: session.state === 'valid' ? session.account.id : undefined });
      return reply.code(204).send();
    },

    // The app's own check, at start, on focus and every few minutes: it reads, it never extends.
    async getCurrentSession(request) {
      return currentSession(s, await lookupSession(s, request, { extend: false }));
    },

    // "Stay signed in", and the app's check when the applicant opens a page: the applicant is there.
    async extendSession(request) {
      return currentSession(s, await lookupSession(s, request, { extend: true }));
    },
  };
}
