// The staff's daily summary (issue 40, item 4; docs/behaviour.md#the-daily-summary), as main.ts's housekeeping
// runs it: from 08:00 Japan time, once a day, each staff member who can work in the console and has not turned it
// off is mailed what waits within their reach; nothing waiting, no mail; several instances at once send each
// one once; a staff member turns it off and on through the staff API.
import { beforeAll, describe, expect, it } from 'vitest';
import { japanDay, sendDailySummaries } from '../../src/desk/dailySummary.ts';
import { serverFixture, type Mail } from '../helpers.ts';
import { openPeriodsFile } from '../applications/helpers.ts';
import { onboardingStaff } from '../staffHelpers.ts';
import { ask, asking } from '../consent/helpers.ts';
import { seedApplications, staffOf } from './helpers.ts';

const { server, mailbox } = serverFixture({ periodsFile: openPeriodsFile() });
const HOUR = 60 * 60 * 1000;

/** Moves the clock to the next `hour`:00 Japan time (a whole hour later at least, so a new day is a new day). */
function advanceToJapanHour(hour: number) {
  const japan = new Date(server.clock.now().getTime() + 9 * HOUR);
  const target = new Date(japan);
  target.setUTCHours(hour, 0, 0, 0);
  if (target.getTime() <= japan.getTime()) target.setUTCDate(target.getUTCDate() + 1);
  server.clock.advance(target.getTime() - japan.getTime());
}

const summaries = async (): Promise<Mail[]> =>
  (await mailbox()).filter((mail) => mail.subject.includes('本日の確認事項'));
const summaryTo = async (email: string) => (await summaries()).filter((mail) => mail.to === email);

let desk: { email: string; cookie: string };
let office: { email: string; cookie: string };
let supervisor: { email: string; cookie: string };
let idleSupervisor: { email: string; cookie: string };
let exchange: { email: string; cookie: string };
let noSecondFactor: { email: string };

beforeAll(async () => {
  desk = await staffOf(server, 'desk');
  office = await staffOf(server, 'office', '3');
  supervisor = await staffOf(server, 'supervisor', '103');
  idleSupervisor = await staffOf(server, 'supervisor', '104');
  exchange = await staffOf(server, 'exchange');
  noSecondFactor = await onboardingStaff(server, 'desk');
  // Of supervisor 103 (office 3): three sent, one sent again, one being reviewed; an exchange application of
  // teacher 101 (office 1); a decided one and a draft, which wait for no one.
  await seedApplications(server, [
    { teacherId: 103 },
    { teacherId: 103 },
    { teacherId: 103 },
    { teacherId: 103, status: 'resubmitted' },
    { teacherId: 103, status: 'underReview' },
    { teacherId: 101, studentType: 'exchange' },
    { teacherId: 103, status: 'decided' },
    { teacherId: 103, status: 'draft' },
  ]);
  // A consent request waiting for supervisor 103.
  const who = await asking(server, 'summary');
  expect((await ask(server, who, 'May I study in your laboratory?')).status).toBe(201);
});

