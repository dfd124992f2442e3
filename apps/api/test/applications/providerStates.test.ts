// The application provider states (apps/api/src/providerStates/applicationStates.ts, the names agreed with the
// adapter's pacts): each works over HTTP (PROVIDER_STATES=1) and in-process, again and again, on a database that
// holds other applicants and their applications, and whatever the date: the server's clock is moved years ahead
// and each state still does what its interaction expects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpState } from '../../src/providerStates/states.ts';
import type { StateResult } from '../../src/providerStates/types.ts';
import { startServer, type TestServer } from '../helpers.ts';
import { applicant, openPeriodsFile, submitted } from './helpers.ts';

const SECRET = 'provider-states-secret-for-tests';
const YEAR = 365 * 24 * 60 * 60 * 1000;
let server: TestServer;
let withStates: TestServer;

beforeAll(async () => {
  server = await startServer({ periodsFile: openPeriodsFile() });
  withStates = await startServer(
    { periodsFile: openPeriodsFile(), providerStates: true, providerStatesSecret: SECRET },
    server,
  );
  // Other data: applicants with applications of their own, before any state runs.
  for (const label of ['bystander', 'bystander']) await submitted(server, await applicant(server, label));
});
afterAll(async () => {
  await withStates.close();
  await server.close();
});

/** Sets a state up over HTTP on `withStates`, or in-process on `server`'s services. */
async function state(how: 'http' | 'in-process', sentence: string): Promise<StateResult> {
  if (how === 'in-process') return setUpState(server.services, sentence);
  const response = await withStates.app.inject({
    method: 'POST',
    url: '/_pact/provider-states',
    payload: { state: sentence, action: 'setup', params: {} },
    headers: { 'x-provider-states-secret': SECRET },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as StateResult;
}

/** The server the state was set up on (its periods stand in there). */
const target = (how: 'http' | 'in-process') => (how === 'http' ? withStates : server);

const get = (on: TestServer, result: StateResult) =>
  on.call('getApplication', { params: { applicationId: result.applicationId! }, cookie: result.cookie });

describe.each(['http', 'in-process'] as const)('the application states (%s)', (how) => {
  const on = () => target(how);

  it.each([0, 1])('work now and again on the same database (run %i), and years from now', async (run) => {
    if (run === 1) for (const s of [server, withStates]) s.clock.advance(3 * YEAR);

    const draft = await state(how, 'the applicant has a draft application');
    expect((await get(on(), draft)).body).toMatchObject({
      status: 'draft',
      programId: 11,
      studentType: 'master',
    });

    const complete = await state(how, 'the applicant has a complete draft application');
    const sent = await on().call('submitApplication', {
      params: { applicationId: complete.applicationId! },
      cookie: complete.cookie,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    const closed = await state(how, 'the applicant has a complete draft application whose period is closed');
    const late = await on().call('submitApplication', {
      params: { applicationId: closed.applicationId! },
      cookie: closed.cookie,
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'period_closed' });

    const submitted = await state(how, 'the applicant has a submitted application');
    const save = await on().call('saveApplicationAnswers', {
      params: { applicationId: submitted.applicationId! },
      body: { personal: { familyName: 'CHEN' } },
      cookie: submitted.cookie,
    });
    expect(save.body).toMatchObject({ code: 'not_editable' });
    const withdraw = await on().call('withdrawApplication', {
      params: { applicationId: submitted.applicationId! },
      body: { reason: 'Changed my mind.' },
      cookie: submitted.cookie,
    });
    expect(withdraw.status).toBe(200);

    const returned = await state(how, 'the applicant has an application returned for changes');
    const back = (await get(on(), returned)).body as { status: string; reopened: { dueAt: string } };
    expect(back).toMatchObject({
      status: 'returned',
      reopened: { sections: ['documents'], documentIds: [returned.documentId] },
    });
    expect(Date.parse(back.reopened.dueAt) - on().clock.now().getTime()).toBe(7 * 24 * 60 * 60 * 1000);

    const decided = await state(how, 'the applicant has a decided application');
    const refused = await on().call('withdrawApplication', {
      params: { applicationId: decided.applicationId! },
      body: { reason: 'x' },
      cookie: decided.cookie,
    });
    expect(refused.body).toMatchObject({ code: 'not_withdrawable' });

    const withdrawn = await state(how, 'the applicant has a withdrawn application');
    expect((await get(on(), withdrawn)).body).toMatchObject({ status: 'withdrawn' });

    const image = await state(how, 'the applicant has a draft application with an uploaded image');
    expect((await get(on(), image)).body).toMatchObject({
      status: 'draft',
      documents: [{ id: image.documentId, fileName: 'scan.jpg', mediaType: 'image/jpeg', hasPreview: true }],
    });
    // Stored as an upload stores it: the original and its preview can be read.
    for (const op of ['getApplicationDocument', 'getApplicationDocumentPreview'] as const) {
      const read = await on().call(op, {
        params: { applicationId: image.applicationId!, documentId: image.documentId! },
        cookie: image.cookie,
      });
      expect(read.status, op).toBe(200);
      expect(read.headers['content-type'], op).toBe('image/jpeg');
    }

    const other = await state(how, 'another applicant has an application');
    const foreign = await get(on(), other);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'application_not_found' });
    // The signed-in applicant's own cookie works for their own list.
    expect((await on().call('listApplications', { cookie: other.cookie })).status).toBe(200);
  });
});
