// The second step of a password sign-in (docs/security.md#second-factor): a right password for an account with
// a second factor starts a second step (a cookie, no session); finishSignIn makes it with a code from the
// authenticator app, a recovery code or a passkey, and only then starts the session.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '@pre-admission/api/schema';
import { recordSignIn, type Account } from '../account/accounts.ts';
import { audit, type AuditFields } from '../platform/audit.ts';
import { authenticatorAppsIn } from '../account/authenticatorApps.ts';
import { passkeysIn } from '../account/passkeys.ts';
import { HttpProblem } from '../platform/problem.ts';
import { limitKeys, passwordSlots, refund, reset, type Slot } from '../platform/rateLimits.ts';
import { applicantRealm, type Realm } from '../account/realm.ts';
import { recoveryCodesIn } from '../account/recoveryCodes.ts';
import { codeFailuresIn } from '../account/secondFactorFailures.ts';
import { secondFactorProblems, secondFactorsIn, type SecondStepMethod } from '../account/secondFactors.ts';
import { sessionsIn } from '../account/sessions.ts';
import { requestLocale, sessionCookiesIn, type Handlers, type Services } from '../services.ts';
import { takePasswordSlots } from './passwordChecks.ts';

type SessionStatus = components['schemas']['SessionStatus'];

/**
 * Called by signIn once the password is right: when the account has a second factor, starts the second step
 * (its cookie, no session) and returns signIn's answer; undefined when the password signs in alone.
 *
 * The password's slots are given back (it was right) but the (account, client) pair's earlier wrong passwords
 * are not forgiven yet: only a finished sign-in does that. Codes do not count there: they count per account
 * (secondFactorFailures.ts), and signing in again does not set that count back. For either realm (realm.ts).
 */
export async function startSecondStepIfAny(
  s: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  account: Account,
  slots: Slot[],
  realm: Realm = applicantRealm,
): Promise<SessionStatus | undefined> {
  const factors = secondFactorsIn(realm);
  const methods = factors.secondStepMethods(s.config, await factors.secondFactorsOf(s.db, account.id));
  if (methods.length === 0) return undefined;
  await refund(s.db, s.clock, slots);
  const id = await factors.startSecondStep(s.db, account.id, account.credentialVersion, s.clock.now());
  factors.setSecondStepCookie(s, request, reply, id);
  audit(request, 'sign-in.second-step-started', { accountId: account.id }, realm.name);
  return { signedIn: false, secondStep: methods };
}

type SecondStepRequest = components['schemas']['SecondStepRequest'];

const methodOf = (body: SecondStepRequest): SecondStepMethod =>
  'code' in body ? 'authenticatorApp' : 'recoveryCode' in body ? 'recoveryCode' : 'passkey';

/**
 * The second step of a password sign-in, in either realm (realm.ts): a code of the app, a recovery code or a
 * passkey of the account the step's cookie names; then the session. The applicant's finishSignIn and the
 * staff's finishStaffSignIn (docs/security.md#staff) are this.
 */
