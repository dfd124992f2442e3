// The applicant's applications (docs/behaviour.md#applications): started from the plan, saved section by
// section, submitted with a reference number and a receipt in the applicant's language, returned for changes
// and resubmitted, withdrawn, discarded; every change in the audit log.
import { readReference } from '@pre-admission/rules';
import { describe, expect, it } from 'vitest';
import { deskChange } from '../../src/application/operations.ts';
import { delivery } from '../../src/mail/outbox.ts';
import { serverFixture, signIn, type Mail } from '../helpers.ts';
import {
  addDocument,
  applicant,
  completeAnswers,
  completeDraft,
  openPeriodsFile,
  requiredSlots,
  startDraft,
  submitted,
  type Applicant,
} from './helpers.ts';

const { server } = serverFixture({ periodsFile: openPeriodsFile() });
const DAY = 24 * 60 * 60 * 1000;

interface Body {
  id: string;
  status: string;
  reference?: string;
  periodId?: string;
  submittedAt?: string;
  updatedAt: string;
  programId?: number;
  reopened?: unknown;
  answers: typeof completeAnswers;
  documents: { id: string; fileName: string }[];
  history: { status: string; at: string; reason?: string; reopened?: unknown }[];
}

const get = async (who: Applicant, applicationId: string) =>
  (await server.call('getApplication', { params: { applicationId }, cookie: who.cookie })).body as Body;

const receipts = async (who: Applicant) =>
  ((await server.call('listDebugMails')).body as Mail[]).filter(
    (mail) => mail.to === who.email && /受付番号|reference number/.test(mail.subject),
  );

describe('starting an application', () => {
  it('takes the plan’s choices when the plan is of the same kind, and none otherwise', async () => {
    const who = await applicant(server);
    const master = await server.call('startApplication', {
      body: { studentType: 'master' },
      cookie: who.cookie,
    });
    expect(master.status).toBe(201);
    expect(master.body).toMatchObject({
      status: 'draft',
      studentType: 'master',
      programId: 11,
      history: [],
      documents: [],
      answers: {
        choices: {
          programId: 11,
          teacherId: 103,
          scholarshipTypeId: 12,
          scholarshipStatusId: 4,
          financialSupportId: 1,
        },
        personal: {},
        contact: {},
        education: { entries: [] },
        declarations: {},
      },
    });
    expect((master.body as Body).id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const doctoral = await server.call('startApplication', {
      body: { studentType: 'doctoral' },
      cookie: who.cookie,
    });
    expect(doctoral.status).toBe(201);
    expect((doctoral.body as Body).answers.choices).toEqual({});
    // The plan itself stays as it was.
    expect((await server.call('getPlan', { cookie: who.cookie })).body).toMatchObject({
      studentType: 'master',
    });
  });

  it('one draft per kind: a second start answers 409 draft_exists naming the draft, also when sent at once', async () => {
    const who = await applicant(server);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        server.call('startApplication', { body: { studentType: 'master' }, cookie: who.cookie }),
      ),
    );
    const made = answers.filter((answer) => answer.status === 201);
    expect(made).toHaveLength(1);
    const id = (made[0]!.body as Body).id;
    for (const answer of answers.filter((a) => a.status !== 201))
      expect(answer).toMatchObject({
        status: 409,
        body: {
          type: 'urn:pre-admission:problem:application-conflict',
          code: 'draft_exists',
          applicationId: id,
        },
      });
  });
});

