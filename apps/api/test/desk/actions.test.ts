// The desk's actions (openapi.staff.yaml returnApplicationForChanges, recordApplicationDecision,
// addApplicationNote; docs/behaviour.md#the-desk): each one's history entry with who and when, the applicant's
// mail in their language, what a return reopens on the applicant's side and nothing more, the 409s, the
// refused bodies, and the internal note that the applicant's API never shows.
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffApplication } from '../../src/desk/applications.ts';
import type { Config } from '../../src/platform/config.ts';
import { serverFixture, startServer, type Mail } from '../helpers.ts';
import {
  applicant,
  completeAnswers,
  completeDraft,
  openPeriodsFile,
  submitted,
  type Applicant,
} from '../applications/helpers.ts';
import { seedApplications, staffIdOf, staffOf } from './helpers.ts';

const { server, mailbox } = serverFixture({ periodsFile: openPeriodsFile() });

let desk: { email: string; cookie: string; id: string };
const inDays = (days: number) => new Date(server.clock.now().getTime() + days * 86_400_000).toISOString();

beforeAll(async () => {
  const staff = await staffOf(server, 'desk');
  desk = { ...staff, id: await staffIdOf(server, staff.email) };
});

const mailsTo = async (to: string): Promise<Mail[]> => (await mailbox()).filter((mail) => mail.to === to);

async function returnIt(applicationId: string, body: Record<string, unknown> = {}, cookie = desk.cookie) {
  return server.call('returnApplicationForChanges', {
    params: { applicationId },
    body: {
      sections: ['personal'],
      documentIds: [],
      dueAt: inDays(7),
      message: 'Please correct your name.',
      ...body,
    },
    cookie,
  });
}
async function decide(applicationId: string, body: Record<string, unknown>, cookie = desk.cookie) {
  return server.call('recordApplicationDecision', { params: { applicationId }, body, cookie });
}

describe('return for changes', () => {
  let who: Applicant;
  let id: string;
  beforeAll(async () => {
    who = await applicant(server);
    id = await submitted(server, who);
  });

  it('opens the application for review, then returns it: two entries naming the staff member and role', async () => {
    const before = server.clock.now().toISOString();
    const response = await returnIt(id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const application = response.body as StaffApplication;
    expect(application.status).toBe('returned');
    const actor = { staffId: desk.id, role: 'desk' };
    // The changes of status (the screening's steps, the desk's alone, are test/screening's).
    const changes = application.history.filter((entry) => entry.screening === undefined);
    expect(changes.map(({ status, actor }) => ({ status, actor }))).toEqual([
      { status: 'submitted', actor: undefined },
      { status: 'underReview', actor },
      { status: 'returned', actor },
    ]);
    expect(changes.at(-1)).toMatchObject({
      at: before,
      reopened: { sections: ['personal'], documentIds: [], message: 'Please correct your name.' },
    });
    expect(server.logs.text).toMatch(
      new RegExp(`"event":"staff.application.returned".*"staffId":"${desk.id}"`),
    );
    // The applicant reads the same entries without who made them: no staff id or role reaches their API.
    const own = await server.call('getApplication', { params: { applicationId: id }, cookie: who.cookie });
    const history = (own.body as { history: Record<string, unknown>[] }).history;
    expect(history.map((entry) => entry.status)).toEqual(['submitted', 'underReview', 'returned']);
    expect(JSON.stringify(own.body)).not.toMatch(/actor|staffId|staff_id/);
  });

  it('mails the applicant in the language they submitted in (Japanese here), naming what to change and by when', async () => {
    const [mail] = await mailsTo(who.email).then((mails) => mails.filter((m) => m.subject.includes('修正')));
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('個人情報');
    expect(mail!.text).toContain('Please correct your name.');
    expect(mail!.text).toContain('期限：');
  });

  it("reopens only what it named on the applicant's side: personal details, not contact details", async () => {
    const params = { applicationId: id };
    const personal = await server.call('saveApplicationAnswers', {
      params,
      body: { personal: { ...completeAnswers.personal, givenNames: 'XIAO MING' } },
      cookie: who.cookie,
    });
    expect(personal.status, JSON.stringify(personal.body)).toBe(200);
    const contact = await server.call('saveApplicationAnswers', {
      params,
      body: { contact: completeAnswers.contact },
      cookie: who.cookie,
    });
    expect(contact.status).toBe(409);
    expect(contact.body).toMatchObject({ code: 'not_editable' });
  });

  it('refuses a second return before the resubmission: 409 not_reviewable', async () => {
    const again = await returnIt(id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'not_reviewable' });
  });

  it('after the resubmission, the decision: accepted, mailed, and final (409 already_decided)', async () => {
    const resubmitted = await server.call('submitApplication', {
      params: { applicationId: id },
      cookie: who.cookie,
    });
    expect(resubmitted.status).toBe(200);
    const decided = await decide(id, { outcome: 'accepted', message: 'Welcome.' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const application = decided.body as StaffApplication;
    const changes = application.history.filter((entry) => entry.screening === undefined);
    expect(changes.map((entry) => entry.status)).toEqual([
      'submitted',
      'underReview',
      'returned',
      'resubmitted',
      'underReview',
      'decided',
    ]);
    expect(application.decision).toEqual({ outcome: 'accepted', message: 'Welcome.' });
    const mail = (await mailsTo(who.email)).find((m) => m.subject.includes('結果'));
    expect(mail!.text).toContain('結果：受け入れ');
    for (const action of [() => decide(id, { outcome: 'accepted' }), () => returnIt(id)]) {
      const refused = await action();
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'already_decided' });
    }
    // The applicant sees the decision in their own API.
    const own = await server.call('getApplication', { params: { applicationId: id }, cookie: who.cookie });
    expect(own.body).toMatchObject({ status: 'decided', decision: { outcome: 'accepted' } });
  });
});

