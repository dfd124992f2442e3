// Passkeys: sign in with one, list, add, rename and remove them; and confirming a session with the password or
// a passkey (docs/security.md#passkeys, docs/security.md#recent-sign-in).
import type { FastifyRequest } from 'fastify';
import type { components } from '@pre-admission/api/schema';
import { lockAccount, recordSignIn, toAccount, type AccountRow } from '../account/accounts.ts';
import { audit } from '../platform/audit.ts';
import { requireRecentSignIn } from '../account/confirmation.ts';
import type { Queryable } from '../platform/db.ts';
import { notice } from '../mail/templates.ts';
import {
  clearChallengeCookie,
  passkeysIn,
  PASSKEY_COLUMNS,
  startAddingChallenge,
  startPasskeyChallenge,
  toPasskey,
  verifyPasskeyAssertion,
  type PasskeyAssertion,
  type StoredPasskeyRow,
} from '../account/passkeys.ts';
import { applicantRealm, type Realm } from '../account/realm.ts';
import { problems } from '../platform/problem.ts';
import { acceptCode } from '../account/authenticatorApps.ts';
import { findRecoveryCode, spendRecoveryCode } from '../account/recoveryCodes.ts';
import { forgetSecondFactorFailures, takeCodeAttempt } from '../account/secondFactorFailures.ts';
import {
  refuseRemovingLast,
  secondFactorProblems,
  secondFactorsOf,
  secondStepMethods,
} from '../account/secondFactors.ts';
import { clientKey, limitKeys, passwordSlots, refund, take, type Slot } from '../platform/rateLimits.ts';
import {
  lookupSession,
  requestLocale,
  sessionCookieOf,
  setSessionCookie,
  type Handlers,
  type Services,
  type SessionLookup,
} from '../services.ts';
import { createSessionIfUnchanged, revokeSession, setSessionConfirmed } from '../account/sessions.ts';
import { currentSession } from './sessions.ts';
import { checkPassword, takePasswordSlots } from './passwordChecks.ts';

type ValidSession = Extract<SessionLookup, { state: 'valid' }>;

async function validSession(s: Services, request: FastifyRequest): Promise<ValidSession> {
  const session = await lookupSession(s, request);
  if (session.state !== 'valid') throw problems.noSession(404);
  return session;
}

/** The name as the applicant meant it: surrounding spaces dropped; nothing left is a missing name. */
function passkeyName(raw: string): string {
  const name = raw.trim();
  if (!name) throw problems.validation([{ field: 'name', code: 'required' }]);
  // A name is one line of text: a control character (a NUL, which PostgreSQL's text refuses, a tab, a line
  // break) is no part of one, and would otherwise reach the notice mail's text.
  if (/\p{Cc}/u.test(name)) throw problems.validation([{ field: 'name', code: 'invalid_characters' }]);
  return name;
}

/**
 * A passkey attempt from this client (sign-in or confirmation) takes a slot of the client's wrong-password
 * budget before any check and gives it back when the passkey is accepted: refused assertions count as wrong
 * passwords do (docs/security.md#limits).
 */
const passkeyFailureSlot = (s: Services, request: FastifyRequest): Slot => ({
  key: limitKeys.signInClient(request.ip),
  limit: s.config.limits.signInFailuresPerClient,
});

/** Checks a passkey of the session's own account (confirmation); its slot is given back when accepted. */
async function confirmWithPasskey(
  s: Services,
  request: FastifyRequest,
  session: ValidSession,
  passkey: PasskeyAssertion,
): Promise<void> {
  const slot = passkeyFailureSlot(s, request);
  await take(s.db, s.clock, [slot]);
  await verifyPasskeyAssertion(s, request, passkey, { accountId: session.account.id });
  await refund(s.db, s.clock, [slot]);
  // The second factor proved, as in a second step: the count of wrong codes starts again (issue 39, item 2).
  await forgetSecondFactorFailures(s.db, session.account.id);
}

/** Checks the session account's password, with the limits and the hashing queue of a sign-in. */
async function confirmWithPassword(
  s: Services,
  request: FastifyRequest,
  session: ValidSession,
  password: string,
): Promise<void> {
  const { account } = session;
  const slots = passwordSlots(s.config.limits, request.ip, account.email);
  const place = await s.passwords.admit({ client: clientKey(request.ip), account: account.email });
  try {
    await takePasswordSlots(s, request, slots, account.id);
    if (!(await checkPassword(s, place, slots, password, account.passwordHash))) {
      audit(request, 'session.confirmed', {
        outcome: 'failed',
        method: 'password',
        reason: 'wrong-password',
        accountId: account.id,
      });
      throw problems.wrongPasswordToConfirm();
    }
  } finally {
    place.release();
  }
  await refund(s.db, s.clock, slots);
}

type ConfirmationRequest = components['schemas']['ConfirmationRequest'];