describe('saving sections', () => {
  it('replaces each section sent, whole, and keeps the others', async () => {
    const who = await applicant(server);
    const id = await startDraft(server, who);
    const first = await server.call('saveApplicationAnswers', {
      params: { applicationId: id },
      body: { personal: completeAnswers.personal, contact: completeAnswers.contact },
      cookie: who.cookie,
    });
    expect(first.status).toBe(200);
    const second = await server.call('saveApplicationAnswers', {
      params: { applicationId: id },
      body: { personal: { familyName: 'LI' }, choices: { programId: 11 } },
      cookie: who.cookie,
    });
    expect(second.status).toBe(200);
    expect((second.body as Body).answers).toEqual({
      choices: { programId: 11 },
      personal: { familyName: 'LI' },
      contact: completeAnswers.contact,
      education: { entries: [] },
      declarations: {},
    });
    expect(await get(who, id)).toEqual(second.body);
  });

  it('two saves of different sections at once both stay', async () => {
    const who = await applicant(server);
    const id = await startDraft(server, who);
    const saves = await Promise.all(
      (['personal', 'contact', 'education', 'declarations'] as const).map((section) =>
        server.call('saveApplicationAnswers', {
          params: { applicationId: id },
          body: { [section]: completeAnswers[section] },
          cookie: who.cookie,
        }),
      ),
    );
    expect(saves.map((save) => save.status)).toEqual([200, 200, 200, 200]);
    expect((await get(who, id)).answers).toEqual(completeAnswers);
  });

  it('a section may be saved unfinished; what is present must keep the rules (400 with each path)', async () => {
    const who = await applicant(server);
    const id = await startDraft(server, who);
    expect(
      (
        await server.call('saveApplicationAnswers', {
          params: { applicationId: id },
          body: { personal: { familyName: 'CHEN' } },
          cookie: who.cookie,
        })
      ).status,
    ).toBe(200);
    const refused = await server.call('saveApplicationAnswers', {
      params: { applicationId: id },
      body: {
        personal: { familyName: '陳', dateOfBirth: '2099-01-01' },
        contact: { telephone: '+10000000' },
        education: { entries: [{ from: '2021-09', to: '2019-07' }] },
      },
      cookie: who.cookie,
    });
    expect(refused.status).toBe(400);
    expect((refused.body as { errors: unknown[] }).errors).toEqual([
      { field: 'personal.familyName', code: 'latin_only' },
      { field: 'personal.dateOfBirth', code: 'in_future' },
      { field: 'contact.telephone', code: 'invalid_telephone' },
      { field: 'education.entries.0.to', code: 'date_order' },
    ]);
    expect((await get(who, id)).answers.personal).toEqual({ familyName: 'CHEN' });
  });
});

describe('submitting', () => {
  it('what is missing or wrong: 400 with each field’s path, the documents’ slots too; nothing changes', async () => {
    const who = await applicant(server);
    const id = await startDraft(server, who);
    await addDocument(server, who, id, requiredSlots[0]);
    const answer = await server.call('submitApplication', {
      params: { applicationId: id },
      cookie: who.cookie,
    });
    expect(answer.status).toBe(400);
    const fields = (answer.body as { errors: { field: string; code: string }[] }).errors;
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'personal.familyName', code: 'required' },
        { field: 'contact.telephone', code: 'required' },
        { field: 'education.entries', code: 'required' },
        { field: 'documents.certificate.312', code: 'required' },
        { field: 'documents.material.311', code: 'required' },
        { field: 'declarations.informationTrue', code: 'not_declared' },
      ]),
    );
    expect(fields).not.toContainEqual({ field: 'documents.certificate.311', code: 'required' });
    expect(await get(who, id)).toMatchObject({ status: 'draft', history: [] });
    expect(await receipts(who)).toEqual([]);
  });

  it('gives a reference number of the kind and the period’s year, the period, and one history entry', async () => {
    const who = await applicant(server);
    const id = await completeDraft(server, who);
    const answer = await server.call('submitApplication', {
      params: { applicationId: id },
      cookie: who.cookie,
    });
    expect(answer.status).toBe(200);
    const body = answer.body as Body;
    expect(body).toMatchObject({ id, status: 'submitted', periodId: 'test-11', programId: 11 });
    expect(readReference(body.reference!)).toEqual({
      ok: true,
      reference: body.reference,
      studentType: 'master',
      entryYear: 2027,
    });
    const at = server.clock.now().toISOString();
    expect(body.submittedAt).toBe(at);
    expect(body.history).toEqual([{ status: 'submitted', at }]);
    expect(body.documents.map((d) => d.fileName).sort()).toEqual(
      requiredSlots.map((slot) => slot.name).sort(),
    );
  });

  it('the receipt lists what was sent, in Japanese by default, with no answer in it', async () => {
    const who = await applicant(server);
    const id = await submitted(server, who);
    const { reference } = await get(who, id);
    const [mail, ...others] = await receipts(who);
    expect(others).toEqual([]);
    expect(mail!.subject).toBe(`【留学生入学前支援サイト】出願を受け付けました（受付番号：${reference}）`);
    for (const line of [
      `受付番号：${reference}`,
      '出願区分：修士課程',
      'プログラム：修士課程（4月入学）',
      '・個人情報',
      '・提出書類',
      '    graduation-certificate.pdf',
      '    research-plan.pdf',
    ])
      expect(mail!.text).toContain(line);
    expect(mail!.text).not.toContain('1999-04-02');
    expect(mail!.text).not.toContain('+8613800138000');
  });

  it('the receipt carries no link: the outbox retries it for a notice’s 3 days', async () => {
    const who = await applicant(server);
    await submitted(server, who);
    const rows = await server.services.db.query<{ created_at: Date; expires_at: Date }>(
      `select created_at, expires_at from outbox where to_address = $1 and kind = 'applicationReceipt'`,
      [who.email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.expires_at.getTime() - rows[0]!.created_at.getTime()).toBe(delivery.noticeLifetimeMs);
  });

  it('the receipt is in English when the site was in English (its language cookie, else the browser’s)', async () => {
    const ways: { cookie?: string; headers?: Record<string, string> }[] = [
      { cookie: 'pre-admission.locale=en', headers: { 'accept-language': 'ja' } },
      { headers: { 'accept-language': 'en-GB,en;q=0.9,ja;q=0.5' } },
    ];
    for (const way of ways) {
      const who = await applicant(server);
      const id = await completeDraft(server, who);
      const answer = await server.call('submitApplication', {
        params: { applicationId: id },
        cookie: way.cookie ? `${who.cookie}; ${way.cookie}` : who.cookie,
        ...(way.headers ? { headers: way.headers } : {}),
      });
      expect(answer.status).toBe(200);
      const [mail] = await receipts(who);
      const { reference } = answer.body as Body;
      expect(mail!.subject).toBe(
        `【留学生入学前支援サイト】We received your application (reference number ${reference})`,
      );
      expect(mail!.text).toContain("Kind of application: Master's programme");
      expect(mail!.text).toContain("Programme: Master's programme (April entry)");
      expect(mail!.text).toContain('・Documents');
    }
  });
});

