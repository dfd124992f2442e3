import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../createApi';
import { ConsentRequestSchema } from '../operations/consent';
import { consentHandlers, consentStore, exampleConsentRequests, handlers } from './index';

// The consent mocks (docs/behaviour.md#supervisor-consent), driven through the real adapter: a handler that
// drifts from the contract (the adapter's zod schemas) or from the failure tables fails here.
const server = setupServer(...handlers);
const api = createApi({ baseUrl: 'http://localhost' });
const applicationId = 'q3ZbV1n8R0K7yXw2LmA9tQ';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the consent mocks', () => {
  it.each(Object.entries(exampleConsentRequests))(
    'give the %s example in its contract shape',
    (_name, example) => {
      expect(ConsentRequestSchema.safeParse(example).success).toBe(true);
    },
  );

  it('ask, refuse a second request while one waits, withdraw it, and ask again', async () => {
    server.use(...consentStore());
    expect(await api.getApplicationConsent(applicationId)).toEqual({
      ok: true,
      data: { required: true, given: false, requests: [] },
    });
    const asked = await api.requestConsent(applicationId, { message: 'May I study with you?' });
    expect(asked.ok && asked.data.requests.map((r) => r.status)).toEqual(['requested']);
    expect(await api.requestConsent(applicationId, { message: 'Again?' })).toMatchObject({
      ok: false,
      failure: 'consentPending',
    });
    const id = asked.ok ? asked.data.requests[0]!.id : '';
    const withdrawn = await api.withdrawConsentRequest(applicationId, id);
    expect(withdrawn.ok && withdrawn.data.requests[0]!.status).toBe('withdrawn');
    expect(await api.withdrawConsentRequest(applicationId, id)).toMatchObject({
      ok: false,
      failure: 'consentNotPending',
    });
    const again = await api.requestConsent(applicationId, { message: 'May I study with you?' });
    expect(again.ok && again.data.requests.map((r) => r.status)).toEqual(['requested', 'withdrawn']);
  });

  it('show a decline with its reason in both languages, and map each refusal of a request', async () => {
    server.use(consentHandlers.declined, consentHandlers.requestConflicts('supervisor_unavailable'));
    const read = await api.getApplicationConsent(applicationId);
    expect(read.ok && read.data.requests[0]).toMatchObject({
      status: 'declined',
      reason: { ja: '今期は受入枠がない', en: 'No capacity this term' },
    });
    expect(await api.requestConsent(applicationId, { message: 'May I?' })).toMatchObject({
      ok: false,
      failure: 'supervisorUnavailable',
    });
  });
});
