// The second step of a password sign-in (docs/security.md#second-factor): a right password for an account with
// a second factor starts a second step (a cookie, no session); finishSignIn makes it with a code from the
// authenticator app, a recovery code or a passkey, and only then starts the session.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '@pre-admission/api/schema';
import type { Account } from '../account/accounts.ts';
import { audit } from '../platform/audit.ts';
import { acceptCode } from '../account/authenticatorApps.ts';
import { verifyPasskeyAssertion } from '../account/passkeys.ts';
import { HttpProblem } from '../platform/problem.ts';
import { limitKeys, passwordSlots, refund, reset, type Slot } from '../platform/rateLimits.ts';
import { findRecoveryCode, spendRecoveryCode } from '../account/recoveryCodes.ts';
import {
  forgetSecondFactorFailures,
  takeCodeAttempt,
  uncountCodeAttempt,
} from '../account/secondFactorFailures.ts';
import {
  clearSecondStepCookie,
  liveSecondStep,
  secondFactorProblems,
  secondFactorsOf,
  secondStepCookieOf,
  secondStepMethods,
  setSecondStepCookie,
  startSecondStep,
  useSecondStep,
  type SecondStepMethod,
} from '../account/secondFactors.ts';
import { createSessionIfUnchanged, revokeSession } from '../account/sessions.ts';
import { sessionCookieOf, setSessionCookie, type Handlers, type Services } from '../services.ts';
import { takePasswordSlots } from './passwordChecks.ts';

type SessionStatus = components['schemas']['SessionStatus'];

/**
 * Called by signIn once the password is right: when the account has a second factor, starts the second step
 * (its cookie, no session) and returns signIn's answer; undefined when the password signs in alone.
 *
 * The password's slots are given back (it was right) but the (account, client) pair's earlier wrong passwords
 * are not forgiven yet: only a finished sign-in does that. Codes do not count there: they count per account
 * (secondFactorFailures.ts), and signing in again does not set that count back.
 */
export async function startSecondStepIfAny(
  s: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  account: Account,
  slots: Slot[],
): Promise<SessionStatus | undefined> {
  const methods = secondStepMethods(s.config, await secondFactorsOf(s.db, account.id));
  if (methods.length === 0) return undefined;
  await refund(s.db, s.clock, slots);
  const id = await startSecondStep(s.db, account.id, account.credentialVersion, s.clock.now());
  setSecondStepCookie(s, request, reply, id);
  audit(request, 'sign-in.second-step-started', { accountId: account.id });
  return { signedIn: false, secondStep: methods };
}

type SecondStepRequest = components['schemas']['SecondStepRequest'];

const methodOf = (body: SecondStepRequest): SecondStepMethod =>
  'code' in body ? 'authenticatorApp' : 'recoveryCode' in body ? 'recoveryCode' : 'passkey';

export function secondStepHandlers(s: Services): Handlers<'finishSignIn'> {
  const { db, clock, config } = s;
  return {
    async finishSignIn(request, reply) {
      const body = request.body;
      const method = methodOf(body);
      const stepId = secondStepCookieOf(s, request);
      const step = stepId ? await liveSecondStep(db, stepId, clock.now()) : undefined;
      if (!stepId || !step) {
        audit(request, 'sign-in.second-step', { outcome: 'failed', reason: 'no-second-step', method });
        throw secondFactorProblems.noSecondStep();
      }
      const { accountId } = step;
      // Every attempt takes a slot of the client's budget (docs/security.md#limits), never the account's: the
      // account's ceiling is what the owner's right password needs, and codes count per account below.
      const slots = passwordSlots(config.limits, request.ip);
      await takePasswordSlots(s, request, slots, accountId);
      // A code or recovery code is one of the account's consecutive second-factor failures until it is found
      // right, whatever the client (issue 39, item 2); a passkey is no guess, and makes the step even then.
      const code = !('passkey' in body);
      if (code) {
        try {
          await takeCodeAttempt(db, accountId, clock.now());
        } catch (error) {
          await refund(db, clock, slots);
          audit(request, 'sign-in.second-step', {
            accountId,
            outcome: 'failed',
            reason: 'codes-held',
            method,
          });
          throw error;
        }
      }

      // A passkey of this account only, over the browser's challenge of startPasskeySignIn; a refusal is
      // 403 passkey_refused and keeps its slot, as a wrong code does. Its challenge is used up whatever
      // follows, so it is checked before the transaction.
      if ('passkey' in body) {
        try {
          await verifyPasskeyAssertion(s, request, body.passkey, { accountId });
        } catch (error) {
          audit(request, 'sign-in.second-step', {
            accountId,
            outcome: 'failed',
            reason: 'passkey-refused',
            method,
          });
          throw error;
        }
      }

      // A recovery code is checked against its scrypt hash before the transaction, then used up in it.
      const recoveryCode =
        'recoveryCode' in body ? await findRecoveryCode(db, accountId, body.recoveryCode) : undefined;
      // The factor, the second step and the session in one transaction: a step that cannot start its session
      // (the password changed meanwhile) gives the code back rather than using it up.
      const outcome = await db
        .transaction(async (tx) => {
          const now = clock.now();
          const right =
            'code' in body
              ? await acceptCode(tx, accountId, body.code, now)
              : 'recoveryCode' in body
                ? recoveryCode !== undefined && (await spendRecoveryCode(tx, accountId, recoveryCode, now))
                : true; // the passkey, verified above
          if (!right) return { wrong: true as const };
          if (!(await useSecondStep(tx, stepId, now))) throw secondFactorProblems.noSecondStep();
          const sessionId = await createSessionIfUnchanged(tx, s, accountId, step.credentialVersion);
          if (!sessionId) throw secondFactorProblems.noSecondStep();
          // A successful second step, and only that, starts the count of wrong codes again.
          await forgetSecondFactorFailures(tx, accountId);
          return { sessionId };
        })
        .catch(async (error: unknown) => {
          if (error instanceof HttpProblem) {
            // Right, but too late (a step made twice at once, or credentials changed): not a guess to count.
            await refund(db, clock, slots);
            if (code) await uncountCodeAttempt(db, accountId);
            audit(request, 'sign-in.second-step', { accountId, outcome: 'failed', reason: 'stale', method });
          }
          throw error;
        });
      if ('wrong' in outcome) {
        audit(request, 'sign-in.second-step', { accountId, outcome: 'failed', reason: 'wrong-code', method });
        throw secondFactorProblems.wrongCode();
      }

      // As a right password: the client's slot back, the owner's own password failures from this client
      // forgiven (routes/sessions.ts signInWith).
      await refund(db, clock, slots);
      await reset(db, limitKeys.signInAccountAndClient(step.email, request.ip));
      const previous = sessionCookieOf(s, request);
      if (previous) await revokeSession(db, s, previous);
      setSessionCookie(s, request, reply, outcome.sessionId);
      clearSecondStepCookie(s, request, reply);
      audit(request, 'sign-in.second-step', { accountId, outcome: 'succeeded', method });
      if (method === 'recoveryCode') audit(request, 'recovery-code.used', { accountId });
      return { signedIn: true, email: step.email };
    },
  };
}