/**
 * The second factor of a confirmation with the password (issue 39, item 3): a code of the app or a recovery
 * code, counted among the account's consecutive second-factor failures as in the second step of a sign-in.
 */
async function confirmWithCode(
  s: Services,
  request: FastifyRequest,
  session: ValidSession,
  body: Extract<ConfirmationRequest, { code: string } | { recoveryCode: string }>,
): Promise<void> {
  const accountId = session.account.id;
  const method = 'code' in body ? 'authenticatorApp' : 'recoveryCode';
  try {
    await takeCodeAttempt(s.db, accountId, s.clock.now());
  } catch (error) {
    audit(request, 'session.confirmed', { outcome: 'failed', method, reason: 'codes-held', accountId });
    throw error;
  }
  const now = s.clock.now();
  const recoveryCode =
    'recoveryCode' in body ? await findRecoveryCode(s.db, accountId, body.recoveryCode) : undefined;
  const right =
    'code' in body
      ? await acceptCode(s.db, accountId, body.code, now)
      : recoveryCode !== undefined && (await spendRecoveryCode(s.db, accountId, recoveryCode, now));
  if (!right) {
    audit(request, 'session.confirmed', { outcome: 'failed', method, reason: 'wrong-code', accountId });
    throw secondFactorProblems.wrongCode();
  }
  await forgetSecondFactorFailures(s.db, accountId);
  if (method === 'recoveryCode') audit(request, 'recovery-code.used', { accountId });
}

async function accountById(db: Queryable, id: string) {
  const rows = await db.query<AccountRow>(
    'select id::text as id, email, password_hash, credential_version from accounts where id = $1',
    [id],
  );
  return rows[0] && toAccount(rows[0]);
}

/**
 * Adding a passkey, in either realm (realm.ts): a recent sign-in (docs/security.md#recent-sign-in), its name,
 * the attestation over the session's challenge, then the passkey stored with `afterStore` (the applicant's
 * change notice) in one transaction: no passkey without its notice, no notice of a passkey rolled back.
 */
export async function addPasskeyFor(
  s: Services,
  realm: Realm,
  request: FastifyRequest,
  session: { sessionId: string; account: { id: string; email: string }; confirmedAt: Date },
  body: components['schemas']['NewPasskey'],
  afterStore?: (tx: Queryable, email: string, now: Date, name: string) => Promise<void>,
): Promise<StoredPasskeyRow> {
  requireRecentSignIn(s, session);
  const name = passkeyName(body.name);
  const { account } = session;
  const passkeys = passkeysIn(realm);
  const credential = await passkeys.verifyPasskeyAttestation(
    s,
    request,
    session.sessionId,
    account.id,
    body.credential,
  );
  const row = await s.db.transaction(async (tx) => {
    const now = s.clock.now();
    const stored = await passkeys.storePasskey(tx, account.id, name, credential, now);
    await afterStore?.(tx, account.email, now, name);
    return stored;
  });
  audit(
    request,
    'passkey.added',
    { outcome: 'succeeded', accountId: account.id, passkeyId: row.id },
    realm.name,
  );
  return row;
}

/**
 * The path's passkey id as openapi.yaml's PasskeyId pattern has it (1 to 18 digits, a bigint); anything else
 * names no passkey: 404, never a database error (the fuzzer's NUL byte was a 500).
 */
function passkeyIdOf(given: string): string {
  if (!/^[0-9]{1,18}$/.test(given)) throw problems.passkeyNotFound();
  return given;
}

export function passkeyHandlers(
  s: Services,
): Handlers<
  | 'startPasskeySignIn'
  | 'passkeySignIn'
  | 'confirmSignIn'
  | 'listPasskeys'
  | 'startAddingPasskey'
  | 'addPasskey'
  | 'renamePasskey'
  | 'removePasskey'