describe('a return for changes', () => {
  async function returned(who: Applicant, sections: string[] = ['personal', 'documents']) {
    const id = await submitted(server, who);
    await deskChange(server.services, id, 'open');
    await deskChange(server.services, id, 'return', {
      reopened: {
        sections: sections as never,
        documentIds: [],
        dueAt: new Date(server.clock.now().getTime() + 7 * DAY).toISOString(),
        message: 'Please write your name as in your passport.',
      },
    });
    return id;
  }

  it('reopens the sections named until the due date; the others stay closed', async () => {
    const who = await applicant(server);
    const id = await returned(who);
    expect(await get(who, id)).toMatchObject({
      status: 'returned',
      reopened: { sections: ['personal', 'documents'] },
    });
    const personal = await server.call('saveApplicationAnswers', {
      params: { applicationId: id },
      body: { personal: { ...completeAnswers.personal, familyName: 'CHEN-LI' } },
      cookie: who.cookie,
    });
    expect(personal.status).toBe(200);
    const contact = await server.call('saveApplicationAnswers', {
      params: { applicationId: id },
      body: { contact: completeAnswers.contact, personal: completeAnswers.personal },
      cookie: who.cookie,
    });
    expect(contact.status).toBe(409);
    expect(contact.body).toMatchObject({ code: 'not_editable' });
  });

  it('is resubmitted before the due date: the same reference, a receipt saying so, the history in order', async () => {
    const who = await applicant(server);
    const id = await returned(who);
    const { reference } = await get(who, id);
    const answer = await server.call('submitApplication', {
      params: { applicationId: id },
      cookie: who.cookie,
    });
    expect(answer.status).toBe(200);
    const body = answer.body as Body;
    expect(body.status).toBe('resubmitted');
    expect(body.reference).toBe(reference);
    expect(body).not.toHaveProperty('reopened');
    expect(body.history.map((entry) => entry.status)).toEqual([
      'submitted',
      'underReview',
      'returned',
      'resubmitted',
    ]);
    expect(body.history[2]!.reopened).toMatchObject({ sections: ['personal', 'documents'] });
    const mails = await receipts(who);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toContain('再提出を受け付けました');
  });

  it('after the due date nothing can be saved or resubmitted: 409 past_due', async () => {
    const who = await applicant(server);
    const id = await returned(who);
    const inTime = await server.call('saveApplicationAnswers', {
      params: { applicationId: id },
      body: { personal: completeAnswers.personal },
      cookie: who.cookie,
    });
    expect(inTime.status).toBe(200);
    // Eight days later (a session ends after half an hour idle: sign in again).
    server.clock.advance(8 * DAY);
    const cookie = await signIn(server, who.email);
    const save = await server.call('saveApplicationAnswers', {
      params: { applicationId: id },
      body: { personal: completeAnswers.personal },
      cookie,
    });
    expect(save.body).toMatchObject({ code: 'past_due' });
    const submit = await server.call('submitApplication', { params: { applicationId: id }, cookie });
    expect(submit.status).toBe(409);
    expect(submit.body).toMatchObject({ code: 'past_due' });
  });
});

