// The desk console's pact holds what the console relies on (issue 40: "pacts for every 401/403/404/409 mapping
// verified against the provider"): each staff call's success, and every row of the staff client's failure
// tables (packages/api/src/staff/operations.ts `staffFailureTables`) with its status and, where the row names
// one, its `code`, each but a 401 with a provider state.
import { describe, expect, it } from 'vitest';
import { loadContract, staffContractFile } from '@pre-admission/contract';
import { staffFailureTables } from '@pre-admission/api/staff';
import { header, readPact, type PactInteraction } from '../support/pactFile';
import { committedStaffPactFile } from '../support/paths';

const openapi = await loadContract(staffContractFile);
const pact = readPact(committedStaffPactFile);

const operationOf = (interaction: PactInteraction) =>
  openapi.find(interaction.request.method, interaction.request.path)?.operationId;
const codeOf = (interaction: PactInteraction) =>
  (interaction.response.body?.content as { code?: unknown } | undefined)?.code;
/** The codes an answer names: its own, and its field errors' (a 400's `common_password`). */
const codesOf = (interaction: PactInteraction): unknown[] => {
  const body = interaction.response.body?.content as
    { code?: unknown; errors?: { code?: unknown }[] } | undefined;
  return [body?.code, ...(body?.errors ?? []).map((error) => error.code)].filter((c) => c !== undefined);
};

/** The calls whose success the console relies on, pinned with a provider state. */
const required: [operationId: string, status: number][] = [
  ['getStaffSession', 200],
  ['extendStaffSession', 200],
  ['listStaffAccounts', 200],
  ['listStaffApplications', 200],
  ['getStaffApplication', 200],
  ['returnApplicationForChanges', 200],
  ['recordApplicationDecision', 200],
  ['addApplicationNote', 201],
  ['listConsentRequests', 200],
  ['getConsentRequest', 200],
  ['decideConsentRequest', 200],
  ['getStaffPreferences', 200],
  ['setStaffPreferences', 200],
  ['getStaffInvitation', 200],
  ['acceptStaffInvitation', 204],
  ['staffSignIn', 200],
  ['finishStaffSignIn', 200],
  ['startStaffPasskeyStep', 200],
  ['startStaffAuthenticatorAppSetup', 200],
  ['enableStaffAuthenticatorApp', 200],
  ['startAddingStaffPasskey', 200],
  ['addStaffPasskey', 201],
];

/**
 * Rows not in the pact, each with why. The 429s: the reference server's rate-limit tests pin them. The
 * calls every role may make (the list, an application, a note, the mail settings): no role is refused them, so
 * no state brings `role_refused` about. An invitation's plain 400 (a password the rule refuses): the contract's
 * own schema refuses such a body, as it does an empty note. A note's 400: its only cause is a body
 * openapi.staff.yaml itself refuses (empty, or over 2,000 characters), which the note's form never sends and which
 * the pact's agreement with the contract would refuse. The second factor's refusals that need a passkey's own
 * signature or history (a passkey assertion or attestation refused, a passkey already added, twenty passkeys) and
 * codes stopped after ten wrong ones: the flows are written once for both realms (apps/api/src/account/realm.ts)
 * and the applicant's pact pins these refusals; no staff state makes them yet. The export-control screening's
 * outcome and the decision's refusals while it waits (issue 41): not written yet, no provider state makes a
 * screening that needs review (listed here so that this test says so; apps/api/test/screening pins them). The passkey step's 401: the contract
 * declares its second-step cookie required, so the pact cannot send the request without one; the second step's own
 * 401 row (the same `noSecondStep` failure) is pinned.
 */