> {
  const { db, clock, config } = s;
  return {
    // Every challenge is a row: the client's challenge budget caps how many it can make (never given back).
    async startPasskeySignIn(request, reply) {
      await take(db, clock, [
        {
          key: limitKeys.passkeyChallengesClient(request.ip),
          limit: config.limits.passkeyChallengesPerClient,
        },
      ]);
      return startPasskeyChallenge(s, request, reply);
    },

    async passkeySignIn(request, reply) {
      const slot = passkeyFailureSlot(s, request);
      try {
        await take(db, clock, [slot]);
      } catch (error) {
        audit(request, 'sign-in.limited', {});
        throw error;
      }
      let accountId: string;
      try {
        ({ accountId } = await verifyPasskeyAssertion(s, request, request.body, {}));
      } catch (error) {
        // Its challenge is used up whatever the outcome: the browser may forget the cookie too.
        clearChallengeCookie(s, request, reply);
        throw error;
      }
      await refund(db, clock, [slot]);
      const account = await accountById(db, accountId);
      // The same session as a password sign-in's, at the account's present credential version: a password
      // or e-mail change later ends it like any other (docs/security.md#credential-version).
      const sessionId =
        account && (await createSessionIfUnchanged(db, s, account.id, account.credentialVersion));
      if (!account || !sessionId) {
        audit(request, 'sign-in.passkey', { outcome: 'failed', reason: 'credentials-changed', accountId });
        throw problems.passkeyRefused();
      }
      await recordSignIn(db, s, account.id, requestLocale(request));
      // A new id at every sign-in; the session the browser held before (if any) ends (no fixation).
      const previous = sessionCookieOf(s, request);
      if (previous) await revokeSession(db, s, previous);
      // Only the session cookie: the challenge cookie names a used-up challenge and expires within two
      // minutes by itself, and a response that sets one cookie is what a sign-in's is (its pact's matcher
      // holds for every Set-Cookie value).
      setSessionCookie(s, request, reply, sessionId);
      audit(request, 'sign-in.passkey', { outcome: 'succeeded', accountId: account.id });
      return { signedIn: true, email: account.email };
    },

    async confirmSignIn(request, reply) {
      const session = await validSession(s, request);
      const body = request.body;
      if ('passkey' in body) {
        clearChallengeCookie(s, request, reply);
        await confirmWithPasskey(s, request, session, body.passkey);
      } else {
        // Where a password sign-in asks for a second step, so does the confirmation (issue 39, item 3): the
        // password alone is refused before anything is checked or counted.
        const methods = secondStepMethods(config, await secondFactorsOf(db, session.account.id));
        const withCode = 'code' in body || 'recoveryCode' in body;
        if (methods.length > 0 && !methods.includes('authenticatorApp'))
          throw secondFactorProblems.passkeyRequired();
        if (methods.length > 0 && !withCode) throw secondFactorProblems.codeRequired();
        await confirmWithPassword(s, request, session, body.password);
        if (methods.length > 0 && withCode) await confirmWithCode(s, request, session, body);
      }
      const now = clock.now();
      await setSessionConfirmed(db, session.sessionId, now);
      audit(request, 'session.confirmed', {
        outcome: 'succeeded',
        method:
          'passkey' in body
            ? 'passkey'
            : 'code' in body
              ? 'password and code'
              : 'recoveryCode' in body
                ? 'password and recovery code'
                : 'password',
        accountId: session.account.id,
      });
      return currentSession(s, { ...session, confirmedAt: now });
    },

    async listPasskeys(request) {
      const session = await validSession(s, request);
      const rows = await db.query<StoredPasskeyRow>(
        `select ${PASSKEY_COLUMNS} from passkeys where account_id = $1 order by created_at desc, id desc`,
        [session.account.id],
      );
      return { passkeys: rows.map(toPasskey) };
    },

    async startAddingPasskey(request) {
      const session = await validSession(s, request);
      requireRecentSignIn(s, session);
      return startAddingChallenge(s, session.sessionId, session.account);
    },

    async addPasskey(request, reply) {
      const session = await validSession(s, request);
      const row = await addPasskeyFor(
        s,
        applicantRealm,
        request,
        session,
        request.body,
        (tx, email, now, name) => s.mailer.send(tx, notice('passkeyAdded', email, now, name)),
      );
      audit(request, 'notice.queued', { accountId: session.account.id, mail: 'passkeyAddedNotice' });
      return reply.code(201).send(toPasskey(row));
    },

    async renamePasskey(request) {
      const session = await validSession(s, request);
      const name = passkeyName(request.body.name);
      const rows = await db.query<StoredPasskeyRow>(
        `update passkeys set name = $3 where id = $1 and account_id = $2 returning ${PASSKEY_COLUMNS}`,
        [passkeyIdOf(request.params.passkeyId), session.account.id, name],
      );
      if (!rows[0]) throw problems.passkeyNotFound();
      audit(request, 'passkey.renamed', { accountId: session.account.id, passkeyId: rows[0].id });
      return toPasskey(rows[0]);
    },

    async removePasskey(request, reply) {
      const session = await validSession(s, request);
      requireRecentSignIn(s, session);
      const { account } = session;
      const passkeyId = passkeyIdOf(request.params.passkeyId);
      await db.transaction(async (tx) => {
        // Under the account's lock: the last passkey here and the app in another tab cannot both go.
        await lockAccount(tx, account.id);
        await refuseRemovingLast(config, tx, account.id, { passkeyId });
        const rows = await tx.query<{ name: string }>(
          'delete from passkeys where id = $1 and account_id = $2 returning name',
          [passkeyId, account.id],
        );
        if (!rows[0]) throw problems.passkeyNotFound();
        await s.mailer.send(tx, notice('passkeyRemoved', account.email, clock.now(), rows[0].name));
      });
      audit(request, 'passkey.removed', { accountId: account.id, passkeyId });
      audit(request, 'notice.queued', { accountId: account.id, mail: 'passkeyRemovedNotice' });
      return reply.code(204).send();
    },
  };
}
