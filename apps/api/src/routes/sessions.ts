// Sign in, sign out, the current session (docs/behaviour.md#session session states, docs/behaviour.md#error-catalogue errors).
import { findAccount, recordSignIn, type Account } from '../account/accounts.ts';
import { hashPassword, type HashPlace } from '../account/passwords.ts';
import { applicantRealm, type Realm } from '../account/realm.ts';
import { revokeSession, sessionsIn } from '../account/sessions.ts';
import { audit, type AuditFields } from '../platform/audit.ts';
import { confirmedUntil } from '../account/confirmation.ts';
import type { Queryable } from '../platform/db.ts';
import { problems } from '../platform/problem.ts';
import { newSecret } from '../platform/secrets.ts';
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
  requestLocale,
  sessionCookiesIn,
  type Handlers,
  type Services,
  type SessionLookup,
} from '../services.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '@pre-admission/api/schema';
import { lacksRequiredSecondFactor, secondFactorsOf } from '../account/secondFactors.ts';
import { startSecondStepIfAny } from './secondStep.ts';
import { checkPassword, takePasswordSlots } from './passwordChecks.ts';

/** When the session ends as the server counts it (docs/security.md#session-timeout), in either realm. */
export function sessionTimes(s: Services, realm: Realm, session: Extract<SessionLookup, { state: 'valid' }>) {
  const { expiresAt, absoluteExpiresAt } = session.times;
  const idle = realm.lifetimes(s.config).sessionIdle;
  return {
    expiresAt: expiresAt.toISOString(),
    absoluteExpiresAt: absoluteExpiresAt.toISOString(),
    expiresInSeconds: Math.max(0, Math.floor((expiresAt.getTime() - s.clock.now().getTime()) / 1000)),
    idleTimeoutSeconds: Math.floor(idle / 1000),
    // SESSION_WARNING_SECONDS (shorter than the applicant's idle time: config.ts); a staff session, whose idle
    // time may be shorter still, warns at half of it when that is sooner.
    warningSeconds: Math.floor(
      (realm === applicantRealm ? s.config.sessionWarning : Math.min(s.config.sessionWarning, idle / 2)) /
        1000,
    ),
    confirmedUntil: confirmedUntil(s, session).toISOString(),
  };
}

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
  return {
    email: session.account.email,
    ...sessionTimes(s, applicantRealm, session),
    secondFactorRequired,
  };
}

/** How a password sign-in finds its account and answers an unknown one, per realm. */
export interface PasswordSignIn {
  realm: Realm;
  find: (db: Queryable, email: string) => Promise<Account | undefined>;
  /**
   * An unknown address. The applicant's sign-in says so (404, docs/behaviour.md#error-catalogue); the staff's
   * answers as a wrong password, after a hash as long as a real one (docs/security.md#staff).
   */
  unknown: 'notFound' | 'wrongPassword';
}

const applicantSignIn: PasswordSignIn = { realm: applicantRealm, find: findAccount, unknown: 'notFound' };

/** A hash of no one's password, checked for an unknown staff address so that it takes a hash's time. */
const decoys = new Map<string, Promise<string>>();
const decoyHash = (s: Services) => {
  const key = JSON.stringify(s.config.scrypt);
  let hash = decoys.get(key);
  if (!hash) decoys.set(key, (hash = hashPassword(newSecret(), s.config.scrypt)));
  return hash;
};

/**
 * A password sign-in in either realm: the limits, the hash in its place in the queue, the second step when
 * the account has a second factor, else the session (docs/security.md#hashing, #limits, #second-factor).
 */
export async function passwordSignIn(
  s: Services,
  how: PasswordSignIn,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  password: string,
): Promise<components['schemas']['SessionStatus']> {
  // A full hashing queue refuses before any query; the place is held until the sign-in ends, one per
  // client and per account at a time: a further one waits in their line (docs/security.md#hashing).
  const place = await s.passwords.admit({ client: clientKey(request.ip), account: email });
  try {
    return await signInWith(s, how, request, reply, place, email, password);
  } finally {
    place.release();
  }
}

/** The sign-in itself, once a hashing place is held. */
async function signInWith(
  s: Services,
  { realm, find, unknown }: PasswordSignIn,
  request: FastifyRequest,
  reply: FastifyReply,
  place: HashPlace,
  email: string,
  password: string,
): Promise<components['schemas']['SessionStatus']> {
  const { db, clock, config } = s;
  const log = (event: 'sign-in.failed' | 'sign-in.succeeded', fields: AuditFields) =>
    audit(request, event, fields, realm.name);
  const account = await find(db, email);
  // The attempt slot stays taken whatever the outcome: right passwords count toward the client's ceiling.
  const slots = [
    ...passwordSlots(config.limits, request.ip, account?.email, realm.prefix),
    signInAttemptSlot(config.limits, request.ip),
  ];
  await takePasswordSlots(s, request, slots, account?.id, realm.name);
  if (!account) {
    log('sign-in.failed', { reason: 'unknown-account' });
    if (unknown === 'notFound') throw problems.accountNotFound();
    await checkPassword(s, place, slots, password, await decoyHash(s));
    throw problems.wrongPassword(403);
  }
  if (!(await checkPassword(s, place, slots, password, account.passwordHash))) {
    log('sign-in.failed', { accountId: account.id, reason: 'wrong-password' });
    throw problems.wrongPassword(403);
  }
  // With a second factor the right password starts the second step, not a session
  // (docs/security.md#second-factor).
  const secondStep = await startSecondStepIfAny(s, request, reply, account, slots.slice(0, 3), realm);
  if (secondStep) return secondStep;
  const sessions = sessionsIn(realm);
  const cookies = sessionCookiesIn(realm);
  // The credential version read before the hash is checked by the statement that creates the
  // session: a password changed meanwhile means no session (docs/security.md#credential-version).
  const sessionId = await sessions.createSessionIfUnchanged(db, s, account.id, account.credentialVersion);
  const [client, pair, ceiling] = slots as [Slot, Slot, Slot];
  await refund(db, clock, [client, ceiling]);
  if (!sessionId) {
    await refund(db, clock, [pair]);
    log('sign-in.failed', { accountId: account.id, reason: 'credentials-changed' });
    throw problems.wrongPassword(403);
  }
  // The owner's own failures from this client are forgiven; others' are not.
  await reset(db, pair.key);
  if (realm === applicantRealm) await recordSignIn(db, s, account.id, requestLocale(request));
  // A new id at every sign-in; the session the browser held before (if any) ends (no fixation).
  const previous = cookies.sessionCookieOf(s, request);
  if (previous) await sessions.revokeSession(db, s, previous);
  cookies.setSessionCookie(s, request, reply, sessionId);
  log('sign-in.succeeded', { accountId: account.id });
  return { signedIn: true, email: account.email };
}

export function sessionHandlers(
  s: Services,
): Handlers<'signIn' | 'signOut' | 'getCurrentSession' | 'extendSession'> {
  const { db } = s;
  return {
    async signIn(request, reply) {
      const { email, password } = request.body;
      return passwordSignIn(s, applicantSignIn, request, reply, email, password);
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
