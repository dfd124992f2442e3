// The applicant's own deletion (deleteAccount, docs/behaviour.md#delete-account; docs/behaviour.md#error-catalogue
// account deletion rows): done (204, the session cookie cleared), a sign-in too old (403 confirmation_required),
// a second factor missing, no valid session, and an application that awaits a decision (409 awaiting_decision).
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect } from 'vitest';
import {
  type Answer,
  codedProblem,
  confirmationRequired,
  createPact,
  expectFailure,
  interactionTest,
  noSession,
  states,
} from './support/pact';

const { regex } = MatchersV3;
const pact = createPact();
const account = '/api/applicant/account';

/** 204 with the session cookie cleared: the account, and so its session, is gone. */
const deleted: Answer = {
  status: 204,
  build: (builder) => {
    builder.headers({
      'Set-Cookie': regex(
        '^pre_admission_session=(;.*)?$',
        'pre_admission_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
      ),
    });
  },
};

describe('the account deletion', () => {
  interactionTest(pact, 'deletes the account after a recent sign-in: 204, the cookie cleared', {
    // The plan's state deletes any application an earlier state made: nothing awaits a decision.
    given: [states.savedPlan],
    uponReceiving: 'a DELETE of the account after a recent sign-in, with no application awaiting a decision',
    request: { method: 'DELETE', path: account, signedIn: true },
    response: deleted,
    test: async (api) => {
      expect(await api.deleteAccount()).toEqual({ ok: true, data: undefined });
    },
  });

  interactionTest(pact, 'deletes the account long after signing in: 403 confirmation_required', {
    given: [states.notConfirmed],
    uponReceiving: 'a DELETE of the account when the sign-in is not recent',
    request: { method: 'DELETE', path: account, signedIn: true },
    response: confirmationRequired,
    test: async (api) => {
      expectFailure(await api.deleteAccount(), { failure: 'confirmationRequired', status: 403 });
    },
  });

  interactionTest(pact, 'deletes the account: 403 second_factor_required', {
    given: [states.secondFactorMissing],
    uponReceiving: 'a DELETE of the account of an account that must add a second factor first',
    request: { method: 'DELETE', path: account, signedIn: true },
    response: codedProblem(
      403,
      'second-factor-required',
      'Set up a passkey or an authenticator app first.',
      'second_factor_required',
    ),
    test: async (api) => {
      expectFailure(await api.deleteAccount(), { failure: 'secondFactorRequired', status: 403 });
    },
  });

  interactionTest(pact, 'deletes the account without a valid session: 404', {
    given: [states.sessionRevoked],
    uponReceiving: 'a DELETE of the account with the cookie of a revoked session',
    request: { method: 'DELETE', path: account, signedIn: true },
    response: noSession(404),
    test: async (api) => {
      expectFailure(await api.deleteAccount(), { failure: 'noSession', status: 404 });
    },
  });

  interactionTest(pact, 'deletes the account while an application awaits a decision: 409 awaiting_decision', {
    given: [states.submittedApplication],
    uponReceiving: 'a DELETE of the account while a submitted application awaits a decision',
    request: { method: 'DELETE', path: account, signedIn: true },
    response: codedProblem(
      409,
      'awaiting-decision',
      'An application awaits a decision.',
      'awaiting_decision',
    ),
    test: async (api) => {
      expectFailure(await api.deleteAccount(), { failure: 'awaitingDecision', status: 409 });
    },
  });
});
