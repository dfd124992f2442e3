import { describe, expect, it } from 'vitest';
import { ApiError, MalformedResponseError } from '../client/errors';
import type { FailureTable } from '../operations/outcome';
import { createStaffApi } from './index';
import { staffFailureTables } from './operations';

/** A fetch that answers every request with one response, and keeps the requests it saw. */
function answering(status: number, body?: object, contentType = 'application/problem+json') {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: body === undefined ? {} : { 'Content-Type': contentType },
    });
  };
  return { api: createStaffApi({ baseUrl: 'http://localhost', fetch, sleep: async () => {} }), requests };
}
const problem = (status: number, type: string, code?: string) => ({
  type: `urn:pre-admission:problem:${type}`,
  title: type,
  status,
  ...(code ? { code } : {}),
});

type Api = ReturnType<typeof createStaffApi>;
/** One call of each mapped operation, with arguments the contract takes. */
const calls: Record<keyof typeof staffFailureTables, (api: Api) => Promise<unknown>> = {
  getStaffInvitation: (api) => api.getStaffInvitation('token'),
  acceptStaffInvitation: (api) => api.acceptStaffInvitation('token', { password: 'Passw0rd-2026-desk' }),
  staffSignIn: (api) => api.staffSignIn({ email: 'desk01@example.ac.jp', password: 'x' }),
  getStaffSession: (api) => api.getStaffSession(),
  extendStaffSession: (api) => api.extendStaffSession(),
  startStaffPasskeyStep: (api) => api.startStaffPasskeyStep(),
  finishStaffSignIn: (api) => api.finishStaffSignIn({ code: '123456' }),
  startAddingStaffPasskey: (api) => api.startAddingStaffPasskey(),
  addStaffPasskey: (api) => api.addStaffPasskey({ name: 'Laptop', credential: {} as never }),
  startStaffAuthenticatorAppSetup: (api) => api.startStaffAuthenticatorAppSetup(),
  enableStaffAuthenticatorApp: (api) => api.enableStaffAuthenticatorApp('123456'),
  listStaffAccounts: (api) => api.listStaffAccounts(),
  listStaffApplications: (api) => api.listStaffApplications({ status: 'submitted' }),
  getStaffApplication: (api) => api.getStaffApplication('q3ZbV1n8R0K7yXw2LmA9tQ'),
  returnApplicationForChanges: (api) =>
    api.returnApplicationForChanges('q3ZbV1n8R0K7yXw2LmA9tQ', {
      sections: ['documents'],
      documentIds: [],
      dueAt: '2027-02-01T00:00:00.000Z',
      message: 'Please send the certificate again.',
    }),
  recordApplicationDecision: (api) =>
    api.recordApplicationDecision('q3ZbV1n8R0K7yXw2LmA9tQ', { outcome: 'accepted' }),
  recordScreeningOutcome: (api) =>
    api.recordScreeningOutcome('q3ZbV1n8R0K7yXw2LmA9tQ', { outcome: 'cleared', reason: 'Teaching only.' }),
  addApplicationNote: (api) => api.addApplicationNote('q3ZbV1n8R0K7yXw2LmA9tQ', { text: 'Checked.' }),
  listConsentRequests: (api) => api.listConsentRequests({ status: 'requested' }),
  getConsentRequest: (api) => api.getConsentRequest('c7ZbV1n8R0K7yXw2LmA9tQ'),
  decideConsentRequest: (api) =>
    api.decideConsentRequest('c7ZbV1n8R0K7yXw2LmA9tQ', {
      outcome: 'declined',
      reasonId: 2,
      message: 'I have no places this year.',
    }),
  getStaffPreferences: (api) => api.getStaffPreferences(),
  setStaffPreferences: (api) => api.setStaffPreferences({ dailySummary: false }),
};

const rows = Object.entries(staffFailureTables).flatMap(([operation, { table }]) =>
  Object.entries(table as FailureTable).map(([key, rule]) => {
    const [status, code] = key.split(' ');
    return {
      operation: operation as keyof typeof staffFailureTables,
      status: Number(status),
      code,
      rule: rule!,
    };
  }),
);

