// The attacks on a submission (docs/behaviour.md#applications, docs/security.md#applications): one sent a
// millisecond after its period closed, five sent at once (a double click, two tabs, a script), one sent again
// after it went through, and a second open application of a kind in one period. Each must leave exactly one
// application, one reference and one receipt, or nothing at all.
import { describe, expect, it } from 'vitest';
import { startServer, type Mail } from '../helpers.ts';
import { serverFixture } from '../helpers.ts';
import {
  applicant,
  completeDraft,
  japan,
  openPeriods,
  periodsFile,
  submitted,
  type Applicant,
} from './helpers.ts';

const MINUTE = 60_000;

const { server } = serverFixture({ periodsFile: periodsFile(openPeriods(new Date())) });

const receiptsTo = async (who: Applicant) =>
  ((await server.call('listDebugMails')).body as Mail[]).filter(
    (mail) => mail.to === who.email && mail.subject.includes('受付番号'),
  );

const statusOf = async (who: Applicant, applicationId: string) =>
  (
    (await server.call('getApplication', { params: { applicationId }, cookie: who.cookie })).body as {
      status: string;
    }
  ).status;

describe('a submission sent once its period has closed', () => {
  it('is refused from the stated minute exactly, on the server clock: 1 ms before is in time, at and 1 ms after are not', async () => {
    // Programme 11's period closes at the next whole minute but one (the desk writes minutes); the others stay open.
    const now = Date.now();
    const closesAt = new Date(Math.floor(now / MINUTE) * MINUTE + 2 * MINUTE);
    const periods = openPeriods(new Date(now)).map((period) =>
      period.programId === 11 ? { ...period, closesAt: japan(closesAt) } : period,
    );
    const closing = await startServer({ periodsFile: periodsFile(periods) }, server);
    try {
      const [inTime, atClose, after] = [
        await applicant(closing),
        await applicant(closing),
        await applicant(closing),
      ];
      const ids = [
        await completeDraft(closing, inTime),
        await completeDraft(closing, atClose),
        await completeDraft(closing, after),
      ];

      closing.clock.advance(closesAt.getTime() - 1 - closing.clock.now().getTime());
      const first = await closing.call('submitApplication', {
        params: { applicationId: ids[0]! },
        cookie: inTime.cookie,
      });
      expect(first.status).toBe(200);

      closing.clock.advance(1);
      const second = await closing.call('submitApplication', {
        params: { applicationId: ids[1]! },
        cookie: atClose.cookie,
      });
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({
        type: 'urn:pre-admission:problem:application-conflict',
        code: 'period_closed',
      });

      closing.clock.advance(1);
      const third = await closing.call('submitApplication', {
        params: { applicationId: ids[2]! },
        cookie: after.cookie,
      });
      expect(third.status).toBe(409);
      expect(third.body).toMatchObject({ code: 'period_closed' });
      // Nothing changed for the two refused: still drafts, no reference, no receipt.
      for (const [who, id] of [
        [atClose, ids[1]!],
        [after, ids[2]!],
      ] as const) {
        const read = (
          await closing.call('getApplication', { params: { applicationId: id }, cookie: who.cookie })
        ).body;
        expect(read).toMatchObject({ status: 'draft', history: [] });
        expect(read).not.toHaveProperty('reference');
        expect(await receiptsTo(who)).toEqual([]);
      }
    } finally {
      await closing.close();
    }
  });

  it('a programme with no period announced: 409 no_period', async () => {
    const periods = openPeriods(new Date()).filter((period) => period.programId !== 11);
    const none = await startServer({ periodsFile: periodsFile(periods) }, server);
    try {
      const who = await applicant(none);
      const id = await completeDraft(none, who);
      const answer = await none.call('submitApplication', {
        params: { applicationId: id },
        cookie: who.cookie,
      });
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ code: 'no_period' });
    } finally {
      await none.close();
    }
  });
});

describe('the same application submitted several times', () => {
  it('five submissions at once make one submitted application, one reference and one receipt', async () => {
    const who = await applicant(server, 'doubleclick');
    const id = await completeDraft(server, who);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        server.call('submitApplication', { params: { applicationId: id }, cookie: who.cookie }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = answers.map(
      (answer) => answer.body as { id: string; status: string; reference: string; history: unknown[] },
    );
    expect(new Set(bodies.map((body) => body.reference)).size).toBe(1);
    expect(
      bodies.every((body) => body.id === id && body.status === 'submitted' && body.history.length === 1),
    ).toBe(true);
    await server.services.mailer.idle();
    expect(await receiptsTo(who)).toHaveLength(1);
    const list = (await server.call('listApplications', { cookie: who.cookie })).body as {
      applications: unknown[];
    };
    expect(list.applications).toHaveLength(1);
  });

  it('a second submission after the first went through answers 200 with the same application and sends nothing', async () => {
    const who = await applicant(server, 'retry');
    const id = await submitted(server, who);
    const first = await server.call('getApplication', { params: { applicationId: id }, cookie: who.cookie });
    const again = await server.call('submitApplication', {
      params: { applicationId: id },
      cookie: who.cookie,
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await receiptsTo(who)).toHaveLength(1);
  });

  it('a second open application of the same kind in the same period: 409 already_open, and the database refuses it too', async () => {
    const who = await applicant(server, 'twice');
    const first = await submitted(server, who);
    const second = await completeDraft(server, who);
    const answer = await server.call('submitApplication', {
      params: { applicationId: second },
      cookie: who.cookie,
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'already_open' });
    expect(await statusOf(who, second)).toBe('draft');
    // Whatever the code checks first, the unique index decides a race (platform/migrations.ts, migration 10).
    const periodId = (
      (await server.call('getApplication', { params: { applicationId: first }, cookie: who.cookie }))
        .body as { periodId: string }
    ).periodId;
    await expect(
      server.services.db.query(`update applications set status = 'submitted', period_id = $2 where id = $1`, [
        second,
        periodId,
      ]),
    ).rejects.toThrow(/applications_one_open/);
  });
});
