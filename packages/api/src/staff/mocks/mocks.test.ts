import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStaffApi } from '../index';
import {
  listStaffFixture,
  MOCK_SUPERVISOR_TEACHER_ID,
  mockStaffCredentials,
  staffFixtureApplications,
  staffFixtureConsentRequests,
  staffWorld,
} from './index';

// The staff mocks feed the console's stories and the desk app's tests; driven here through the real adapter,
// so a handler that drifts from the failure tables or from the server's list rules fails.
const server = setupServer();
const api = createStaffApi({ baseUrl: 'http://localhost' });
const use = (options?: Parameters<typeof staffWorld>[0]) => {
  const world = staffWorld(options);
  server.use(...world.handlers);
  return world;
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const fixtures = staffFixtureApplications();

describe('the staff fixture world', () => {
  it('holds about forty applications in every status, kind, period and several nationalities', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(40);
    expect(new Set(fixtures.map((a) => a.status))).toEqual(
      new Set(['submitted', 'underReview', 'returned', 'resubmitted', 'decided', 'withdrawn']),
    );
    expect(new Set(fixtures.map((a) => a.studentType)).size).toBe(4);
    expect(new Set(fixtures.map((a) => a.periodId)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(fixtures.map((a) => a.answers.personal.nationalityId)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(fixtures.map((a) => a.reference)).size).toBe(fixtures.length);
  });

  it('signs the desk member in with the password and then the code, and out', async () => {
    use({ session: 'signedOut' });
    expect(await api.getStaffSession()).toMatchObject({ ok: false, failure: 'signedOut' });
    expect(await api.listStaffApplications()).toMatchObject({ ok: false, failure: 'signedOut' });
    expect(await api.staffSignIn({ email: mockStaffCredentials.email, password: 'wrong' })).toMatchObject({
      ok: false,
      failure: 'wrongPassword',
    });
    expect(
      await api.staffSignIn({ email: mockStaffCredentials.email, password: mockStaffCredentials.password }),
    ).toEqual({
      ok: true,
      data: { signedIn: false, secondStep: ['authenticatorApp', 'recoveryCode'] },
    });
    expect(await api.finishStaffSignIn({ code: '000000' })).toMatchObject({
      ok: false,
      failure: 'wrongCode',
    });
    expect(await api.finishStaffSignIn({ code: mockStaffCredentials.code })).toMatchObject({ ok: true });
    expect(await api.getStaffSession()).toMatchObject({ ok: true, data: { role: 'desk' } });
    await api.staffSignOut();
    expect(await api.getStaffSession()).toMatchObject({ ok: false, failure: 'signedOut' });
    expect(await api.finishStaffSignIn({ code: mockStaffCredentials.code })).toMatchObject({
      ok: false,
      failure: 'noSecondStep',
    });
  });

  it('refuses the applications to an account without a second factor until it adds one', async () => {
    use({ session: 'secondFactorRequired' });
    expect(await api.getStaffSession()).toMatchObject({ ok: true, data: { secondFactorRequired: true } });
    expect(await api.listStaffApplications()).toMatchObject({ ok: false, failure: 'secondFactorRequired' });
    expect(await api.startStaffAuthenticatorAppSetup()).toMatchObject({ ok: true });
    expect(await api.enableStaffAuthenticatorApp(mockStaffCredentials.code)).toMatchObject({ ok: true });
    expect(await api.listStaffApplications()).toMatchObject({ ok: true });
  });

  it('lists a page of 25, newest first, with the total, and pages on', async () => {
    use();
    const first = await api.listStaffApplications();
    if (!first.ok) throw new Error('refused');
    expect(first.data).toMatchObject({ total: fixtures.length, page: 1, pageSize: 25 });
    expect(first.data.applications).toHaveLength(25);
    const times = first.data.applications.map((a) => a.submittedAt!);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await api.listStaffApplications({ page: 2 });
    expect(second.ok && second.data.applications).toHaveLength(fixtures.length - 25);
  });

  it('filters by each filter, combined', async () => {
    use();
    const returnedMasters = await api.listStaffApplications({ status: 'returned', kind: 'master' });
    if (!returnedMasters.ok) throw new Error('refused');
    const expected = fixtures.filter((a) => a.status === 'returned' && a.studentType === 'master');
    expect(expected.length).toBeGreaterThan(0);
    expect(returnedMasters.data.total).toBe(expected.length);
    expect(
      returnedMasters.data.applications.every((a) => a.status === 'returned' && a.studentType === 'master'),
    ).toBe(true);
    for (const query of [
      { nationality: 704 },
      { programme: 21 },
      { course: 2 },
      { period: '2026-october-master' },
    ]) {
      const { total, applications } = listStaffFixture(fixtures, query);
      expect(total, JSON.stringify(query)).toBeGreaterThan(0);
      expect(total, JSON.stringify(query)).toBeLessThan(fixtures.length);
      expect(applications.length).toBe(Math.min(total, 25));
    }
  });

  it('searches a name in any width and case, and a reference as it may be typed', () => {
    const chen = fixtures.filter((a) => a.answers.personal.familyName === 'CHEN').length;
    expect(chen).toBeGreaterThan(0);
    expect(listStaffFixture(fixtures, { q: 'chen' }).total).toBe(chen);
    expect(listStaffFixture(fixtures, { q: 'ＣＨＥＮ　xiao' }).total).toBe(chen);
    expect(listStaffFixture(fixtures, { q: '陳' }).total).toBe(chen);
    expect(listStaffFixture(fixtures, { q: 'nobody' }).total).toBe(0);
    const reference = fixtures[7]!.reference!;
    const typed = reference.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o');
    expect(listStaffFixture(fixtures, { q: typed }).applications.map((a) => a.id)).toEqual([fixtures[7]!.id]);
  });

  it('filters by consent as the server does: not required, not asked, or the latest request', async () => {
    const doctoral = fixtures.filter((a) => a.programId === 21);
    const [asked, declinedThenAccepted] = doctoral;
    const requests = staffFixtureConsentRequests().slice(0, 3);
    requests[0] = { ...requests[0]!, applicationId: asked!.id, status: 'requested' };
    requests[1] = {
      ...requests[1]!,
      applicationId: declinedThenAccepted!.id,
      status: 'declined',
      requestedAt: '2026-11-01T00:00:00.000Z',
    };
    requests[2] = {
      ...requests[2]!,
      applicationId: declinedThenAccepted!.id,
      status: 'accepted',
      requestedAt: '2026-11-05T00:00:00.000Z',
    };
    const world = use({ consentRequests: requests, consentProgrammes: [21] });
    const idsOf = async (consent: string) => {
      const result = await api.listStaffApplications({ consent: consent as 'notAsked', pageSize: 100 });
      if (!result.ok) throw new Error(result.failure);
      return result.data.applications.map((a) => a.id).sort();
    };
    expect(await idsOf('requested')).toEqual([asked!.id]);
    expect(await idsOf('accepted')).toEqual([declinedThenAccepted!.id]);
    expect(await idsOf('declined')).toEqual([]);
    expect(await idsOf('notAsked')).toEqual(
      doctoral
        .slice(2)
        .map((a) => a.id)
        .sort(),
    );
    expect(await idsOf('notRequired')).toEqual(
      world.applications
        .filter((a) => a.status !== 'draft' && a.programId !== 21)
        .map((a) => a.id)
        .sort(),
    );
    const refused = await fetch('http://localhost/api/staff/applications?consent=yes');
    expect(refused.status).toBe(400);
  });

  it('refuses a query parameter it does not know, or a value off its schema', async () => {
    use();
    const response = await fetch('http://localhost/api/staff/applications?colour=red&page=0');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errors: [
        { field: 'query', code: 'unknown_field' },
        { field: 'page', code: 'invalid' },
      ],
    });
  });

  it('returns, decides and notes, each with its history entry, and refuses a second decision', async () => {
    const world = use();
    const target = world.applications.find((a) => a.status === 'submitted')!;
    const returned = await api.returnApplicationForChanges(target.id, {
      sections: ['documents'],
      documentIds: [target.documents[0]!.id],
      dueAt: '2027-02-10T00:00:00.000Z',
      message: 'Please send the certificate with its seal.',
    });
    expect(returned).toMatchObject({ ok: true, data: { status: 'returned' } });
    expect(target.history.map((h) => h.status).slice(-2)).toEqual(['underReview', 'returned']);
    expect(await api.recordApplicationDecision(target.id, { outcome: 'accepted' })).toMatchObject({
      ok: false,
      failure: 'notReviewable',
    });
    const other = world.applications.find((a) => a.status === 'underReview')!;
    expect(await api.recordApplicationDecision(other.id, { outcome: 'notAccepted' })).toMatchObject({
      ok: false,
      failure: 'validation',
      fieldErrors: [{ field: 'reasonId', code: 'required' }],
    });
    expect(
      await api.recordApplicationDecision(other.id, {
        outcome: 'notAccepted',
        reasonId: 2,
        message: 'Sorry.',
      }),
    ).toMatchObject({
      ok: true,
      data: {
        status: 'decided',
        decision: { outcome: 'notAccepted', reason: { en: 'There is no place this term' } },
      },
    });
    expect(await api.recordApplicationDecision(other.id, { outcome: 'accepted' })).toMatchObject({
      ok: false,
      failure: 'alreadyDecided',
    });
    expect(await api.addApplicationNote(other.id, { text: 'Told the office.' })).toMatchObject({
      ok: true,
      data: { text: 'Told the office.', actor: { role: 'desk' } },
    });
    expect((await api.getStaffApplication(other.id)).ok && other.notes.at(-1)?.text).toBe('Told the office.');
    expect(await api.getStaffApplication('AAAAAAAAAAAAAAAAAAAAAA')).toMatchObject({
      ok: false,
      failure: 'applicationNotFound',
    });
  });

  it('holds consent requests in every state, and lists the supervisor only those naming them, newest first', async () => {
    const all = staffFixtureConsentRequests();
    expect(new Set(all.map((r) => r.status))).toEqual(
      new Set(['requested', 'accepted', 'declined', 'expired', 'withdrawn']),
    );
    use();
    const desk = await api.listConsentRequests();
    expect(desk.ok && desk.data.requests).toHaveLength(all.length);
    use({ role: 'supervisor' });
    expect(await api.getStaffSession()).toMatchObject({
      ok: true,
      data: { role: 'supervisor', teacherId: MOCK_SUPERVISOR_TEACHER_ID },
    });
    const mine = await api.listConsentRequests();
    if (!mine.ok) throw new Error('refused');
    const named = all.filter((r) => r.teacherId === MOCK_SUPERVISOR_TEACHER_ID);
    expect(named.length).toBeLessThan(all.length);
    expect(mine.data.requests.map((r) => r.id).sort()).toEqual(named.map((r) => r.id).sort());
    const times = mine.data.requests.map((r) => r.requestedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const waiting = await api.listConsentRequests({ status: 'requested' });
    expect(waiting.ok && waiting.data.requests.every((r) => r.status === 'requested')).toBe(true);
    const other = all.find((r) => r.teacherId !== MOCK_SUPERVISOR_TEACHER_ID)!;
    expect(await api.getConsentRequest(other.id)).toMatchObject({
      ok: false,
      failure: 'consentRequestNotFound',
    });
    const response = await fetch('http://localhost/api/staff/consent-requests?status=maybe');
    expect(response.status).toBe(400);
  });

  it('lets the supervisor decline with a reason once, and refuses the desk a decision', async () => {
    const deskWorld = use();
    const waiting = deskWorld.consentRequests.find(
      (r) => r.status === 'requested' && r.teacherId === MOCK_SUPERVISOR_TEACHER_ID,
    )!;
    expect(await api.decideConsentRequest(waiting.id, { outcome: 'accepted' })).toMatchObject({
      ok: false,
      failure: 'roleRefused',
    });
    expect(waiting.status).toBe('requested');
    server.resetHandlers();
    const world = use({ role: 'supervisor' });
    const target = world.consentRequests.find((r) => r.id === waiting.id)!;
    expect(await api.decideConsentRequest(target.id, { outcome: 'declined' })).toMatchObject({
      ok: false,
      failure: 'validation',
      fieldErrors: [{ field: 'reasonId', code: 'required' }],
    });
    expect(
      await api.decideConsentRequest(target.id, { outcome: 'declined', reasonId: 2, message: 'No places.' }),
    ).toMatchObject({
      ok: true,
      data: {
        status: 'declined',
        reason: { en: 'There is no place this term' },
        response: 'No places.',
        decidedBy: { role: 'supervisor' },
      },
    });
    expect(await api.decideConsentRequest(target.id, { outcome: 'accepted' })).toMatchObject({
      ok: false,
      failure: 'consentNotPending',
    });
    const withdrawn = world.consentRequests.find((r) => r.status === 'withdrawn')!;
    expect(await api.decideConsentRequest(withdrawn.id, { outcome: 'accepted' })).toMatchObject({
      ok: false,
      failure: 'consentNotPending',
    });
  });
});

describe("the fixture world's export-control screening", () => {
  const waiting = fixtures.find((a) => a.screening?.waiting && a.status === 'submitted')!;

  it('refuses "accepted" while the screening waits, records the desk’s outcome once, then lets it through', async () => {
    use();
    expect(waiting).toBeDefined();
    expect(await api.recordApplicationDecision(waiting.id, { outcome: 'accepted' })).toMatchObject({
      ok: false,
      failure: 'screeningOutcomeRequired',
    });
    expect(await api.recordScreeningOutcome(waiting.id, { outcome: 'cleared', reason: ' ' })).toMatchObject({
      ok: false,
      failure: 'validation',
    });
    const recorded = await api.recordScreeningOutcome(waiting.id, {
      outcome: 'cleared_with_conditions',
      reason: 'No access to the controlled laboratory.',
    });
    expect(recorded).toMatchObject({
      ok: true,
      data: { waiting: false, outcome: { outcome: 'cleared_with_conditions', staffId: '3' } },
    });
    expect(
      await api.recordScreeningOutcome(waiting.id, { outcome: 'not_cleared', reason: 'Again.' }),
    ).toMatchObject({ ok: false, failure: 'noScreeningWaiting' });
    expect(await api.recordApplicationDecision(waiting.id, { outcome: 'accepted' })).toMatchObject({
      ok: true,
    });
  });

  it('never shows a supervisor the screening, and refuses them the outcome (role_refused)', async () => {
    use({ role: 'supervisor' });
    const theirs = fixtures.find(
      (a) => a.screening && a.answers.choices.teacherId === MOCK_SUPERVISOR_TEACHER_ID,
    )!;
    const read = await api.getStaffApplication(theirs.id);
    expect(read.ok).toBe(true);
    expect(JSON.stringify(read)).not.toMatch(/screening|listVersion|needs_review/);
    expect(
      await api.recordScreeningOutcome(theirs.id, { outcome: 'cleared', reason: 'Fine.' }),
    ).toMatchObject({ ok: false, failure: 'roleRefused' });
  });
});
