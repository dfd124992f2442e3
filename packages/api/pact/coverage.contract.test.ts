// The committed pact holds what the front end relies on (issue 7, docs/behaviour.md#api-calls and #error-catalogue): each call the screens make
// with its success, every row of the adapter's failure tables (packages/api/src/operations/failureTables.ts)
// with a provider state, and provider-generated tokens and cookies injected from provider state.
import { describe, expect, it } from 'vitest';
import { failureRows } from '@pre-admission/api';
import { loadContract } from '@pre-admission/contract';
import { header, readPact, type PactInteraction } from './support/pactFile';
import { committedPactFile } from './support/paths';

const openapi = await loadContract();
const pact = readPact(committedPactFile);

const operationOf = (interaction: PactInteraction) =>
  openapi.find(interaction.request.method, interaction.request.path)?.operationId;
const find = (operationId: string, status: number) =>
  pact.interactions.filter((i) => operationOf(i) === operationId && i.response.status === status);

/** Each call of docs/behaviour.md#api-calls with its success; its failures come from its failure table. */
const required: [operationId: string, statuses: number[]][] = [
  ['signIn', [200]],
  ['finishSignIn', [200]],
  ['startPasskeySignIn', [200]],
  ['passkeySignIn', [200]],
  ['getCurrentSession', [200]],
  ['extendSession', [200]],
  ['signOut', [204]],
  ['requestRegistration', [202]],
  ['getRegistration', [200]],
  ['finishRegistration', [204]],
  ['requestPasswordReset', [202]],
  ['getPasswordReset', [200]],
  ['finishPasswordReset', [204]],
  ['renewRegistration', [202]],
  ['renewPasswordReset', [202]],
  ['requestEmailChange', [202]],
  ['activateEmailChange', [204]],
  ['changePassword', [204]],
  ['getPlan', [200]],
  ['savePlan', [200]],
  ['listPasskeys', [200]],
  ['startAddingPasskey', [200]],
  ['addPasskey', [201]],
  ['renamePasskey', [200]],
  ['removePasskey', [204]],
  ['confirmSignIn', [200]],
  ['getAuthenticatorApp', [200]],
  ['startAuthenticatorAppSetup', [200]],
  ['enableAuthenticatorApp', [200]],
  ['disableAuthenticatorApp', [204]],
  ['renewRecoveryCodes', [200]],
  ['deleteAccount', [204]],
  ['listApplicationPeriods', [200]],
  ['listApplications', [200]],
  ['startApplication', [201]],
  ['getApplication', [200]],
  ['saveApplicationAnswers', [200]],
  ['discardApplication', [204]],
  ['submitApplication', [200]],
  ['withdrawApplication', [200]],
  ['getApplicationConsent', [200]],
  ['requestConsent', [201]],
  ['withdrawConsentRequest', [200]],
  ['uploadApplicationDocument', [201]],
  ['removeApplicationDocument', [204]],
  ['getApplicationDocument', [200]],
  ['getApplicationDocumentPreview', [200]],
];

/**
 * Rows of the failure tables the pact does not pin: the 429s (the reference server's rate-limit tests pin
 * them; a renewal's 429 is in the pact all the same) and four conflicts and dead links of flows
 * docs/behaviour.md#error-catalogue says are only logged, which no provider state sets up; and two passkey
 * conflicts no provider state sets up either (an account with 20 passkeys; an authenticator that already holds
 * one of the account's), which apps/api's own passkey tests pin. Of the documents: a file over 10 MB (or
 * an application over 100 MB), which a pact would have to carry, and a file of a submitted application that no
 * return reopened, which no agreed state returns; the server's own document tests pin both.
 */
const unpinned = new Set([
  'finishRegistration 409',
  'finishPasswordReset 404',
  'renewRegistration 409',
  'activateEmailChange 409',
  'startAddingPasskey 409',
  'addPasskey 409',
  'uploadApplicationDocument 413',
  'removeApplicationDocument 409',
]);
const pinned = failureRows()
  .filter(({ operationId, status }) => status !== 429 && !unpinned.has(`${operationId} ${status}`))
  .map(
    ({ operationId, call, status, rule }) =>
      [`${call} ${status}: ${rule.failure}`, operationId, status] as const,
  );

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

  it('pins no failure the tables do not map (every 4xx but 429 is a row)', () => {
    const rows = new Set(failureRows().map(({ operationId, status }) => `${operationId} ${status}`));
    const failures = pact.interactions.filter((i) => i.response.status >= 400 && i.response.status !== 429);
    expect(failures.length).toBeGreaterThan(20);
    const unmapped = failures
      .map((i) => `${operationOf(i)} ${i.response.status}`)
      .filter((r) => !rows.has(r));
    expect([...new Set(unmapped)]).toEqual([]);
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

  describe.each(pinned)('catalogue row: %s', (_row, operationId, status) => {
    const [interaction] = find(operationId, status);
    it('is in the pact with a provider state', () => {
      expect(interaction).toBeDefined();
      // A 401 is a call without a session cookie: there is nothing to set up.
      if (status !== 401) expect(interaction?.providerStates?.length).toBeGreaterThan(0);
    });
    it('answers problem+json with the literal status', () => {
      const body = interaction?.response.body?.content as { status?: unknown } | undefined;
      expect(body?.status).toBe(status);
      expect(Object.keys(interaction?.response.matchingRules?.body ?? {})).not.toContain('$.status');
    });
  });

  // The second-step cookie of docs/security.md#second-factor is the state's `secondStepCookie`; the session
  // and challenge cookies its `cookie`.
  it('takes every cookie from provider state', () => {
    const withCookie = pact.interactions.filter((i) => header(i.request.headers, 'Cookie') !== undefined);
    expect(withCookie.length).toBeGreaterThan(0);
    for (const interaction of withCookie) {
      expect(interaction.request.generators?.header?.Cookie, interaction.description).toEqual({
        type: 'ProviderState',
        expression: expect.stringMatching(/^\$\{(cookie|secondStepCookie)\}$/),
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
