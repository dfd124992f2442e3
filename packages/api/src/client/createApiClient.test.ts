import { describe, expect, it } from 'vitest';
import { createApi } from '../createApi';
import { schemaExamples } from '../generated/examples';
import { empty, fakeFetch, json, problemResponse } from '../test/fakeServer';
import { ApiError, MalformedResponseError, NetworkError, failureStatus } from './errors';
import { REQUEST_ID_EPOCH } from './requestId';
import { readRetryDelaysMs } from './retryReads';

const baseUrl = 'http://localhost:8080';

/** A success body for each path, so every operation can be called through one fake server. */
function answer(request: Request): Response {
  const path = new URL(request.url).pathname;
  if (path.endsWith('/api/applicant/sessions') && request.method === 'POST')
    return json(schemaExamples.SessionStatus);
  if (path.endsWith('/api/applicant/sessions/current')) return json(schemaExamples.CurrentSession);
  if (/\/(registrations|password-reset-requests)\/[^/]+$/.test(path) && request.method === 'GET') {
    return json(schemaExamples.TokenRequest);
  }
  if (request.method === 'POST') return json(schemaExamples.MailAccepted, 202);
  if (request.method !== 'GET') return empty(204);
  return json([]);
}

const everyOperation = (api: ReturnType<typeof createApi>) => [
  () => api.signIn({ email: 'a@example.com', password: 'x' }),
  () => api.getCurrentSession(),
  () => api.signOut(),
  () => api.requestRegistration({ email: 'a@example.com' }),
  () => api.getRegistration('tok'),
  () => api.finishRegistration('tok', { password: 'Passw0rd1' }),
  () => api.requestPasswordReset({ email: 'a@example.com' }),
  () => api.getPasswordReset('tok'),
  () => api.finishPasswordReset('tok', { password: 'Passw0rd1' }),
  () => api.requestEmailChange({ email: 'b@example.com' }),
  () => api.activateEmailChange('tok'),
  () => api.changePassword({ currentPassword: 'Passw0rd1', newPassword: 'Passw0rd2' }),
  () => api.fetchReferenceList('countries'),
  () => api.fetchReferenceList('educationCertificateTypes'),
];

describe('the client middleware', () => {
  it('sends credentials, Accept JSON and a request id on every operation; a JSON body type only with a body', async () => {
    const server = fakeFetch(answer);
    const api = createApi({
      baseUrl,
      fetch: server.fetch,
      now: () => REQUEST_ID_EPOCH + 5000,
      random: () => 0.5,
    });
    const calls = everyOperation(api);
    for (const call of calls) await call();
    expect(server.requests).toHaveLength(calls.length);
    for (const request of server.requests) {
      expect(request.credentials).toBe('include');
      expect(request.headers.get('Accept')).toBe('application/json');
      expect(request.headers.get('X-Request-Id')).toBe('5000:2048');
      const hasBody = (await request.clone().text()).length > 0;
      expect(request.headers.get('Content-Type')).toBe(hasBody ? 'application/json' : null);
    }
  });

  it('sends the body as JSON', async () => {
    const server = fakeFetch(answer);
    await createApi({ baseUrl, fetch: server.fetch }).signIn({ email: 'a@example.com', password: 'pw' });
    expect(await server.requests[0]?.json()).toEqual({ email: 'a@example.com', password: 'pw' });
  });

  it('puts the base path in front of every call', async () => {
    const server = fakeFetch(answer);
    await createApi({
      baseUrl: 'http://localhost:8080/pre-admission/',
      fetch: server.fetch,
    }).getCurrentSession();
    expect(server.requests[0]?.url).toBe(
      'http://localhost:8080/pre-admission/api/applicant/sessions/current',
    );
  });

  it('percent-encodes path tokens', async () => {
    const server = fakeFetch(answer);
    await createApi({ baseUrl, fetch: server.fetch }).getRegistration('a/b c');
    expect(server.requests[0]?.url).toBe(`${baseUrl}/api/applicant/registrations/a%2Fb%20c`);
  });
});

