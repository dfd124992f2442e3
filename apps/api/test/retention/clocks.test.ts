// Issue 42: the retention clocks (retention/clocks.ts, docs/operations.md#retention), with the fake clock: the
// warning mailed once in the account's language, a sign-in that keeps the account, the deletion at three years
// (and never sooner than the warning's days after the warning), an account awaiting a decision kept, the
// five-year expiry that leaves an enrolled applicant's application, two instances at once doing each thing once,
// and a crash inside a batch that the next run completes. Both engines (the PostgreSQL pass runs this file too).
import { newReference } from '@pre-admission/rules';
import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../src/platform/config.ts';
import type { Database, Queryable } from '../../src/platform/db.ts';
import { runRetentionClocks, type ClockDeps } from '../../src/retention/clocks.ts';
import {
  parseEnrolment,
  parseRetention,
  runEnrolment,
  runRetention,
} from '../../src/retention/operatorCommand.ts';
import { addDocument, applicant, openPeriodsFile, submitted } from '../applications/helpers.ts';
import { insertAccounts, PASSWORD, serverFixture, signIn, type Mail, type TestServer } from '../helpers.ts';
import { codeAt, passwordStep, turnAppOn } from '../secondFactorHelpers.ts';
import { addPasskey, signInWithPasskey, SoftAuthenticator } from '../softAuthenticator.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

const depsOf = (server: TestServer, retention?: Partial<ClockDeps['config']['retention']>): ClockDeps => ({
  db: server.services.db,
  clock: server.clock,
  config: { ...server.config, retention: { ...server.config.retention, ...retention } },
  mailer: server.services.mailer,
});

const accountIdOf = async (server: TestServer, email: string) =>
  (
    await server.services.db.query<{ id: string }>(
      'select id::text as id from accounts where lower(email) = lower($1)',
      [email],
    )
  )[0]?.id;

/** The warnings mailed to the address, from the development mailbox. */
const warningsTo = async (server: TestServer, email: string): Promise<Mail[]> =>
  ((await server.call('listDebugMails')).body as Mail[]).filter(
    (mail) =>
      mail.to === email &&
      mail.subject.includes('【留学生入学前支援サイト】') &&
      /削除|deleted/.test(mail.subject),
  );

const signInIn = async (server: TestServer, email: string, locale: 'ja' | 'en') => {
  const answer = await server.call('signIn', {
    body: { email, password: PASSWORD },
    headers: { cookie: `pre-admission.locale=${locale}` },
  });
  expect(answer.status).toBe(200);
};