export async function finishSecondStep(
  s: Services,
  realm: Realm,
  request: FastifyRequest,
  reply: FastifyReply,
  body: SecondStepRequest,
): Promise<{ signedIn: true; email: string }> {
  const { db, clock, config } = s;
  const factors = secondFactorsIn(realm);
  const failures = codeFailuresIn(realm);
  const codes = recoveryCodesIn(realm);
  const sessions = sessionsIn(realm);
  const cookies = sessionCookiesIn(realm);
  const log = (fields: AuditFields) => audit(request, 'sign-in.second-step', fields, realm.name);
  const method = methodOf(body);
  const stepId = factors.secondStepCookieOf(s, request);
  const step = stepId ? await factors.liveSecondStep(db, stepId, clock.now()) : undefined;
  if (!stepId || !step) {
    log({ outcome: 'failed', reason: 'no-second-step', method });
    throw secondFactorProblems.noSecondStep();
  }
  const { accountId } = step;
  // Every attempt takes a slot of the client's budget (docs/security.md#limits), never the account's: the
  // account's ceiling is what the owner's right password needs, and codes count per account below.
  const slots = passwordSlots(config.limits, request.ip);
  await takePasswordSlots(s, request, slots, accountId, realm.name);
  // A code or recovery code is one of the account's consecutive second-factor failures until it is found
  // right, whatever the client (issue 39, item 2); a passkey is no guess, and makes the step even then.
  const code = !('passkey' in body);
  if (code) {
    try {
      await failures.takeCodeAttempt(db, accountId, clock.now());
    } catch (error) {
      await refund(db, clock, slots);
      log({ accountId, outcome: 'failed', reason: 'codes-held', method });
      throw error;
    }
  }

  // A passkey of this account only, over the browser's challenge (startPasskeySignIn, or the staff's
  // startStaffPasskeyStep); a refusal is 403 passkey_refused and keeps its slot, as a wrong code does. Its
  // challenge is used up whatever follows, so it is checked before the transaction.
  if ('passkey' in body) {
    try {
      await passkeysIn(realm).verifyPasskeyAssertion(s, request, body.passkey, { accountId });
    } catch (error) {
      log({ accountId, outcome: 'failed', reason: 'passkey-refused', method });
      throw error;
    }
  }

  // A recovery code is checked against its scrypt hash before the transaction, then used up in it.
  const recoveryCode =
    'recoveryCode' in body ? await codes.findRecoveryCode(db, accountId, body.recoveryCode) : undefined;
  // The factor, the second step and the session in one transaction: a step that cannot start its session
  // (the password changed meanwhile) gives the code back rather than using it up.
  const outcome = await db
    .transaction(async (tx) => {
      const now = clock.now();
      const right =
        'code' in body
          ? await authenticatorAppsIn(realm).acceptCode(tx, accountId, body.code, now)
          : 'recoveryCode' in body
            ? recoveryCode !== undefined && (await codes.spendRecoveryCode(tx, accountId, recoveryCode, now))
            : true; // the passkey, verified above
      if (!right) return { wrong: true as const };
      if (!(await factors.useSecondStep(tx, stepId, now))) throw secondFactorProblems.noSecondStep();
      const sessionId = await sessions.createSessionIfUnchanged(tx, s, accountId, step.credentialVersion);
      if (!sessionId) throw secondFactorProblems.noSecondStep();
      // A successful second step, and only that, starts the count of wrong codes again.
      await failures.forgetSecondFactorFailures(tx, accountId);
      return { sessionId };
    })
    .catch(async (error: unknown) => {
      if (error instanceof HttpProblem) {
        // Right, but too late (a step made twice at once, or credentials changed): not a guess to count.
        await refund(db, clock, slots);
        if (code) await failures.uncountCodeAttempt(db, accountId);
        log({ accountId, outcome: 'failed', reason: 'stale', method });
      }
      throw error;
    });
  if ('wrong' in outcome) {
    log({ accountId, outcome: 'failed', reason: 'wrong-code', method });
    throw secondFactorProblems.wrongCode();
  }

  // As a right password: the client's slot back, the owner's own password failures from this client
  // forgiven (routes/sessions.ts signInWith).
  await refund(db, clock, slots);
  await reset(db, limitKeys.signInAccountAndClient(step.email, request.ip, realm.prefix));
  if (realm === applicantRealm) await recordSignIn(db, s, accountId, requestLocale(request));
  const previous = cookies.sessionCookieOf(s, request);
  if (previous) await sessions.revokeSession(db, s, previous);
  cookies.setSessionCookie(s, request, reply, outcome.sessionId);
  factors.clearSecondStepCookie(s, request, reply);
  log({ accountId, outcome: 'succeeded', method });
  if (method === 'recoveryCode') audit(request, 'recovery-code.used', { accountId }, realm.name);
  return { signedIn: true, email: step.email };
}

export function secondStepHandlers(s: Services): Handlers<'finishSignIn'> {
  return {
    finishSignIn: (request, reply) => finishSecondStep(s, applicantRealm, request, reply, request.body),
  };
}
