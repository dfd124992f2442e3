// The supervisor's consent (内諾) before submission (docs/behaviour.md#supervisor-consent): the operator's data
// of which programme options require it, the applicant's request with the research plan attached by
// reference, the supervisor's mail, reads and decision, the applicant's mails in their language, asking again
// after a decline or a withdrawal, one waiting request at a time, and the submission refused until consent to
// the supervisor chosen now is given. Every step names who closed the request and when, and is audited.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverFixture, type Mail } from '../helpers.ts';
import { openPeriodsFile } from '../applications/helpers.ts';
import { staffIdOf, staffOf } from '../desk/helpers.ts';
import {
  ask,
  asking,
  consentCommand,
  consentOf,
  decide,
  newestId,
  type Asking,
  type ConsentView,
} from './helpers.ts';

const { server, mailbox } = serverFixture({ periodsFile: openPeriodsFile() });
const mailsTo = async (to: string): Promise<Mail[]> => (await mailbox()).filter((mail) => mail.to === to);

let supervisor: { email: string; cookie: string; id: string };
beforeAll(async () => {
  const staff = await staffOf(server, 'supervisor', '103');
  supervisor = { ...staff, id: await staffIdOf(server, staff.email) };
  expect((await consentCommand(server, 'require', '11')).exitCode).toBe(0);
});

const submit = (who: Asking) =>
  server.call('submitApplication', { params: { applicationId: who.applicationId }, cookie: who.cookie });

describe('npm run consent (the operator sets which programme options require consent)', () => {
  it('lists, requires and waives programme options of the programs list, and refuses any other id', async () => {
    expect((await consentCommand(server, 'require', '12')).lines).toEqual([
      'Requires consent before submission: 12 DOCTORAL_APRIL Doctoral programme (April entry)',
    ]);
    const listed = await consentCommand(server, 'list');
    expect(listed.lines.join('\n')).toMatch(/11 MASTER_APRIL[\s\S]*12 DOCTORAL_APRIL/);
    expect((await consentCommand(server, 'waive', '12')).exitCode).toBe(0);
    expect((await consentCommand(server, 'list')).lines.join('\n')).not.toMatch(/DOCTORAL_APRIL/);

    const wrong = await consentCommand(server, 'require', '12', '999', 'x');
    expect(wrong.exitCode).toBe(1);
    expect(wrong.lines[0]).toBe('Not a programme option of the programs list: 999, x. Nothing was changed.');
    expect((await consentCommand(server, 'list')).lines.join('\n')).not.toMatch(/DOCTORAL_APRIL/);
    expect((await consentCommand(server, 'require')).exitCode).toBe(2);
    expect((await consentCommand(server, 'drop', '11')).exitCode).toBe(2);
  });
});