describe("the applicant's language", () => {
  it('is the one the application was submitted in: English from the browser, then the return is mailed in English', async () => {
    const who = await applicant(server);
    const id = await completeDraft(server, who);
    const sent = await server.call('submitApplication', {
      params: { applicationId: id },
      cookie: who.cookie,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(sent.status).toBe(200);
    expect((await returnIt(id)).status).toBe(200);
    const mail = (await mailsTo(who.email)).find((m) => m.subject.includes('make changes'));
    expect(mail!.text).toContain('Personal details');
    expect(mail!.text).toContain('Due: ');
  });
});

describe('a decision of not accepted', () => {
  it('stores the reason in both languages and mails it in English to an applicant who submitted in English', async () => {
    const [seeded] = await seedApplications(server, [{ locale: 'en' }]);
    const decided = await decide(seeded!.id, {
      outcome: 'notAccepted',
      reasonId: 2,
      message: 'We are sorry.',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect((decided.body as StaffApplication).decision).toEqual({
      outcome: 'notAccepted',
      reason: { ja: '今期は受入枠がない', en: 'No capacity this term' },
      message: 'We are sorry.',
    });
    const [mail] = await mailsTo(seeded!.email);
    expect(mail!.subject).toContain('The decision on your application');
    expect(mail!.text).toContain('Decision: not accepted');
    expect(mail!.text).toContain('Reason: No capacity this term');
    expect(mail!.text).toContain('We are sorry.');
  });

  it.each([
    [{ outcome: 'notAccepted' }, 'reasonId', 'required'],
    [{ outcome: 'notAccepted', reasonId: 999 }, 'reasonId', 'unknown_reason'],
    [{ outcome: 'accepted', reasonId: 1 }, 'reasonId', 'not_allowed'],
  ])('refuses %j: 400 naming %s, and changes nothing', async (body, field, code) => {
    const [seeded] = await seedApplications(server, [{}]);
    const refused = await decide(seeded!.id, body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ field, code }] });
    const read = await server.call('getStaffApplication', {
      params: { applicationId: seeded!.id },
      cookie: desk.cookie,
    });
    expect((read.body as StaffApplication).status).toBe('submitted');
    expect(await mailsTo(seeded!.email)).toEqual([]);
  });
});

describe('two staff members at once', () => {
  it('a decision and a return sent together: one wins, the other is 409, one mail', async () => {
    const [seeded] = await seedApplications(server, [{}]);
    const office = await staffOf(server, 'office', '3');
    const answers = await Promise.all([
      decide(seeded!.id, { outcome: 'accepted' }),
      returnIt(seeded!.id, {}, office.cookie),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const read = await server.call('getStaffApplication', {
      params: { applicationId: seeded!.id },
      cookie: desk.cookie,
    });
    // One opening, one change: the second waited for the first's row lock and found it moved on.
    expect((read.body as StaffApplication).history.map((entry) => entry.status)).toHaveLength(3);
    expect(await mailsTo(seeded!.email)).toHaveLength(1);
  });
});

describe('a return refused', () => {
  it.each([
    [{ sections: [], documentIds: [] }, 'sections', 'required'],
    [{ documentIds: ['q3ZbV1n8R0K7yXw2LmA9tQ'] }, 'documentIds.0', 'unknown_document'],
    [{ dueAt: '2020-01-01T00:00:00.000Z' }, 'dueAt', 'past'],
  ])('%j: 400 naming %s', async (body, field, code) => {
    const [seeded] = await seedApplications(server, [{}]);
    const refused = await returnIt(seeded!.id, body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ field, code }] });
  });

  it('a withdrawn application: 409 not_reviewable', async () => {
    const [seeded] = await seedApplications(server, [{ status: 'withdrawn' }]);
    for (const action of [() => returnIt(seeded!.id), () => decide(seeded!.id, { outcome: 'accepted' })]) {
      const refused = await action();
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'not_reviewable' });
    }
  });

  it('a return naming a document reopens that document, and the mail names its file', async () => {
    const who = await applicant(server);
    const id = await submitted(server, who);
    const read = await server.call('getStaffApplication', {
      params: { applicationId: id },
      cookie: desk.cookie,
    });
    const document = (read.body as StaffApplication).documents[0]!;
    const response = await returnIt(id, { sections: [], documentIds: [document.id] });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const mail = (await mailsTo(who.email)).find((m) => m.subject.includes('修正'));
    expect(mail!.text).toContain(`・${document.fileName}`);
    const removed = await server.call('removeApplicationDocument', {
      params: { applicationId: id, documentId: document.id },
      cookie: who.cookie,
    });
    expect(removed.status).toBe(204);
  });
});