describe('the staff adapter', () => {
  it.each(rows)('maps $operation $status $code to its failure', async ({ operation, status, code, rule }) => {
    const { api } = answering(status, problem(status, 'refused', code));
    const outcome = (await calls[operation](api)) as { ok: boolean; failure?: string; shows?: unknown };
    expect(outcome).toMatchObject({ ok: false, failure: rule.failure, shows: rule.shows });
  });

  it('tells a role refused from a missing second factor, and both from a signed-out member', async () => {
    const failure = async (status: number, type: string, code?: string) =>
      (
        (await answering(status, problem(status, type, code)).api.listStaffApplications()) as {
          failure?: string;
        }
      ).failure;
    expect(await failure(403, 'role-refused', 'role_refused')).toBe('roleRefused');
    expect(await failure(403, 'second-factor-required', 'second_factor_required')).toBe(
      'secondFactorRequired',
    );
    expect(await failure(401, 'no-session')).toBe('signedOut');
  });

  it('maps an application of another reach (404) and a state that refuses the action (409)', async () => {
    const api404 = answering(404, problem(404, 'not-found', 'application_not_found')).api;
    expect(await api404.getStaffApplication('q3ZbV1n8R0K7yXw2LmA9tQ')).toMatchObject({
      ok: false,
      failure: 'applicationNotFound',
      shows: { kind: 'applicationGone' },
    });
    const api409 = answering(409, problem(409, 'application-conflict', 'already_decided')).api;
    expect(
      await api409.recordApplicationDecision('q3ZbV1n8R0K7yXw2LmA9tQ', { outcome: 'accepted' }),
    ).toMatchObject({
      ok: false,
      failure: 'alreadyDecided',
      shows: { kind: 'applicationState' },
    });
  });

  it('carries the refused fields of a 400', async () => {
    const { api } = answering(400, {
      ...problem(400, 'validation'),
      errors: [{ field: 'dueAt', code: 'past' }],
    });
    expect(await calls.returnApplicationForChanges(api)).toMatchObject({
      ok: false,
      failure: 'validation',
      fieldErrors: [{ field: 'dueAt', code: 'past' }],
    });
  });

  it('rethrows a request refused as from another site, and a status no table names', async () => {
    await expect(
      answering(403, problem(403, 'foreign-origin')).api.recordApplicationDecision('x', {
        outcome: 'accepted',
      }),
    ).rejects.toBeInstanceOf(ApiError);
    await expect(answering(500, problem(500, 'internal')).api.getStaffApplication('x')).rejects.toMatchObject(
      { status: 500 },
    );
    await expect(
      answering(409, problem(409, 'conflict', 'something_else')).api.addApplicationNote('x', { text: 'a' }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('refuses a success that is no JSON object', async () => {
    await expect(answering(200, undefined).api.getStaffSession()).rejects.toBeInstanceOf(
      MalformedResponseError,
    );
  });

  it('sends the request id, credentials, JSON and the query as the server reads them', async () => {
    const { api, requests } = answering(
      200,
      { applications: [], total: 0, page: 2, pageSize: 25 },
      'application/json',
    );
    expect(await api.listStaffApplications({ status: 'returned', q: '陳 小明', page: 2 })).toMatchObject({
      ok: true,
    });
    const [request] = requests;
    const url = new URL(request!.url);
    expect(url.pathname).toBe('/api/staff/applications');
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: 'returned', q: '陳 小明', page: '2' });
    expect(request!.headers.get('X-Request-Id')).toMatch(/^[0-9]+:[0-9]+$/);
    expect(request!.headers.get('Accept')).toBe('application/json');
    expect(request!.credentials).toBe('include');
  });

  it('tells a consent request decided, expired or withdrawn meanwhile (409) from one out of reach (404)', async () => {
    const decline = { outcome: 'declined', reasonId: 1, message: 'No places.' } as const;
    const closed = answering(409, problem(409, 'consent-conflict', 'consent_not_pending')).api;
    expect(await closed.decideConsentRequest('c7ZbV1n8R0K7yXw2LmA9tQ', decline)).toMatchObject({
      ok: false,
      failure: 'consentNotPending',
      shows: { kind: 'applicationState' },
    });
    const gone = answering(404, problem(404, 'not-found', 'consent_request_not_found')).api;
    expect(await gone.getConsentRequest('c7ZbV1n8R0K7yXw2LmA9tQ')).toMatchObject({
      ok: false,
      failure: 'consentRequestNotFound',
    });
    // The desk reads but does not decide: its decision is refused by role, not as a missing request.
    const desk = answering(403, problem(403, 'role-refused', 'role_refused')).api;
    expect(await desk.decideConsentRequest('c7ZbV1n8R0K7yXw2LmA9tQ', decline)).toMatchObject({
      ok: false,
      failure: 'roleRefused',
    });
  });

  it("sends a consent decision as the contract's body, to the request's path", async () => {
    const { api, requests } = answering(200, { requests: [] }, 'application/json');
    expect(await api.listConsentRequests({ status: 'requested' })).toEqual({
      ok: true,
      data: { requests: [] },
    });
    expect(new URL(requests[0]!.url).search).toBe('?status=requested');
    const decided = answering(200, { id: 'c7ZbV1n8R0K7yXw2LmA9tQ', status: 'declined' }, 'application/json');
    await decided.api.decideConsentRequest('c7/../x', { outcome: 'declined', reasonId: 2, message: 'No.' });
    const [request] = decided.requests;
    expect(request!.method).toBe('PUT');
    expect(new URL(request!.url).pathname).toBe('/api/staff/consent-requests/c7%2F..%2Fx/decision');
    expect(await request!.json()).toEqual({ outcome: 'declined', reasonId: 2, message: 'No.' });
  });

  it('names the document links under the base path', () => {
    const api = createStaffApi({ baseUrl: '/pre-admission' });
    expect(api.staffDocumentUrl('a b', 'd')).toBe('/pre-admission/api/staff/applications/a%20b/documents/d');
    expect(api.staffDocumentPreviewUrl('a', 'd')).toBe(
      '/pre-admission/api/staff/applications/a/documents/d/preview',
    );
    expect(api.consentResearchPlanUrl('c/1')).toBe(
      '/pre-admission/api/staff/consent-requests/c%2F1/research-plan',
    );
    expect(api.staffDocumentsArchiveUrl('a/b')).toBe(
      '/pre-admission/api/staff/applications/a%2Fb/documents.zip',
    );
    expect(api.staffApplicationsExportUrl()).toBe('/pre-admission/api/staff/applications.csv');
    expect(
      api.staffApplicationsExportUrl({
        status: 'returned',
        q: '陳 & co',
        sort: 'reference',
        page: 3,
        pageSize: 25,
      }),
    ).toBe('/pre-admission/api/staff/applications.csv?status=returned&q=%E9%99%B3%20%26%20co&sort=reference');
  });
});