describe('the daily summary', () => {
  it('goes from 08:00 Japan time, once a day, with what waits within each one’s reach', async () => {
    advanceToJapanHour(7);
    server.clock.advance(59 * 60 * 1000);
    expect(japanDay(server.clock.now()).due).toBe(false);
    expect(await sendDailySummaries(server.services)).toEqual({ sent: 0, nothingWaiting: 0 });
    expect(await summaries()).toHaveLength(0);

    server.clock.advance(60 * 1000);
    const { day, due } = japanDay(server.clock.now());
    expect(due).toBe(true);
    // Two instances at once: each staff member is mailed once.
    const runs = await Promise.all([
      sendDailySummaries(server.services),
      sendDailySummaries(server.services),
    ]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(4);
    expect(runs.reduce((sum, run) => sum + run.nothingWaiting, 0)).toBe(1);

    const [toDesk] = await summaryTo(desk.email);
    expect(toDesk!.subject).toBe(
      `【留学生入学前支援サイト】本日の確認事項 / What waits for you today (${day})`,
    );
    // Every application sent and not opened (five), the one under review, and every waiting consent request.
    expect(toDesk!.text).toContain('・未確認の出願：5件');
    expect(toDesk!.text).toContain('・審査中の出願：1件');
    expect(toDesk!.text).toContain('・回答待ちの内諾依頼：1件');
    expect(toDesk!.text).toContain('- 5 applications not yet opened');
    expect(toDesk!.text).toContain('- 1 application under review');
    expect(toDesk!.text).toContain('- 1 consent request waiting for an answer');
    expect(toDesk!.text).toContain('http://localhost:8080/desk/');
    // No applicant's name or address is in it.
    expect(toDesk!.text).not.toMatch(/CHEN|XIAOMING|@example\.com/);

    // The office: its school's four sent and one under review; no consent requests (not its to read).
    const [toOffice] = await summaryTo(office.email);
    expect(toOffice!.text).toContain('・未確認の出願：4件');
    expect(toOffice!.text).toContain('・審査中の出願：1件');
    expect(toOffice!.text).not.toContain('内諾');
    // The supervisor: the applications naming them, and their consent request; nothing to decide.
    const [toSupervisor] = await summaryTo(supervisor.email);
    expect(toSupervisor!.text).toContain('・未確認の出願：4件');
    expect(toSupervisor!.text).not.toContain('審査中');
    expect(toSupervisor!.text).toContain('・回答待ちの内諾依頼：1件');
    // Exchange staff: the exchange application only.
    const [toExchange] = await summaryTo(exchange.email);
    expect(toExchange!.text).toContain('・未確認の出願：1件');
    expect(toExchange!.text).not.toContain('審査中');
    // Nothing waits for supervisor 104; a staff member without a second factor cannot work in the console yet.
    expect(await summaryTo(idleSupervisor.email)).toHaveLength(0);
    expect(await summaryTo(noSecondFactor.email)).toHaveLength(0);

    // Later the same day: nothing more. The next morning: again.
    server.clock.advance(10 * HOUR);
    expect(await sendDailySummaries(server.services)).toEqual({ sent: 0, nothingWaiting: 0 });
    advanceToJapanHour(8);
    expect((await sendDailySummaries(server.services)).sent).toBe(4);
    expect(await summaryTo(desk.email)).toHaveLength(2);
  });

  it('names the consent requests that expire within two days', async () => {
    // The request above was sent on the first day (CONSENT_REQUEST_DAYS 14): twelve mornings on, two days are left.
    for (let day = 0; day < 11; day += 1) advanceToJapanHour(8);
    await sendDailySummaries(server.services);
    const { day } = japanDay(server.clock.now());
    const last = (await summaryTo(supervisor.email)).find((mail) => mail.subject.includes(day))!;
    expect(last.text).toContain('・回答待ちの内諾依頼：1件（うち2日以内に期限切れ：1件）');
    expect(last.text).toContain('- 1 consent request waiting for an answer (1 expiring within two days)');
  });

  it('a run that fails half-way claims nothing: the next run sends every summary once', async () => {
    advanceToJapanHour(8);
    const { day } = japanDay(server.clock.now());
    const mailer = server.services.mailer;
    const send = mailer.send.bind(mailer);
    let sent = 0;
    mailer.send = async (db, mail) => {
      sent += 1;
      if (sent === 2) throw new Error('the database went away');
      return send(db, mail);
    };
    try {
      await expect(sendDailySummaries(server.services)).rejects.toThrow('the database went away');
    } finally {
      mailer.send = send;
    }
    expect((await summaries()).filter((mail) => mail.subject.includes(day))).toHaveLength(0);
    expect((await sendDailySummaries(server.services)).sent).toBe(4);
    expect((await summaries()).filter((mail) => mail.subject.includes(day))).toHaveLength(4);
  });

  it('is turned off, and on again, by the staff member', async () => {
    // New accounts: the clock has moved days, past the first ones' sessions.
    const off = await staffOf(server, 'office', '3');
    const on = await staffOf(server, 'office', '3');
    const read = await server.call('getStaffPreferences', { cookie: off.cookie });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ dailySummary: true });
    const turnedOff = await server.call('setStaffPreferences', {
      body: { dailySummary: false },
      cookie: off.cookie,
    });
    expect(turnedOff.status, JSON.stringify(turnedOff.body)).toBe(200);
    expect(turnedOff.body).toEqual({ dailySummary: false });
    expect(server.logs.text).toMatch(/"event":"staff.preferences.changed".*"dailySummary":false/);
    expect(
      (await server.call('setStaffPreferences', { body: { dailySummary: false }, cookie: on.cookie })).status,
    ).toBe(200);
    const again = await server.call('setStaffPreferences', {
      body: { dailySummary: true },
      cookie: on.cookie,
    });
    expect(again.body).toEqual({ dailySummary: true });

    advanceToJapanHour(8);
    await sendDailySummaries(server.services);
    expect(await summaryTo(off.email)).toHaveLength(0);
    expect(await summaryTo(on.email)).toHaveLength(1);
  });

  it('refuses a body that is not the settings, and a staff member without a second factor', async () => {
    const { cookie: deskCookie } = await staffOf(server, 'desk');
    for (const body of [{}, { dailySummary: 'no' }, { dailySummary: true, extra: 1 }]) {
      const response = await server.call('setStaffPreferences', { body, cookie: deskCookie });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const { cookie } = await onboardingStaff(server, 'office', '3');
    const refused = await server.call('getStaffPreferences', { cookie });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'second_factor_required' });
  });
});
