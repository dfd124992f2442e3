// The committed pact holds what the front end relies on (issue 7, docs/behaviour.md#api-calls and #error-catalogue): each call the screens make
// with each status that changes what the applicant sees, the 11 catalogue rows with a provider state, and
// provider-generated tokens and cookies injected from provider state.
import { describe, expect, it } from 'vitest';
import { loadContract } from '@pre-admission/contract';
import { header, readPact, type PactInteraction } from './support/pactFile';
import { committedPactFile } from './support/paths';

const openapi = await loadContract();
const pact = readPact(committedPactFile);

const operationOf = (interaction: PactInteraction) =>
  openapi.find(interaction.request.method, interaction.request.path)?.operationId;
const find = (operationId: string, status: number) =>
  pact.interactions.filter((i) => operationOf(i) === operationId && i.response.status === status);

/** Each call of docs/behaviour.md#api-calls with the statuses the front end distinguishes. */
const required: [operationId: string, statuses: number[]][] = [
  ['signIn', [200, 404, 403]],
  ['getCurrentSession', [200, 401, 403]],
  ['extendSession', [200, 401, 403]],
  ['signOut', [204]],
  ['requestRegistration', [202, 409]],
  ['getRegistration', [200, 404]],
  ['finishRegistration', [204, 404]],
  ['requestPasswordReset', [202, 404]],
  ['getPasswordReset', [200, 404]],
  ['finishPasswordReset', [204]],
  ['renewRegistration', [202, 404, 429]],
  ['renewPasswordReset', [202, 404, 429]],
  ['requestEmailChange', [202, 404, 409]],
  ['activateEmailChange', [204, 404]],
  ['changePassword', [204, 404, 409]],
  ['getPlan', [200, 404]],
  ['savePlan', [200, 400, 404]],
];

/** docs/behaviour.md#api-calls: the lists loaded at start. */
const startupLists = [
  '/api/countries',
  '/api/country-details',
  '/api/courses',
  '/api/course-details',
  '/api/education-systems',
  '/api/education-types',
  '/api/partner-school-types',
  '/api/programs',
  '/api/scholarship-financial-supports',
  '/api/scholarship-statuses',
  '/api/scholarship-types',
  '/api/supplemental-material-types',
  '/api/teachers',
  '/api/ranked-universities',
  '/api/users-lists',
  '/api/application-certificate-types',
  '/api/supplemental-material-requires',
];

/** docs/behaviour.md#error-catalogue: the rows whose status (403, 404, 409) changes what the applicant sees. */
const catalogue: [row: string, operationId: string, status: number][] = [
  ['sign in 404: email "account not found"', 'signIn', 404],
  ['sign in 403: password "password is incorrect"', 'signIn', 403],
  ['registration request 409: email "already registered"', 'requestRegistration', 409],
  ['registration token 404: "URL is invalid"', 'getRegistration', 404],
  ['reset request 404: email "email address not found"', 'requestPasswordReset', 404],
  ['reset token 404: "URL is invalid"', 'getPasswordReset', 404],
  ['password change 404: back to /', 'changePassword', 404],
  ['password change 409: currentPassword "password is incorrect"', 'changePassword', 409],
  ['email change request 404: back to /', 'requestEmailChange', 404],
  ['email change request 409: "already in use" toast', 'requestEmailChange', 409],
  ['session check 403: terminated', 'getCurrentSession', 403],
  ['plan read 404: back to /', 'getPlan', 404],
  ['plan save 404: back to /', 'savePlan', 404],
];

describe('the pact holds what the front end relies on', () => {
  it.each(required.flatMap(([op, statuses]) => statuses.map((status) => [op, status] as const)))(
    '%s answers %i',
    (operationId, status) => {
      expect(find(operationId, status)).not.toHaveLength(0);
    },
  );

  it.each(startupLists)('GET %s answers 200 with a list', (path) => {
    const interaction = pact.interactions.find((i) => i.request.method === 'GET' && i.request.path === path);
    expect(interaction?.response.status).toBe(200);
    expect(interaction?.response.matchingRules?.body?.['$']?.matchers).toContainEqual({
      match: 'type',
      min: 1,
    });
  });

  it('holds exactly the catalogue rows with status 403, 404 or 409 (13), and no others', () => {
    const rows = pact.interactions.filter((i) => [403, 404, 409].includes(i.response.status));
    const covered = catalogue.map(([, op, status]) => `${op} ${status}`);
    expect(catalogue).toHaveLength(13);
    const extra = rows
      .map((i) => `${operationOf(i)} ${i.response.status}`)
      .filter((r) => !covered.includes(r));
    // Registration finish 404 and email change activation 404 are pinned too (the screens tell a dead link
    // apart), the activation once per link state; so is the extension's 403 (a session that has ended cannot
    // be revived: terminated, as the check); so are the renewals' 404s (docs/behaviour.md#link-states: a
    // link that is not expired is refused with its state, as the token read).
    expect([...new Set(extra)].sort()).toEqual([
      'activateEmailChange 404',
      'extendSession 403',
      'finishRegistration 404',
      'renewPasswordReset 404',
      'renewRegistration 404',
    ]);
  });

  // docs/behaviour.md#link-states: every reason a link is refused is pinned, with a provider state.
  it.each(['unknown', 'used', 'expired', 'superseded'])(
    'pins the link state "%s" (404 with its code)',
    (code) => {
      const pinned = pact.interactions.filter(
        (i) =>
          i.response.status === 404 &&
          (i.response.body?.content as { code?: unknown } | undefined)?.code === code &&
          (i.providerStates?.length ?? 0) > 0,
      );
      expect(pinned).not.toHaveLength(0);
    },
  );

  it('pins nextSendAllowedAt in the 202 of every mail request', () => {
    for (const op of ['requestRegistration', 'requestPasswordReset', 'requestEmailChange']) {
      const [accepted] = find(op, 202);
      expect(accepted?.response.body?.content, op).toHaveProperty('nextSendAllowedAt');
    }
  });

  describe.each(catalogue)('catalogue row: %s', (_row, operationId, status) => {
    const [interaction] = find(operationId, status);
    it('is in the pact with a provider state', () => {
      expect(interaction).toBeDefined();
      expect(interaction?.providerStates?.length).toBeGreaterThan(0);
    });
    it('answers problem+json with the literal status', () => {
      const body = interaction?.response.body?.content as { status?: unknown } | undefined;
      expect(body?.status).toBe(status);
      expect(Object.keys(interaction?.response.matchingRules?.body ?? {})).not.toContain('$.status');
    });
  });

  it('takes every session cookie from provider state', () => {
    const withCookie = pact.interactions.filter((i) => header(i.request.headers, 'Cookie') !== undefined);
    expect(withCookie.length).toBeGreaterThan(0);
    for (const interaction of withCookie) {
      expect(interaction.request.generators?.header?.Cookie, interaction.description).toEqual({
        type: 'ProviderState',
        expression: '${cookie}',
      });
    }
  });

  it('takes every live token from provider state', () => {
    const live = pact.interactions.filter(
      (i) => i.response.status < 300 && (i.providerStates ?? []).some((s) => / token exists /.test(s.name)),
    );
    expect([...new Set(live.map(operationOf))].sort()).toEqual([
      'activateEmailChange',
      'finishPasswordReset',
      'finishRegistration',
      'getPasswordReset',
      'getRegistration',
      'renewPasswordReset',
      'renewRegistration',
    ]);
    for (const interaction of live) {
      expect(interaction.request.generators?.path, interaction.description).toMatchObject({
        type: 'ProviderState',
        expression: expect.stringContaining('${token}'),
      });
    }
  });
});