describe('failures', () => {
  it('turns a status outside 200-299 into an ApiError with the status and the problem body', async () => {
    const api = createApi({ baseUrl, fetch: async () => problemResponse(500) });
    const error = await api.signOut().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(failureStatus(error)).toBe(500);
    expect((error as ApiError).problem?.title).toBe('status 500');
    expect((error as ApiError).message).toBe('status 500');
  });

  it('keeps the status when the error body is not a problem (an HTML page from a proxy)', async () => {
    const api = createApi({
      baseUrl,
      fetch: async () =>
        new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    });
    const error = await api.signOut().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
    expect((error as ApiError).problem).toBeUndefined();
    expect((error as ApiError).message).toBe('status = 502');
  });

  it('treats 3xx that reaches the client as a failure too', async () => {
    const api = createApi({ baseUrl, fetch: async () => empty(304) });
    await expect(api.fetchReferenceList('courses')).rejects.toMatchObject({ status: 304 });
  });

  it('gives a failure with no status when the request never got an answer', async () => {
    const api = createApi({
      baseUrl,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await api.getCurrentSession().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(failureStatus(error)).toBeUndefined();
  });

  it('rejects a 2xx body that breaks the contract, with its status', async () => {
    const api = createApi({ baseUrl, fetch: async () => json([{ id: 'not a number', name: 'x' }]) });
    const error = await api.fetchReferenceList('countries').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(failureStatus(error)).toBe(200);
  });

  it('rejects a 2xx body that is not JSON, with its status', async () => {
    const api = createApi({
      baseUrl,
      fetch: async () => new Response('<html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    });
    await expect(api.fetchReferenceList('teachers')).rejects.toBeInstanceOf(MalformedResponseError);
  });

  it('reads Retry-After on a 429 in seconds or as a date', async () => {
    const seconds = createApi({ baseUrl, fetch: async () => problemResponse(429, { 'Retry-After': '90' }) });
    expect(await seconds.signIn({ email: 'a@example.com', password: 'x' })).toMatchObject({
      ok: false,
      failure: 'rateLimited',
      retryAfter: 90,
    });
    const date = new Date(Date.now() + 30_000).toUTCString();
    const dated = createApi({ baseUrl, fetch: async () => problemResponse(429, { 'Retry-After': date }) });
    const outcome = await dated.requestRegistration({ email: 'a@example.com' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.retryAfter).toBeGreaterThanOrEqual(28);
  });
});

describe('date conversion', () => {
  it('turns createdAt of a token read into a Date', async () => {
    const api = createApi({ baseUrl, fetch: async () => json(schemaExamples.TokenRequest) });
    const outcome = await api.getRegistration('tok');
    expect(outcome.ok && outcome.data.createdAt).toEqual(new Date('2026-11-21T08:30:00Z'));
  });

  it('turns createdAt and updatedAt of certificate types into Dates', async () => {
    const api = createApi({ baseUrl, fetch: async () => json([schemaExamples.ApplicationCertificateType]) });
    const [item] = await api.fetchReferenceList('applicationCertificateTypes');
    expect(item?.createdAt).toBeInstanceOf(Date);
    expect(item?.updatedAt.toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });

  it('rejects a date that is not ISO 8601', async () => {
    const api = createApi({
      baseUrl,
      fetch: async () => json({ ...schemaExamples.TokenRequest, createdAt: 'yesterday' }),
    });
    await expect(api.getPasswordReset('tok')).rejects.toBeInstanceOf(MalformedResponseError);
  });
});

describe('a failure to quote (issue 27: the request id on a 5xx)', () => {
  it('carries the request id the server put in the problem’s instance', async () => {
    const api = createApi({
      baseUrl,
      fetch: async () =>
        json({ type: 'urn:x', title: 'boom', status: 500, instance: '123:45' }, 500, {
          'Content-Type': 'application/problem+json',
        }),
    });
    const error = await api.signOut().catch((e: unknown) => e);
    expect((error as ApiError).requestId).toBe('123:45');
  });

  it('carries the id the request was sent with when the answer has no problem body (a proxy’s page)', async () => {
    const api = createApi({
      baseUrl,
      fetch: async () => new Response('<h1>Bad gateway</h1>', { status: 502 }),
      now: () => REQUEST_ID_EPOCH + 77,
      random: () => 0,
    });
    const error = await api.signOut().catch((e: unknown) => e);
    expect((error as ApiError).requestId).toBe('77:0');
  });
});

describe('reads that got no answer are sent again (issue 27)', () => {
  const noAnswer = () => {
    throw new TypeError('Failed to fetch');
  };

  it('sends a GET again after a pause, and gives its answer when one comes', async () => {
    let calls = 0;
    const pauses: number[] = [];
    const server = fakeFetch((request) => {
      calls += 1;
      return calls < 3 ? noAnswer() : answer(request);
    });
    const api = createApi({ baseUrl, fetch: server.fetch, sleep: async (ms) => void pauses.push(ms) });
    await expect(api.fetchReferenceList('countries')).resolves.toEqual([]);
    expect(calls).toBe(3);
    expect(pauses).toEqual(readRetryDelaysMs);
    expect(pauses[1]).toBeGreaterThan(pauses[0] ?? Infinity);
  });

  it('gives up with a NetworkError after its last try', async () => {
    const server = fakeFetch(noAnswer);
    const api = createApi({ baseUrl, fetch: server.fetch, sleep: async () => undefined });
    await expect(api.getCurrentSession()).rejects.toBeInstanceOf(NetworkError);
    expect(server.requests).toHaveLength(readRetryDelaysMs.length + 1);
  });

  it.each([
    ['POST', (api: ReturnType<typeof createApi>) => api.signIn({ email: 'a@example.com', password: 'x' })],
    [
      'PUT',
      (api: ReturnType<typeof createApi>) => api.savePlan({ readyCertificateIds: [], readyMaterialIds: [] }),
    ],
    [
      'PATCH',
      (api: ReturnType<typeof createApi>) => api.finishRegistration('tok', { password: 'Passw0rd1' }),
    ],
    ['DELETE', (api: ReturnType<typeof createApi>) => api.signOut()],
  ] as const)('never sends a %s again by itself', async (_method, call) => {
    const server = fakeFetch(noAnswer);
    const api = createApi({ baseUrl, fetch: server.fetch, sleep: async () => undefined });
    await expect(call(api)).rejects.toBeInstanceOf(NetworkError);
    expect(server.requests).toHaveLength(1);
  });

  it('never sends a GET again after an answer, even a 500', async () => {
    const server = fakeFetch(() => problemResponse(500));
    const api = createApi({ baseUrl, fetch: server.fetch, sleep: async () => undefined });
    await expect(api.getPlan()).rejects.toBeInstanceOf(ApiError);
    expect(server.requests).toHaveLength(1);
  });
});