describe('withdrawing', () => {
  it('withdraws a submitted application with the reason; again answers it as it is', async () => {
    const who = await applicant(server);
    const id = await submitted(server, who);
    const reason = 'I have accepted an offer from another university.';
    const first = await server.call('withdrawApplication', {
      params: { applicationId: id },
      body: { reason },
      cookie: who.cookie,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'withdrawn' });
    expect((first.body as Body).history.at(-1)).toEqual({
      status: 'withdrawn',
      at: server.clock.now().toISOString(),
      reason,
    });
    const again = await server.call('withdrawApplication', {
      params: { applicationId: id },
      body: { reason: 'Another.' },
      cookie: who.cookie,
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // A withdrawn application is not open: a new one of the kind may be sent in the same period.
    const next = await completeDraft(server, who);
    expect(
      (await server.call('submitApplication', { params: { applicationId: next }, cookie: who.cookie }))
        .status,
    ).toBe(200);
  });

  it('a decided application cannot be withdrawn: 409 not_withdrawable', async () => {
    const who = await applicant(server);
    const id = await submitted(server, who);
    await deskChange(server.services, id, 'open');
    await deskChange(server.services, id, 'decide', { decision: { outcome: 'accepted' } });
    const answer = await server.call('withdrawApplication', {
      params: { applicationId: id },
      body: { reason: 'x' },
      cookie: who.cookie,
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'not_withdrawable' });
    expect(await get(who, id)).toMatchObject({ status: 'decided', decision: { outcome: 'accepted' } });
  });
});

describe('discarding a draft', () => {
  it('deletes it with its documents', async () => {
    const who = await applicant(server);
    const id = await startDraft(server, who);
    await addDocument(server, who, id, requiredSlots[0]);
    const answer = await server.call('discardApplication', {
      params: { applicationId: id },
      cookie: who.cookie,
    });
    expect(answer.status).toBe(204);
    expect(
      (await server.call('getApplication', { params: { applicationId: id }, cookie: who.cookie })).status,
    ).toBe(404);
    const left = await server.services.db.query(
      'select 1 from application_documents where application_id = $1',
      [id],
    );
    expect(left).toEqual([]);
  });
});

describe('the list', () => {
  it('holds every application of the account, drafts included, most recently changed first, without answers', async () => {
    const who = await applicant(server);
    const first = await submitted(server, who);
    server.clock.advance(1000);
    const second = await startDraft(server, who);
    const list = (await server.call('listApplications', { cookie: who.cookie })).body as {
      applications: Body[];
    };
    expect(list.applications.map((a) => [a.id, a.status])).toEqual([
      [second, 'draft'],
      [first, 'submitted'],
    ]);
    expect(list.applications[0]).not.toHaveProperty('answers');
    expect(list.applications[0]).not.toHaveProperty('documents');
  });
});

describe('the audit log', () => {
  it('has a line for every change, with the application, and no answer', async () => {
    const who = await applicant(server);
    const start = server.logs.lines.length;
    const id = await submitted(server, who);
    await server.call('withdrawApplication', {
      params: { applicationId: id },
      body: { reason: 'Moving on.' },
      cookie: who.cookie,
    });
    const draft = await startDraft(server, who);
    await server.call('discardApplication', { params: { applicationId: draft }, cookie: who.cookie });
    const lines = server.logs.lines
      .slice(start)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.audit && line.accountId === who.accountId);
    expect(lines.map((line) => line.event)).toEqual([
      'application.started',
      'application.saved',
      'application.submitted',
      'notice.queued',
      'application.withdrawn',
      'application.started',
      'application.discarded',
    ]);
    expect(lines[1]).toMatchObject({
      applicationId: id,
      sections: ['choices', 'personal', 'contact', 'education', 'declarations'],
    });
    expect(lines[2]).toMatchObject({ applicationId: id, reference: expect.stringMatching(/^M27-/) });
    expect(lines[3]).toMatchObject({ mail: 'applicationReceipt' });
    const text = server.logs.lines.slice(start).join('\n');
    for (const secret of ['XIAOMING', '1999-04-02', '+8613800138000', 'Moving on.'])
      expect(text).not.toContain(secret);
  });
});
