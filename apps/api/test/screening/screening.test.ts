// Export-control screening's record (issue 41; docs/behaviour.md#export-control-screening). First the attacks:
// the supervisor, offices and exchange staff, and the applicant, each try to read or act on the screening, and a
// decision is tried before the desk's outcome. Then the behaviour: an other name of a listed entity needs review
// with its match, an unlisted institution is clear, the outcome is recorded with its history entry, and a
// consent request held for review reaches its supervisor once the desk clears it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffApplication } from '../../src/desk/applications.ts';
import type { StaffScreening } from '../../src/screening/screenings.ts';
import { serverFixture, type Mail } from '../helpers.ts';
import { completeAnswers, openPeriodsFile } from '../applications/helpers.ts';
import { staffIdOf, staffOf } from '../desk/helpers.ts';
import { ask, asking, consentCommand, consentOf, decide, newestId, type Asking } from '../consent/helpers.ts';

const { server, mailbox } = serverFixture({ periodsFile: openPeriodsFile() });
/** The consent requests mailed to a staff member (their invitation is mailed too). */
const consentMailsTo = async (to: string): Promise<Mail[]> =>
  (await mailbox()).filter((mail) => mail.to === to && /内諾|consent/i.test(mail.subject));

type Staff = { email: string; cookie: string; id: string };
let desk: Staff;
let supervisor: Staff;
let office: Staff;
let exchange: Staff;
const member = async (...role: string[]): Promise<Staff> => {
  const staff = await staffOf(server, ...role);
  return { ...staff, id: await staffIdOf(server, staff.email) };
};

beforeAll(async () => {
  desk = await member('desk');
  supervisor = await member('supervisor', '103');
  office = await member('office', '3');
  exchange = await member('exchange');
  expect((await consentCommand(server, 'require', '11')).exitCode).toBe(0);
});

/** "Example Inst. of Physics": the users list's entry 1 under its other name "Example Institute of Physics". */
const listedEntry = {
  countryId: 156,
  institutionName: 'Example Inst. of Physics',
  educationTypeId: 4,
  from: '2021-09',
  to: '2023-07',
  certificateCategoryId: 1,
  certificateTypeId: 2,
};