describe('asking, declining, asking again, accepting, submitting', () => {
  let who: Asking;
  beforeAll(async () => {
    who = await asking(server);
  });

  it('refuses the submission (409 consent_required) while no consent is given, and changes nothing', async () => {
    const consent = await consentOf(server, who);
    expect(consent.body).toEqual({ required: true, given: false, requests: [] });
    const refused = await submit(who);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'consent_required' });
    const own = await server.call('getApplication', {
      params: { applicationId: who.applicationId },
      cookie: who.cookie,
    });
    expect((own.body as { status: string }).status).toBe('draft');
  });

  let first: string;
  it('asks the chosen supervisor with the research plan attached; the teacher is mailed a link to the desk', async () => {
    const before = server.clock.now();
    const asked = await ask(server, who, 'I would like to study in your laboratory.', {
      'accept-language': 'en',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const consent = asked.body as ConsentView;
    first = newestId(asked);
    expect(consent.requests).toEqual([
      {
        id: first,
        teacherId: 103,
        status: 'requested',
        message: 'I would like to study in your laboratory.',
        researchPlan: { documentId: who.planId, fileName: 'research-plan.pdf' },
        requestedAt: before.toISOString(),
        expiresAt: new Date(before.getTime() + server.config.lifetimes.consentRequest).toISOString(),
      },
    ]);
    const [mail] = await mailsTo(supervisor.email);
    expect(mail?.subject).toContain('受入内諾の依頼');
    expect(mail?.text).toContain(`${server.config.publicUrl}${server.config.basePath}/desk/`);
    expect(mail?.text).toContain('CHEN XIAOMING');
    expect(mail?.text).not.toContain('research-plan.pdf');
    expect(server.logs.text).toMatch(
      new RegExp(`"event":"consent.requested".*"consentRequestId":"${first}"`),
    );
  });

  it('lets the supervisor list and read it, and download the research plan as an attachment, each audited', async () => {
    const listed = await server.call('listConsentRequests', { cookie: supervisor.cookie });
    expect(listed.status).toBe(200);
    const requests = (listed.body as { requests: { id: string }[] }).requests;
    expect(requests.map((r) => r.id)).toContain(first);

    const read = await server.call('getConsentRequest', {
      params: { consentRequestId: first },
      cookie: supervisor.cookie,
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      applicationId: who.applicationId,
      status: 'requested',
      studentType: 'master',
      programId: 11,
      applicant: { familyName: 'CHEN', givenNames: 'XIAOMING', nameJa: '陳 小明' },
      researchPlan: { fileName: 'research-plan.pdf', mediaType: 'application/pdf' },
    });
    expect(server.logs.text).toMatch(
      new RegExp(`"event":"staff.consent.read","staffId":"${supervisor.id}".*"consentRequestId":"${first}"`),
    );

    const file = await server.call('getConsentResearchPlan', {
      params: { consentRequestId: first },
      cookie: supervisor.cookie,
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(server.logs.text).toMatch(
      new RegExp(`"event":"staff.document.read","staffId":"${supervisor.id}".*"documentId":"${who.planId}"`),
    );
  });

  it('refuses a second request while one waits (409 consent_pending)', async () => {
    const again = await ask(server, who);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      type: 'urn:pre-admission:problem:consent-conflict',
      code: 'consent_pending',
    });
    expect(((await consentOf(server, who)).body as ConsentView).requests).toHaveLength(1);
  });

  it('declines with a reason and a message: the applicant reads both, by mail in English, and who and when', async () => {
    const at = server.clock.now().toISOString();
    const declined = await decide(server, supervisor.cookie, first, {
      outcome: 'declined',
      reasonId: 2,
      message: 'Please ask Professor Sato.',
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body).toMatchObject({
      status: 'declined',
      closedAt: at,
      decidedBy: { staffId: supervisor.id, role: 'supervisor' },
      reason: { ja: '今期は受入枠がない', en: 'No capacity this term' },
      response: 'Please ask Professor Sato.',
    });
    const consent = (await consentOf(server, who)).body as ConsentView;
    expect(consent.given).toBe(false);
    expect(consent.requests[0]).toMatchObject({
      status: 'declined',
      closedAt: at,
      reason: { en: 'No capacity this term' },
      response: 'Please ask Professor Sato.',
    });
    const [mail] = await mailsTo(who.email);
    expect(mail?.subject).toContain('Your supervisor has declined your request');
    expect(mail?.text).toContain('Reason: No capacity this term');
    expect(mail?.text).toContain('Please ask Professor Sato.');
    expect(server.logs.text).toMatch(
      new RegExp(`"event":"staff.consent.declined","staffId":"${supervisor.id}"`),
    );
  });

  it('refuses a second decision (409 consent_not_pending)', async () => {
    const again = await decide(server, supervisor.cookie, first, { outcome: 'accepted' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'consent_not_pending' });
  });

  it('asks again after the decline; an acceptance lets the application be submitted', async () => {
    const asked = await ask(server, who);
    expect(asked.status).toBe(201);
    const second = newestId(asked);
    expect(second).not.toBe(first);
    const accepted = await decide(server, supervisor.cookie, second, { outcome: 'accepted' });
    expect(accepted.status).toBe(200);
    const consent = (await consentOf(server, who)).body as ConsentView;
    expect(consent).toMatchObject({ required: true, given: true });
    expect(consent.requests.map((r) => r.status)).toEqual(['accepted', 'declined']);
    const again = await ask(server, who);
    expect(again.body).toMatchObject({ code: 'consent_given' });

    const sent = await submit(who);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((sent.body as { status: string }).status).toBe('submitted');
    // Asking belongs to the draft: a submitted application asks no more.
    expect((await ask(server, who)).body).toMatchObject({ code: 'not_editable' });
  });
});

describe('the consent belongs to the supervisor chosen now', () => {
  it('refuses the submission after the choice changed to a teacher who did not consent', async () => {
    const who = await asking(server, 'changed');
    const asked = await ask(server, who);
    await decide(server, supervisor.cookie, newestId(asked), { outcome: 'accepted' });
    // Another supervisor of the same course (the application's rules accept the change).
    await server.services.db.query(
      `update applications set answers = jsonb_set(answers, '{choices,teacherId}', '108') where id = $1`,
      [who.applicationId],
    );
    const consent = (await consentOf(server, who)).body as ConsentView;
    expect(consent.given).toBe(false);
    expect((await submit(who)).body).toMatchObject({ code: 'consent_required' });
  });
});

describe('withdrawing', () => {
  it('withdraws a waiting request (the supervisor can no longer decide it); then another can be asked', async () => {
    const who = await asking(server, 'withdrawing');
    const id = newestId(await ask(server, who));
    const withdrawn = await server.call('withdrawConsentRequest', {
      params: { applicationId: who.applicationId, consentRequestId: id },
      cookie: who.cookie,
    });
    expect(withdrawn.status).toBe(200);
    expect((withdrawn.body as ConsentView).requests[0]).toMatchObject({
      status: 'withdrawn',
      closedAt: server.clock.now().toISOString(),
    });
    expect(server.logs.text).toMatch(new RegExp(`"event":"consent.withdrawn".*"consentRequestId":"${id}"`));

    const again = await server.call('withdrawConsentRequest', {
      params: { applicationId: who.applicationId, consentRequestId: id },
      cookie: who.cookie,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'consent_not_pending' });
    const decided = await decide(server, supervisor.cookie, id, { outcome: 'accepted' });
    expect(decided.status).toBe(409);
    expect(decided.body).toMatchObject({ code: 'consent_not_pending' });

    expect((await ask(server, who)).status).toBe(201);
  });
});

describe('refusals with nothing changed', () => {
  it('answers each missing piece with its own code', async () => {
    const noPlan = await asking(server, 'noplan');
    await server.services.db.query(
      `delete from application_documents where application_id = $1 and slot_kind = 'material'`,
      [noPlan.applicationId],
    );
    expect((await ask(server, noPlan)).body).toMatchObject({ code: 'no_research_plan' });

    const noTeacher = await asking(server, 'noteacher');
    await server.services.db.query(
      `update applications set answers = answers #- '{choices,teacherId}' where id = $1`,
      [noTeacher.applicationId],
    );
    expect((await ask(server, noTeacher)).body).toMatchObject({ code: 'no_supervisor' });

    // Teacher 108 has no staff account on the site: nobody could answer.
    const nobody = await asking(server, 'nobody');
    await server.services.db.query(
      `update applications set answers = jsonb_set(answers, '{choices,teacherId}', '108') where id = $1`,
      [nobody.applicationId],
    );
    expect((await ask(server, nobody)).body).toMatchObject({ code: 'supervisor_unavailable' });

    const rows = await server.services.db.query(
      'select 1 from consent_requests where application_id = any($1)',
      [[noPlan.applicationId, noTeacher.applicationId, nobody.applicationId]],
    );
    expect(rows).toHaveLength(0);
  });

  it('refuses a decline without a reason, or with one not in the list (400)', async () => {
    const who = await asking(server, 'reasons');
    const id = newestId(await ask(server, who));
    const none = await decide(server, supervisor.cookie, id, { outcome: 'declined', message: 'No.' });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ errors: [{ field: 'reasonId', code: 'required' }] });
    const unknown = await decide(server, supervisor.cookie, id, { outcome: 'declined', reasonId: 999 });
    expect(unknown.body).toMatchObject({ errors: [{ field: 'reasonId', code: 'unknown_reason' }] });
    const stillWaiting = (await consentOf(server, who)).body as ConsentView;
    expect(stillWaiting.requests[0]!.status).toBe('requested');
  });

  it('lets only one of two requests asked at once in (the index decides)', async () => {
    const who = await asking(server, 'parallel');
    const answers = await Promise.all([ask(server, who), ask(server, who)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const rows = await server.services.db.query('select 1 from consent_requests where application_id = $1', [
      who.applicationId,
    ]);
    expect(rows).toHaveLength(1);
  });
});

describe("the staff's history tells the consent as it went", () => {
  it('lists each request asked, declined with its reason, withdrawn and accepted, with who and when, beside the status entries', async () => {
    const who = await asking(server, 'history');
    const minute = 60_000;
    const times: string[] = [];
    const step = () => {
      server.clock.advance(minute);
      times.push(server.clock.now().toISOString());
    };
    step();
    const first = newestId(await ask(server, who));
    step();
    await decide(server, supervisor.cookie, first, {
      outcome: 'declined',
      reasonId: 2,
      message: 'Please ask Professor Sato.',
    });
    step();
    const second = newestId(await ask(server, who));
    step();
    await server.call('withdrawConsentRequest', {
      params: { applicationId: who.applicationId, consentRequestId: second },
      cookie: who.cookie,
    });
    step();
    const third = newestId(await ask(server, who));
    step();
    expect((await decide(server, supervisor.cookie, third, { outcome: 'accepted' })).status).toBe(200);
    step();
    expect((await submit(who)).status).toBe(200);

    const desk = await staffOf(server, 'desk');
    const read = await server.call('getStaffApplication', {
      params: { applicationId: who.applicationId },
      cookie: desk.cookie,
    });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const body = read.body as {
      history: Array<{ status: string; at: string; screening?: unknown }>;
      consentSteps: Array<Record<string, unknown>>;
    };
    const actor = { staffId: supervisor.id, role: 'supervisor' };
    expect(body.consentSteps).toEqual([
      { step: 'asked', at: times[0], teacherId: 103 },
      {
        step: 'declined',
        at: times[1],
        teacherId: 103,
        actor,
        reason: { ja: '今期は受入枠がない', en: 'No capacity this term' },
        response: 'Please ask Professor Sato.',
      },
      { step: 'asked', at: times[2], teacherId: 103 },
      { step: 'withdrawn', at: times[3], teacherId: 103 },
      { step: 'asked', at: times[4], teacherId: 103 },
      { step: 'accepted', at: times[5], teacherId: 103, actor },
    ]);
    // The submission comes after the consent it needed (the desk's screening entries aside: test/screening).
    expect(body.history.filter((entry) => entry.screening === undefined)).toEqual([
      expect.objectContaining({ status: 'submitted', at: times[6] }),
    ]);
  });
});

describe('a supervisor reads only the consent steps of requests naming them (docs/security.md#staff)', () => {
  it("does not show the supervisor chosen after a decline the first supervisor's answer, its reason or message", async () => {
    const who = await asking(server, 'second-supervisor');
    const first = newestId(await ask(server, who));
    await decide(server, supervisor.cookie, first, {
      outcome: 'declined',
      reasonId: 2,
      message: 'Private words to the applicant.',
    });
    // The applicant chooses teacher 108 (the choices section's save; the rules accept the change).
    await server.services.db.query(
      `update applications set answers = jsonb_set(answers, '{choices,teacherId}', '108') where id = $1`,
      [who.applicationId],
    );
    const nakamura = await staffOf(server, 'supervisor', '108');
    const second = newestId(await ask(server, who));
    expect((await decide(server, nakamura.cookie, second, { outcome: 'accepted' })).status).toBe(200);
    expect((await submit(who)).status).toBe(200);

    const read = await server.call('getStaffApplication', {
      params: { applicationId: who.applicationId },
      cookie: nakamura.cookie,
    });
    expect(read.status).toBe(200);
    const steps = (read.body as { consentSteps: Array<{ step: string; teacherId: number }> }).consentSteps;
    expect(steps.map((s) => [s.step, s.teacherId])).toEqual([
      ['asked', 108],
      ['accepted', 108],
    ]);
    expect(JSON.stringify(read.body)).not.toContain('Private words to the applicant.');
    // The desk reads all of it.
    const desk = await staffOf(server, 'desk');
    const all = await server.call('getStaffApplication', {
      params: { applicationId: who.applicationId },
      cookie: desk.cookie,
    });
    expect((all.body as { consentSteps: unknown[] }).consentSteps).toHaveLength(4);
  });
});
