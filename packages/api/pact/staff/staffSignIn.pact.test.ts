// The staff invitation link and the staff password sign-in (issue 40, item 1; openapi.staff.yaml tags
// staff-invitations, staff-sessions): the invitation read and its acceptance with a password, and a sign-in
// of an account with no second factor yet (a session at once). The token is the provider state's `token`.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect } from 'vitest';
import {
  COMMON_PASSWORD,
  dateTime,
  EXAMPLE_TOKEN,
  expectFailure,
  jsonResponse,
  refusedPassword,
  tokenNotFound,
  tokenPath,
  UNKNOWN_TOKEN,
  wrongPassword,
} from '../support/pact';
import {
  createStaffPact,
  INVITEE,
  NEW_STAFF,
  STAFF_PASSWORD,
  staffInteractionTest as interactionTest,
  staffStates,
} from '../support/staffPact';

const { like, regex } = MatchersV3;
const pact = createStaffPact();
const invitations = '/api/staff/invitations';
const NEW_PASSWORD = 'N3wStaffPassw0rd';

describe('the staff invitation', () => {
  interactionTest(pact, 'reads a live invitation: 200 with the address and the role', {
    given: [staffStates.invitation],
    uponReceiving: 'a GET of a live staff invitation',
    request: { method: 'GET', path: tokenPath(invitations) },
    response: {
      status: 200,
      build: (builder) => {
        builder.headers(jsonResponse).jsonBody({
          email: like(INVITEE),
          role: 'office',
          officeId: like(2),
          expiresAt: dateTime('2026-11-24T08:30:00.000Z'),
        });
      },
    },
    test: async (api) => {
      expect(await api.getStaffInvitation(EXAMPLE_TOKEN)).toMatchObject({
        ok: true,
        data: { email: INVITEE, role: 'office' },
      });
    },
  });
  interactionTest(pact, 'reads an invitation never issued: 404 (the link is invalid)', {
    given: [staffStates.invitation],
    uponReceiving: 'a GET of a staff invitation never issued',
    request: { method: 'GET', path: `${invitations}/${UNKNOWN_TOKEN}` },
    response: tokenNotFound,
    test: async (api) => {
      expectFailure(await api.getStaffInvitation(UNKNOWN_TOKEN), { failure: 'invalidToken', status: 404 });
    },
  });
  interactionTest(pact, 'accepts a live invitation with a password: 204', {
    given: [staffStates.invitation],
    uponReceiving: 'a PATCH to accept a live staff invitation with a valid password',
    request: { method: 'PATCH', path: tokenPath(invitations), body: { password: NEW_PASSWORD } },
    response: { status: 204 },
    test: async (api) => {
      expect(await api.acceptStaffInvitation(EXAMPLE_TOKEN, { password: NEW_PASSWORD })).toMatchObject({
        ok: true,
      });
    },
  });
  interactionTest(pact, 'accepts with a password from a breach list: 400 common_password', {
    given: [staffStates.invitation],
    uponReceiving: 'a PATCH to accept a live staff invitation with a password from a breach list',
    request: { method: 'PATCH', path: tokenPath(invitations), body: { password: COMMON_PASSWORD } },
    response: refusedPassword('password', 'common_password'),
    test: async (api) => {
      const outcome = await api.acceptStaffInvitation(EXAMPLE_TOKEN, { password: COMMON_PASSWORD });
      expectFailure(outcome, { failure: 'commonPassword', status: 400 });
    },
  });
  interactionTest(pact, 'accepts an invitation never issued: 404 (the link is invalid)', {
    given: [staffStates.invitation],
    uponReceiving: 'a PATCH to accept a staff invitation never issued',
    request: { method: 'PATCH', path: `${invitations}/${UNKNOWN_TOKEN}`, body: { password: NEW_PASSWORD } },
    response: tokenNotFound,
    test: async (api) => {
      const outcome = await api.acceptStaffInvitation(UNKNOWN_TOKEN, { password: NEW_PASSWORD });
      expectFailure(outcome, { failure: 'invalidToken', status: 404 });
    },
  });
});

describe('the staff password sign-in', () => {
  interactionTest(
    pact,
    'signs in an account with no second factor yet: 200 signed in, a staff session cookie',
    {
      given: [staffStates.staffPassword],
      uponReceiving: 'a POST to sign in as staff with the right password of an account with no second factor',
      request: {
        method: 'POST',
        path: '/api/staff/sessions',
        body: { email: NEW_STAFF, password: STAFF_PASSWORD },
      },
      response: {
        status: 200,
        build: (builder) => {
          builder
            .headers({
              ...jsonResponse,
              'Set-Cookie': regex(
                '^pre_admission_staff_session=[^;]+(;.*)?$',
                'pre_admission_staff_session=9d2b7e; Max-Age=28800; Path=/; HttpOnly; SameSite=Strict',
              ),
            })
            .jsonBody({ signedIn: true, email: like(NEW_STAFF) });
        },
      },
      test: async (api) => {
        expect(await api.staffSignIn({ email: NEW_STAFF, password: STAFF_PASSWORD })).toMatchObject({
          ok: true,
          data: { signedIn: true },
        });
      },
    },
  );
  interactionTest(pact, 'signs in with a wrong password: 403 on the password field', {
    given: [staffStates.staffPassword],
    uponReceiving: 'a POST to sign in as staff with a wrong password',
    request: {
      method: 'POST',
      path: '/api/staff/sessions',
      body: { email: NEW_STAFF, password: 'Wr0ngPassw0rd' },
    },
    response: wrongPassword(403),
    test: async (api) => {
      const outcome = await api.staffSignIn({ email: NEW_STAFF, password: 'Wr0ngPassw0rd' });
      expectFailure(outcome, { failure: 'wrongPassword', status: 403 });
    },
  });
});