const unpinnedRows = new Set([
  'recordApplicationDecision 409 screening_outcome_required',
  'recordApplicationDecision 409 screening_not_cleared',
  'recordScreeningOutcome 400',
  'recordScreeningOutcome 401',
  'recordScreeningOutcome 403 second_factor_required',
  'recordScreeningOutcome 403 role_refused',
  'recordScreeningOutcome 404 application_not_found',
  'recordScreeningOutcome 409 no_screening_waiting',
  'startStaffPasskeyStep 401 no_second_step',
  'finishStaffSignIn 403 second_factor_locked',
  'finishStaffSignIn 403 passkey_refused',
  'startAddingStaffPasskey 409 passkey_limit',
  'addStaffPasskey 403 passkey_refused',
  'addStaffPasskey 409 passkey_exists',
  'addStaffPasskey 409 passkey_limit',
  'listStaffApplications 403 role_refused',
  'getStaffApplication 403 role_refused',
  'addApplicationNote 403 role_refused',
  'addApplicationNote 400',
  'acceptStaffInvitation 400',
  'getStaffPreferences 403 role_refused',
  'setStaffPreferences 403 role_refused',
]);

/** Every row of every staff failure table: its operation, status and the code it names (if any). */
const rows = Object.entries(staffFailureTables).flatMap(([operationId, { call, table }]) =>
  Object.entries(table).map(([key, rule]) => {
    const [status, code] = key.split(' ');
    return {
      row: `${operationId} ${key}`,
      operationId,
      call,
      status: Number(status),
      code,
      failure: (rule as { failure: string }).failure,
    };
  }),
);
const pinned = rows.filter(({ row, status }) => status !== 429 && !unpinnedRows.has(row));

describe("the desk console's pact holds what the console relies on", () => {
  it.each(required)('%s answers %i, with a provider state', (operationId, status) => {
    const found = pact.interactions.filter(
      (i) => operationOf(i) === operationId && i.response.status === status,
    );
    expect(found).not.toHaveLength(0);
    for (const interaction of found) expect(interaction.providerStates?.length).toBeGreaterThan(0);
  });

  it('pins a row of most tables (the list of rows left out is not the whole)', () => {
    expect(pinned.length).toBeGreaterThanOrEqual(67);
  });

  describe.each(pinned)('$row ($call: $failure)', ({ operationId, status, code }) => {
    // A row without a code is its status's other cause: not one of the coded rows of the same status.
    const coded = rows
      .filter((row) => row.operationId === operationId && row.status === status && row.code !== undefined)
      .map((row) => row.code);
    const found = pact.interactions.filter(
      (i) =>
        operationOf(i) === operationId &&
        i.response.status === status &&
        (code === undefined
          ? !codesOf(i).some((c) => coded.includes(c as string))
          : codesOf(i).includes(code)),
    );
    it('is in the pact, with a provider state unless it is a 401', () => {
      expect(found).not.toHaveLength(0);
      if (status !== 401) for (const i of found) expect(i.providerStates?.length).toBeGreaterThan(0);
    });
    it('answers problem+json with the literal status and code', () => {
      for (const interaction of found) {
        const body = interaction.response.body?.content as { status?: unknown } | undefined;
        expect(body?.status).toBe(status);
        const matched = Object.keys(interaction.response.matchingRules?.body ?? {});
        expect(matched).not.toContain('$.status');
        expect(matched).not.toContain('$.code');
      }
    });
  });

  it('pins no failure the tables do not map (every 4xx but 429 is a row)', () => {
    const mapped = new Set(
      rows.map(({ operationId, status, code }) => `${operationId} ${status} ${code ?? ''}`),
    );
    const mappedStatus = new Set(rows.map(({ operationId, status }) => `${operationId} ${status} `));
    const unmapped = pact.interactions
      .filter((i) => i.response.status >= 400 && i.response.status !== 429)
      .map((i) => `${operationOf(i)} ${i.response.status} ${(codeOf(i) as string | undefined) ?? ''}`)
      .filter((key) => !mapped.has(key) && !mappedStatus.has(key.replace(/ \S+$/, ' ')));
    expect([...new Set(unmapped)]).toEqual([]);
  });

  it('takes the staff session cookie from provider state in every signed-in request', () => {
    const withCookie = pact.interactions.filter((i) => header(i.request.headers, 'Cookie') !== undefined);
    expect(withCookie.length).toBeGreaterThan(0);
    for (const interaction of withCookie) {
      expect(interaction.request.generators?.header?.Cookie, interaction.description).toEqual({
        type: 'ProviderState',
        expression: '${staffCookie}',
      });
    }
  });
});