/** Adds the listed institution to the draft's education history. */
async function studiedAtListed(who: { cookie: string; applicationId: string }) {
  const saved = await server.call('saveApplicationAnswers', {
    params: { applicationId: who.applicationId },
    body: { education: { entries: [...completeAnswers.education.entries, listedEntry] } },
    cookie: who.cookie,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

const deskView = async (applicationId: string, cookie = desk.cookie) => {
  const response = await server.call('getStaffApplication', { params: { applicationId }, cookie });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as StaffApplication;
};
const recordOutcome = (applicationId: string, body: unknown, cookie = desk.cookie) =>
  server.call('recordScreeningOutcome', { params: { applicationId }, body, cookie });
const decideApplication = (applicationId: string, body: unknown, cookie = desk.cookie) =>
  server.call('recordApplicationDecision', { params: { applicationId }, body, cookie });
const submit = (who: Asking) =>
  server.call('submitApplication', { params: { applicationId: who.applicationId }, cookie: who.cookie });
const consentList = async (cookie: string) => {
  const response = await server.call('listConsentRequests', { cookie });
  expect(response.status).toBe(200);
  return (response.body as { requests: { id: string; screening?: StaffScreening }[] }).requests;
};

/** Every word of the screening an answer must not carry to anyone but the desk. */
const SCREENING_WORDS =
  /screening|needs_review|needsReview|listVersion|sha256|entryName|matchedName|wmd|concerns|Nuclear|Example Research Institute|isGroupD/i;

describe('what the supervisor, offices, exchange staff and the applicant try (the attacks)', () => {
  let who: Asking;
  let requestId: string;
  beforeAll(async () => {
    who = await asking(server, 'screen-attack');
    await studiedAtListed(who);
    const asked = await ask(server, who);
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    requestId = newestId(asked);
  });

  it('the supervisor asked neither lists, reads nor answers a request held for review, and is not mailed', async () => {
    expect((await consentList(supervisor.cookie)).map((request) => request.id)).not.toContain(requestId);
    const read = await server.call('getConsentRequest', {
      params: { consentRequestId: requestId },
      cookie: supervisor.cookie,
    });
    expect(read.status).toBe(404);
    expect((read.body as { code: string }).code).toBe('consent_request_not_found');
    const answered = await decide(server, supervisor.cookie, requestId, { outcome: 'accepted' });
    expect(answered.status).toBe(404);
    expect((await consentOf(server, who)).body).toMatchObject({
      given: false,
      requests: [{ status: 'requested' }],
    });
    expect(await consentMailsTo(supervisor.email)).toEqual([]);
  });

  it("the applicant's answers show a waiting request and no word of the screening", async () => {
    const consent = await consentOf(server, who);
    expect((consent.body as { requests: { status: string }[] }).requests[0]!.status).toBe('requested');
    const own = await server.call('getApplication', {
      params: { applicationId: who.applicationId },
      cookie: who.cookie,
    });
    const list = await server.call('listApplications', { cookie: who.cookie });
    for (const body of [consent.body, own.body, list.body])
      expect(JSON.stringify(body)).not.toMatch(SCREENING_WORDS);
  });

  it('a supervisor, an office and exchange staff cannot record an outcome (403 role_refused), and nothing is recorded', async () => {
    for (const staff of [supervisor, office, exchange]) {
      const response = await recordOutcome(
        who.applicationId,
        { outcome: 'cleared', reason: 'Looks fine to me.' },
        staff.cookie,
      );
      expect(response.status, staff.email).toBe(403);
      expect((response.body as { code: string }).code).toBe('role_refused');
    }
    const rows = await server.services.db.query(
      'select 1 from screening_outcomes o join screenings s on s.id = o.screening_id where s.application_id = $1',
      [who.applicationId],
    );
    expect(rows).toEqual([]);
  });

  describe('once submitted', () => {
    let id: string;
    beforeAll(async () => {
      // Cleared for the consent request, accepted by the supervisor, then submitted: screened again.
      const cleared = await recordOutcome(who.applicationId, {
        outcome: 'cleared',
        reason: 'Teaching only.',
      });
      expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
      expect((await decide(server, supervisor.cookie, requestId, { outcome: 'accepted' })).status).toBe(200);
      const sent = await submit(who);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      id = who.applicationId;
    });

    it("the supervisor's, the office's and exchange staff's views of the application carry no screening", async () => {
      const supervisorView = await deskView(id, supervisor.cookie);
      const officeView = await deskView(id, office.cookie);
      for (const view of [supervisorView, officeView]) {
        expect(view.screening).toBeUndefined();
        expect(JSON.stringify(view)).not.toMatch(SCREENING_WORDS);
        expect(view.history.every((entry) => entry.screening === undefined)).toBe(true);
      }
      // Exchange staff see exchange applications only: this master's is not theirs at all.
      expect(
        (await server.call('getStaffApplication', { params: { applicationId: id }, cookie: exchange.cookie }))
          .status,
      ).toBe(404);
      // The supervisor's consent list: the accepted request, without the screening.
      const theirs = (await consentList(supervisor.cookie)).find((request) => request.id === requestId);
      expect(theirs).toBeDefined();
      expect(JSON.stringify(theirs)).not.toMatch(SCREENING_WORDS);
    });

    it('the decision "accepted" is refused (409 screening-pending) while the new screening waits, and nothing changes', async () => {
      expect((await deskView(id)).screening).toMatchObject({ trigger: 'submission', waiting: true });
      for (const staff of [desk, office]) {
        const refused = await decideApplication(id, { outcome: 'accepted' }, staff.cookie);
        expect(refused.status, JSON.stringify(refused.body)).toBe(409);
        expect(refused.body).toMatchObject({
          type: 'urn:pre-admission:problem:screening-pending',
          code: 'screening_outcome_required',
        });
      }
      const view = await deskView(id);
      expect(view.status).toBe('submitted');
      expect(view.decision).toBeUndefined();
    });
  });
});

describe('the screening and the desk’s outcome', () => {
  it('an unlisted institution is clear: no match, the list version recorded, nothing to record, the decision free', async () => {
    const who = await asking(server, 'screen-clear');
    const mailedBefore = (await consentMailsTo(supervisor.email)).length;
    const requestId = newestId(await ask(server, who));
    server.clock.advance(1000);
    // Clear: the supervisor sees the request at once, and is mailed.
    expect((await consentMailsTo(supervisor.email)).length).toBe(mailedBefore + 1);
    expect((await decide(server, supervisor.cookie, requestId, { outcome: 'accepted' })).status).toBe(200);
    expect((await submit(who)).status).toBe(200);
    const id = who.applicationId;
    const { screening, history } = await deskView(id);
    expect(screening).toMatchObject({ trigger: 'submission', result: 'clear', matches: [], waiting: false });
    expect(screening!.listVersion).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(screening!.countries).toContainEqual({
      countryId: 156,
      role: 'nationality',
      alpha2Code: 'CN',
      isGroupA: true,
      isGroupD: false,
    });
    expect(history.map((entry) => [entry.status, entry.screening?.event])).toEqual([
      ['draft', 'screened'],
      ['submitted', undefined],
      ['submitted', 'screened'],
    ]);
    const nothing = await recordOutcome(id, { outcome: 'cleared', reason: 'Nothing to see.' });
    expect(nothing.status).toBe(409);
    expect(nothing.body).toMatchObject({
      type: 'urn:pre-admission:problem:screening-conflict',
      code: 'no_screening_waiting',
    });
    expect((await decideApplication(id, { outcome: 'accepted' })).status).toBe(200);
  });

  it('an other name of a listed entity needs review with the match; not cleared with a reason, in the history; the decision refused', async () => {
    const who = await asking(server, 'screen-alias');
    await studiedAtListed(who);
    const mailedBefore = (await consentMailsTo(supervisor.email)).length;
    const asked = await ask(server, who);
    expect(asked.status).toBe(201);
    const requestId = newestId(asked);
    const held = (await consentList(desk.cookie)).find((request) => request.id === requestId)!;
    expect(held.screening).toMatchObject({
      trigger: 'consent_request',
      result: 'needs_review',
      waiting: true,
      matches: [
        {
          institution: 'Example Inst. of Physics',
          entryId: 1,
          entryName: 'Example Research Institute of Physics',
          matchedName: 'Example Institute of Physics',
          kind: 'alias',
          score: 1,
          country: 'Exampleland',
          concerns: [{ code: 'N', name: 'Nuclear' }],
        },
      ],
    });

    const blank = await recordOutcome(who.applicationId, { outcome: 'not_cleared', reason: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ errors: [{ field: 'reason', code: 'required' }] });

    const before = server.clock.now().toISOString();
    const recorded = await recordOutcome(who.applicationId, {
      outcome: 'not_cleared',
      reason: 'The laboratory is the listed entity under another name.',
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect(recorded.body).toMatchObject({
      waiting: false,
      outcome: {
        outcome: 'not_cleared',
        reason: 'The laboratory is the listed entity under another name.',
        staffId: desk.id,
        at: before,
      },
    });
    expect(server.logs.text).toMatch(
      new RegExp(
        `"event":"staff.screening.outcome-recorded".*"staffId":"${desk.id}".*"applicationId":"${who.applicationId}"`,
      ),
    );
    const again = await recordOutcome(who.applicationId, { outcome: 'cleared', reason: 'Changed my mind.' });
    expect(again.status).toBe(409);

    // Not cleared: the request stays from the supervisor; the applicant still sees it waiting.
    expect((await consentList(supervisor.cookie)).map((request) => request.id)).not.toContain(requestId);
    expect((await consentOf(server, who)).body).toMatchObject({ requests: [{ status: 'requested' }] });
    expect((await consentMailsTo(supervisor.email)).length).toBe(mailedBefore);

    // The desk's console reads the steps in the consent request's screening; the draft is not the desk's to open.
    const history = await server.services.db.query<{ outcome: string }>(
      `select o.outcome from screening_outcomes o join screenings s on s.id = o.screening_id
        where s.application_id = $1`,
      [who.applicationId],
    );
    expect(history).toEqual([{ outcome: 'not_cleared' }]);
  });

  it('cleared: the held request reaches the supervisor (mailed, its term from now), who accepts; the history has each step', async () => {
    const who = await asking(server, 'screen-release');
    await studiedAtListed(who);
    const requestId = newestId(await ask(server, who));
    // A minute later (a staff session's idle time is longer): the term counts from the release.
    server.clock.advance(60_000);
    const mailedBefore = (await consentMailsTo(supervisor.email)).length;
    const cleared = await recordOutcome(who.applicationId, {
      outcome: 'cleared_with_conditions',
      reason: 'No access to the controlled laboratory.',
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(server.logs.text).toMatch(
      new RegExp(`"event":"staff.consent.released".*"consentRequestId":"${requestId}"`),
    );

    const theirs = (await consentList(supervisor.cookie)).find((request) => request.id === requestId) as
      { expiresAt: string } | undefined;
    expect(theirs).toBeDefined();
    expect(Date.parse(theirs!.expiresAt)).toBe(
      server.clock.now().getTime() + server.services.config.lifetimes.consentRequest,
    );
    expect((await consentMailsTo(supervisor.email)).length).toBe(mailedBefore + 1);
    expect((await decide(server, supervisor.cookie, requestId, { outcome: 'accepted' })).status).toBe(200);
    server.clock.advance(1000);

    const sent = await submit(who);
    expect(sent.status).toBe(200);
    // Screened again at submission: the same institution needs the desk's outcome again before "accepted".
    expect((await decideApplication(who.applicationId, { outcome: 'accepted' })).status).toBe(409);
    server.clock.advance(1000);
    expect(
      (await recordOutcome(who.applicationId, { outcome: 'cleared', reason: 'As at the consent request.' }))
        .status,
    ).toBe(200);
    server.clock.advance(1000);
    expect((await decideApplication(who.applicationId, { outcome: 'accepted' })).status).toBe(200);

    const { history, screening } = await deskView(who.applicationId);
    expect(screening).toMatchObject({ trigger: 'submission', outcome: { outcome: 'cleared' } });
    expect(
      history.map((entry) => [
        entry.status,
        entry.screening?.event ?? null,
        entry.screening?.outcome ?? null,
      ]),
    ).toEqual([
      ['draft', 'screened', null],
      ['draft', 'outcome', 'cleared_with_conditions'],
      ['submitted', null, null],
      ['submitted', 'screened', null],
      ['submitted', 'outcome', 'cleared'],
      ['underReview', null, null],
      ['decided', null, null],
    ]);
    expect(history[1]!.actor).toEqual({ staffId: desk.id, role: 'desk' });
  });

  it('not cleared refuses the decision "accepted" with its own code; "not accepted" is still the desk’s to record', async () => {
    const who = await asking(server, 'screen-refused');
    await studiedAtListed(who);
    const requestId = newestId(await ask(server, who));
    await recordOutcome(who.applicationId, { outcome: 'cleared', reason: 'For the consent request.' });
    expect((await decide(server, supervisor.cookie, requestId, { outcome: 'accepted' })).status).toBe(200);
    expect((await submit(who)).status).toBe(200);
    await recordOutcome(who.applicationId, { outcome: 'not_cleared', reason: 'Listed entity.' });
    const refused = await decideApplication(who.applicationId, { outcome: 'accepted' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'screening_not_cleared' });
    expect((await decideApplication(who.applicationId, { outcome: 'notAccepted', reasonId: 1 })).status).toBe(
      200,
    );
  });
});