describe('the unused-account clock', () => {
  const { server, register } = serverFixture({ periodsFile: openPeriodsFile() });
  const unused = () => server.config.retention.accountUnusedDays * DAY;
  const warning = () => server.config.retention.accountWarningDays * DAY;

  it('the privacy page’s periods are the defaults', () => {
    expect(server.config.retention).toEqual({
      accountUnusedDays: 1095,
      accountWarningDays: 30,
      applicationDays: 1826,
      accessLogDays: 365,
    });
  });

  it('neither warns nor deletes an account whose application awaits a decision', async () => {
    const who = await applicant(server, 'awaiting');
    const applicationId = await submitted(server, who);
    server.clock.advance(unused() + warning() + DAY);
    const first = await runRetentionClocks(depsOf(server));
    server.clock.advance(warning() + DAY);
    const second = await runRetentionClocks(depsOf(server));
    for (const run of [first, second]) {
      expect(run.warned).not.toContain(who.accountId);
      expect(run.accountsDeleted).not.toContain(who.accountId);
    }
    expect(await accountIdOf(server, who.email)).toBe(who.accountId);
    expect(await warningsTo(server, who.email)).toEqual([]);
    const still = await server.services.db.query('select 1 from applications where id = $1', [applicationId]);
    expect(still).toHaveLength(1);
  });

  it('warns once, in the account’s language, with the sign-in link; a sign-in keeps the account', async () => {
    const english = `english.${Date.now()}@example.com`;
    const japanese = `japanese.${Date.now()}@example.com`;
    await register(english);
    await register(japanese);
    await signInIn(server, english, 'en');
    await signInIn(server, japanese, 'ja');
    // Made before the language was kept and never signed in since: both languages.
    const [unknown] = await insertAccounts(server, 1, 'unknown-language');
    const ids = {
      english: (await accountIdOf(server, english))!,
      japanese: (await accountIdOf(server, japanese))!,
      unknown: (await accountIdOf(server, unknown!))!,
    };

    server.clock.advance(unused() - warning() - HOUR);
    const early = await runRetentionClocks(depsOf(server));
    expect(early.warned).not.toEqual(expect.arrayContaining([ids.english]));
    expect(await warningsTo(server, english)).toEqual([]);

    server.clock.advance(2 * HOUR);
    const due = await runRetentionClocks(depsOf(server));
    expect(due.warned).toEqual(expect.arrayContaining(Object.values(ids)));
    const link = `${server.config.publicUrl}${server.config.basePath}/`;
    const [toEnglish] = await warningsTo(server, english);
    expect(toEnglish!.subject).toContain('Your unused account will be deleted');
    expect(toEnglish!.text).toContain(link);
    expect(toEnglish!.text).not.toMatch(/ログイン/);
    const [toJapanese] = await warningsTo(server, japanese);
    expect(toJapanese!.subject).toContain('ご利用のないアカウントの削除のお知らせ');
    expect(toJapanese!.text).toContain(link);
    expect(toJapanese!.text).not.toMatch(/Sign in|signed in/i);
    const [toUnknown] = await warningsTo(server, unknown!);
    expect(toUnknown!.text).toMatch(/ログイン[\s\S]*Signing in keeps it/);

    // Again, an hour and a day later: no second warning.
    server.clock.advance(HOUR);
    const again = await runRetentionClocks(depsOf(server));
    expect(again.warned).toEqual([]);
    for (const email of [english, japanese, unknown!])
      expect(await warningsTo(server, email)).toHaveLength(1);

    // The English speaker signs in: the account is kept, the warning no longer holds.
    await signInIn(server, english, 'en');
    const marks = await server.services.db.query<{ warned: Date | null; last: Date }>(
      'select deletion_warned_at as warned, last_sign_in_at as last from accounts where id = $1',
      [ids.english],
    );
    expect(marks[0]!.warned).toBeNull();
    expect(new Date(marks[0]!.last).getTime()).toBe(server.clock.now().getTime());

    // A day short of the warning's 30 days: nothing is deleted yet, though three years have passed.
    server.clock.advance(warning() - 2 * DAY);
    const notYet = await runRetentionClocks(depsOf(server));
    expect(notYet.accountsDeleted).not.toEqual(expect.arrayContaining([ids.japanese]));
    expect(await accountIdOf(server, japanese)).toBe(ids.japanese);

    server.clock.advance(2 * DAY);
    const deleted = await runRetentionClocks(depsOf(server));
    expect(deleted.accountsDeleted).toEqual(expect.arrayContaining([ids.japanese, ids.unknown]));
    expect(deleted.accountsDeleted).not.toContain(ids.english);
    expect(await accountIdOf(server, japanese)).toBeUndefined();
    expect(await accountIdOf(server, unknown!)).toBeUndefined();
    expect(await accountIdOf(server, english)).toBe(ids.english);
    // The deletion is deletion.ts's: the mails to the address went with the account.
    expect(await warningsTo(server, japanese)).toEqual([]);
  });

  it('an account found past three years (the clock was not running) still gets the whole warning first', async () => {
    const [late] = await insertAccounts(server, 1, 'found-late');
    const id = (await accountIdOf(server, late!))!;
    server.clock.advance(unused() + 400 * DAY);
    const found = await runRetentionClocks(depsOf(server));
    expect(found.accountsDeleted).not.toContain(id);
    expect(found.warned).toContain(id);
    const [mail] = await warningsTo(server, late!);
    // The date it names is the warning's 30 days from now, not a date already past.
    const deleteAfter = new Date(server.clock.now().getTime() + warning());
    const japanTime = new Date(deleteAfter.getTime() + 9 * HOUR).toISOString().slice(0, 10);
    expect(mail!.text).toContain(japanTime);
    server.clock.advance(warning() - HOUR);
    expect((await runRetentionClocks(depsOf(server))).accountsDeleted).not.toContain(id);
    server.clock.advance(2 * HOUR);
    expect((await runRetentionClocks(depsOf(server))).accountsDeleted).toContain(id);
  });
  it('a warning the mail worker gave up does not count: the account is warned again, and deleted only after', async () => {
    const [email] = await insertAccounts(server, 1, 'given-up');
    const id = (await accountIdOf(server, email!))!;
    server.clock.advance(unused() - warning() + HOUR);
    expect((await runRetentionClocks(depsOf(server))).warned).toContain(id);
    // As outbox.ts leaves a notice SMTP did not take within its lifetime.
    await server.services.db.query(
      `update outbox set smtp_status = 'failed', body = null where lower(to_address) = lower($1)`,
      [email],
    );
    server.clock.advance(warning() + HOUR);
    const after = await runRetentionClocks(depsOf(server));
    expect(after.accountsDeleted).not.toContain(id);
    expect(after.warned).toContain(id);
    const warnings = await server.services.db.query<{ status: string }>(
      `select smtp_status as status from outbox where kind = 'unusedAccountNotice' and lower(to_address) = lower($1)
        order by id`,
      [email],
    );
    expect(warnings.map((row) => row.status)).toEqual(['failed', 'not_configured']);
    server.clock.advance(warning() + HOUR);
    expect((await runRetentionClocks(depsOf(server))).accountsDeleted).toContain(id);
  });

  it('every successful sign-in keeps the account: a passkey, and the second step, not a wrong password', async () => {
    const marks = async (email: string) =>
      (
        await server.services.db.query<{ warned: Date | null; last: Date; locale: string | null }>(
          `select deletion_warned_at as warned, last_sign_in_at as last, locale from accounts
            where lower(email) = lower($1)`,
          [email],
        )
      )[0]!;
    const withPasskey = `passkey.${Date.now()}@example.com`;
    const withApp = `app.${Date.now()}@example.com`;
    await register(withPasskey);
    await register(withApp);
    const authenticator = new SoftAuthenticator();
    const cookie = await signIn(server, withPasskey);
    expect((await addPasskey(server, cookie, authenticator)).status).toBe(201);
    const app = await turnAppOn(server, withApp);

    server.clock.advance(unused() - warning() + HOUR);
    const run = await runRetentionClocks(depsOf(server));
    expect(run.warned).toEqual(
      expect.arrayContaining([(await accountIdOf(server, withPasskey))!, app.accountId]),
    );

    // A wrong password, and a right one that only starts the second step, are not a sign-in.
    const wrong = await server.call('signIn', { body: { email: withApp, password: 'Wrong-passw0rd' } });
    expect(wrong.status).toBe(403);
    const step = await passwordStep(server, withApp);
    expect((await marks(withApp)).warned).not.toBeNull();
    const finished = await server.call('finishSignIn', {
      body: { code: codeAt(server, app.secret) },
      cookie: step,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(await marks(withApp)).toEqual({ warned: null, last: server.clock.now(), locale: 'en' });

    expect((await signInWithPasskey(server, authenticator)).status).toBe(200);
    expect(await marks(withPasskey)).toEqual({ warned: null, last: server.clock.now(), locale: 'ja' });
  });
});

/** As the desk's decision leaves an application (desk/actions.ts): decided, with its history entry at now. */
async function decide(server: TestServer, applicationId: string, outcome: 'accepted' | 'notAccepted') {
  const db = server.services.db;
  const now = server.clock.now();
  await db.query(
    `update applications set status = 'decided', decision = $2::jsonb, updated_at = $3 where id = $1`,
    [applicationId, JSON.stringify({ outcome }), now],
  );
  await db.query(
    `insert into application_history (application_id, seq, status, at, decision)
     select $1, coalesce(max(seq), 0) + 1, 'decided', $2, $3::jsonb from application_history where application_id = $1`,
    [applicationId, now, JSON.stringify({ outcome })],
  );
}

describe('the five-year clock', () => {
  const { server } = serverFixture({ periodsFile: openPeriodsFile() });
  const days = () => server.config.retention.applicationDays * DAY;

  it('deletes a decided application and its files five years after the decision, and leaves an enrolled one', async () => {
    const db = server.services.db;
    const enrolled = await applicant(server, 'enrolled');
    const enrolledApplication = await submitted(server, enrolled);
    const declined = await applicant(server, 'declined');
    const declinedApplication = await submitted(server, declined);
    // One document of the declined application with its stored file, as an upload leaves it.
    const documentId = await addDocument(server, declined, declinedApplication, {
      slotKind: 'material',
      slotTypeId: 312,
      name: 'extra.pdf',
    });
    await db.query(`insert into stored_files (id, size, sha256, created_at) values ($1, 8, 'x', $2)`, [
      `file-${documentId}`,
      server.clock.now(),
    ]);
    await decide(server, enrolledApplication, 'accepted');
    await decide(server, declinedApplication, 'notAccepted');
    const [enrolledReference, declinedReference] = await Promise.all(
      [enrolledApplication, declinedApplication].map(
        async (id) =>
          (
            await db.query<{ reference: string }>('select reference from applications where id = $1', [id])
          )[0]!.reference,
      ),
    );

    // The desk's command: only an accepted applicant enrols.
    const where = 'the test database';
    const refused = await runEnrolment(
      db,
      server.clock,
      { reference: declinedReference!, undo: false },
      where,
    );
    expect(refused).toMatchObject({ exitCode: 1, line: expect.stringContaining('not accepted') as string });
    const marked = await runEnrolment(
      db,
      server.clock,
      { reference: enrolledReference!, undo: false },
      where,
    );
    expect(marked).toMatchObject({
      exitCode: 0,
      line: expect.stringContaining('is marked enrolled') as string,
    });

    // The accounts stay in use meanwhile (this test is about the applications' clock).
    const keepAccounts = { accountUnusedDays: 3650 };
    server.clock.advance(days() - HOUR);
    const early = await runRetentionClocks(depsOf(server, keepAccounts));
    expect(early.applicationsExpired).toEqual([]);

    server.clock.advance(2 * HOUR);
    const dry = await runRetentionClocks(depsOf(server, keepAccounts), { dryRun: true });
    expect(dry.applicationsExpired).toEqual([declinedReference]);
    expect(await db.query('select 1 from applications where id = $1', [declinedApplication])).toHaveLength(1);
    const run = await runRetentionClocks(depsOf(server, keepAccounts));
    expect(run.applicationsExpired).toEqual([declinedReference]);
    for (const [table, column, value] of [
      ['applications', 'id', declinedApplication],
      ['application_history', 'application_id', declinedApplication],
      ['application_documents', 'application_id', declinedApplication],
      ['stored_files', 'id', `file-${documentId}`],
    ] as const)
      expect(await db.query(`select 1 from ${table} where ${column} = $1`, [value]), table).toEqual([]);
    // The enrolled applicant's application, and both accounts, stay.
    expect(await db.query('select 1 from applications where id = $1', [enrolledApplication])).toHaveLength(1);
    expect(await accountIdOf(server, declined.email)).toBe(declined.accountId);

    // A mistaken mark taken back: the clock counts the application again.
    await runEnrolment(db, server.clock, { reference: enrolledReference!, undo: true }, where);
    expect((await runRetentionClocks(depsOf(server, keepAccounts))).applicationsExpired).toEqual([
      enrolledReference,
    ]);
  });
});

/**
 * A database whose `nth` statement matching `pattern` (inside a transaction or not) throws, as a process that
 * dies there would leave it: the transaction is rolled back.
 */
function crashingAt(db: Database, pattern: RegExp, nth: number): Database {
  let seen = 0;
  const faulty = (queryable: Queryable): Queryable['query'] =>
    async function query(sql, params, name) {
      if (pattern.test(sql) && ++seen === nth) throw new Error(`crash at ${pattern.source} #${nth}`);
      return queryable.query(sql, params, name);
    } as Queryable['query'];
  return {
    engine: db.engine,
    query: faulty(db),
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({ query: faulty(tx), afterCommit: (callback) => tx.afterCommit?.(callback) }),
      ),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
  } as Database;
}

describe('several instances, and a crash in the middle of a run', () => {
  const { server } = serverFixture();
  const unused = () => server.config.retention.accountUnusedDays * DAY;
  const warning = () => server.config.retention.accountWarningDays * DAY;

  it('two instances at once warn each account once and delete each once', async () => {
    const emails = await insertAccounts(server, 7, 'two-instances');
    const ids = await Promise.all(emails.map(async (email) => (await accountIdOf(server, email))!));
    server.clock.advance(unused() - warning() + HOUR);
    const warnings = await Promise.all([
      runRetentionClocks(depsOf(server), { batch: 2 }),
      runRetentionClocks(depsOf(server), { batch: 2 }),
    ]);
    const warned = warnings.flatMap((run) => run.warned).filter((id) => ids.includes(id));
    expect(warned.sort()).toEqual([...ids].sort());
    for (const email of emails) expect(await warningsTo(server, email)).toHaveLength(1);

    server.clock.advance(warning() + HOUR);
    const deletions = await Promise.all([
      runRetentionClocks(depsOf(server), { batch: 2 }),
      runRetentionClocks(depsOf(server), { batch: 2 }),
    ]);
    const deleted = deletions.flatMap((run) => run.accountsDeleted).filter((id) => ids.includes(id));
    expect(deleted.sort()).toEqual([...ids].sort());
    for (const email of emails) expect(await accountIdOf(server, email)).toBeUndefined();
  });

  it('a crash inside a batch rolls that batch back; the next run completes it, each thing done once', async () => {
    const emails = await insertAccounts(server, 5, 'crash');
    server.clock.advance(unused() - warning() + HOUR);
    const deps = depsOf(server);

    // The warnings: the third mail's write fails, in the second batch of two.
    const toWarn = (await runRetentionClocks(deps, { dryRun: true })).warned;
    expect(toWarn.length).toBeGreaterThanOrEqual(5);
    await expect(
      runRetentionClocks({ ...deps, db: crashingAt(deps.db, /insert into outbox/, 3) }, { batch: 2 }),
    ).rejects.toThrow('crash at');
    expect((await runRetentionClocks(deps, { dryRun: true })).warned).toEqual(toWarn.slice(2));
    const resumed = await runRetentionClocks(deps, { batch: 2 });
    expect(resumed.warned).toEqual(toWarn.slice(2));
    for (const email of emails) expect(await warningsTo(server, email)).toHaveLength(1);

    // The deletions: the third account's deletion fails, in the second batch of two.
    server.clock.advance(warning() + HOUR);
    const toDelete = (await runRetentionClocks(deps, { dryRun: true })).accountsDeleted;
    expect(toDelete.length).toBeGreaterThanOrEqual(5);
    await expect(
      runRetentionClocks({ ...deps, db: crashingAt(deps.db, /delete from accounts/, 3) }, { batch: 2 }),
    ).rejects.toThrow('crash at');
    const left = (await runRetentionClocks(deps, { dryRun: true })).accountsDeleted;
    expect(left).toEqual(toDelete.slice(2));
    // The third one's row is whole again: its batch was rolled back, not half done.
    const third = await server.services.db.query('select 1 from accounts where id = $1', [toDelete[2]]);
    expect(third).toHaveLength(1);
    const completed = await runRetentionClocks(deps, { batch: 2 });
    expect(completed.accountsDeleted).toEqual(left);
    for (const email of emails) expect(await accountIdOf(server, email)).toBeUndefined();
    expect((await runRetentionClocks(deps)).accountsDeleted).toEqual([]);
  });

  it('npm run retention -- --dry-run lists what each clock would do and changes nothing', async () => {
    const [email] = await insertAccounts(server, 1, 'dry-run');
    const id = (await accountIdOf(server, email!))!;
    server.clock.advance(unused() - warning() + HOUR);
    const dry = await runRetention(depsOf(server), { dryRun: true }, 'the test database');
    expect(dry.lines).toHaveLength(4);
    expect(dry.lines[2]).toMatch(
      new RegExp(`would warn \\d+ account\\(s\\) unused for at least 1065 days: .*\\b${id}\\b`),
    );
    expect(dry.lines.every((line) => !line.includes('@'))).toBe(true);
    expect(dry.lines[3]).toContain('365 days');
    expect(await warningsTo(server, email!)).toEqual([]);
    const done = await runRetention(depsOf(server), { dryRun: false }, 'the test database');
    expect(done.lines[2]).toMatch(
      new RegExp(`^retention: the test database: warned \\d+ account\\(s\\).*\\b${id}\\b`),
    );
    expect(await warningsTo(server, email!)).toHaveLength(1);
  });
});

describe('the settings and the commands’ words', () => {
  const config = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'production', ...env });

  it.each([
    ['ACCOUNT_UNUSED_DAYS', '3y', 'ACCOUNT_UNUSED_DAYS="3y" is not a whole number of days'],
    ['ACCOUNT_UNUSED_WARNING_DAYS', '0', 'ACCOUNT_UNUSED_WARNING_DAYS="0" is outside 1 to 365 days'],
    ['APPLICATION_RETENTION_DAYS', '5 years', 'APPLICATION_RETENTION_DAYS="5 years" is not a whole number'],
    ['ACCESS_LOG_DAYS', '', 'ACCESS_LOG_DAYS is set but empty'],
  ])('%s=%j is refused at start, naming the variable', (name, value, says) => {
    expect(config({ [name]: value })).toThrow(ConfigError);
    expect(config({ [name]: value })).toThrow(says);
  });

  it('a warning as long as the period is refused', () => {
    expect(config({ ACCOUNT_UNUSED_DAYS: '60', ACCOUNT_UNUSED_WARNING_DAYS: '60' })).toThrow(
      'ACCOUNT_UNUSED_WARNING_DAYS (60) must be shorter than ACCOUNT_UNUSED_DAYS (60)',
    );
  });

  it.each([
    [['--force'], '"--force" is not an option'],
    [['now'], '"now" is not an option'],
  ])('retention %j: exit 2', (args, says) => {
    expect(parseRetention(args)).toEqual({ exitCode: 2, line: expect.stringContaining(says) as string });
  });

  const reference = newReference('master', 2027, new Uint8Array([1, 2, 3, 4, 5]));
  const typo = `${reference.slice(0, -1)}${reference.endsWith('0') ? '1' : '0'}`;

  it('applications:enrolled reads a reference as the desk types it', () => {
    expect(parseEnrolment([reference.toLowerCase().replaceAll('-', ' ')])).toEqual({
      reference,
      undo: false,
    });
    expect(parseEnrolment([reference, '--undo'])).toEqual({ reference, undo: true });
  });

  it.each([
    [[], 'one reference number is needed'],
    [[typo], 'its check symbol does not match'],
    [['hello'], '"hello" is not a reference number'],
    [[reference, '--force'], '"--force" is not an option'],
  ])('applications:enrolled %j: exit 2', (args, says) => {
    expect(parseEnrolment(args)).toEqual({ exitCode: 2, line: expect.stringContaining(says) as string });
  });
});