describe('internal notes', () => {
  it("are read by the staff with who wrote them, and never by the applicant's getApplication", async () => {
    const who = await applicant(server);
    const id = await submitted(server, who);
    const mailsBefore = (await mailsTo(who.email)).length;
    const secret = 'Internal: call the referee before deciding 7f3a.';
    const office = await staffOf(server, 'office', '3');
    const added = await server.call('addApplicationNote', {
      params: { applicationId: id },
      body: { text: secret },
      cookie: office.cookie,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      text: secret,
      actor: { staffId: await staffIdOf(server, office.email), role: 'office' },
    });
    const staffRead = await server.call('getStaffApplication', {
      params: { applicationId: id },
      cookie: desk.cookie,
    });
    expect((staffRead.body as StaffApplication).notes.map((note) => note.text)).toEqual([secret]);
    for (const [operationId, params] of [
      ['getApplication', { applicationId: id }],
      ['listApplications', {}],
    ] as const) {
      const own = await server.call(operationId, { params, cookie: who.cookie });
      expect(own.status).toBe(200);
      expect(JSON.stringify(own.body)).not.toContain('7f3a');
    }
    // Nor does a note change the application or write to the applicant.
    expect((staffRead.body as StaffApplication).status).toBe('submitted');
    expect(await mailsTo(who.email)).toHaveLength(mailsBefore);
  });
});

describe('one staff session writes without end', () => {
  it('a staff member’s returns, decisions and notes share a write limit (429 with Retry-After); reads do not', async () => {
    const limits: Config['limits'] = {
      ...server.config.limits,
      deskWritesPerAccount: { max: 3, windowMs: 60_000 },
    };
    const limited = await startServer({ periodsFile: openPeriodsFile(), limits }, server);
    try {
      const [first, second] = await seedApplications(limited, [{}, {}]);
      // A desk member of this test alone: the file's other tests spent `desk`'s slots.
      const writer = await staffOf(limited, 'desk');
      const note = (applicationId: string) =>
        limited.call('addApplicationNote', {
          params: { applicationId },
          body: { text: 'Checked the transcript.' },
          cookie: writer.cookie,
        });
      expect((await note(first!.id)).status).toBe(201);
      expect((await note(second!.id)).status).toBe(201);
      const returned = await limited.call('returnApplicationForChanges', {
        params: { applicationId: first!.id },
        body: {
          sections: ['personal'],
          documentIds: [],
          dueAt: inDays(7),
          message: 'Please correct your name.',
        },
        cookie: writer.cookie,
      });
      expect(returned.status, JSON.stringify(returned.body)).toBe(200);
      const refused = await limited.call('recordApplicationDecision', {
        params: { applicationId: second!.id },
        body: { outcome: 'accepted', message: 'Welcome.' },
        cookie: writer.cookie,
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await note(second!.id)).status).toBe(429);
      // Reading goes on, and another staff member's budget is their own.
      expect(
        (
          await limited.call('getStaffApplication', {
            params: { applicationId: second!.id },
            cookie: writer.cookie,
          })
        ).status,
      ).toBe(200);
      const other = await staffOf(limited, 'desk');
      expect(
        (
          await limited.call('addApplicationNote', {
            params: { applicationId: second!.id },
            body: { text: 'Second opinion.' },
            cookie: other.cookie,
          })
        ).status,
      ).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
