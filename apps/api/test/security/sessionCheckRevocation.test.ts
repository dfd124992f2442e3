// The session check may answer from what it read last time (on PGlite, until a statement that may write
// sessions or accounts runs: sessions.ts, db.ts sessionWrites). Each way a session ends must still refuse it
// on its very next check, on the instance that ended it and on another one sharing the database (PostgreSQL:
// a pool of its own, as a second process has). Every session here is checked twice just before it ends, so
// that an answer kept from before would show (docs/security.md#credential-version).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccount } from '../../src/account/accounts.ts';
import { endSessionsAndTokens } from '../../src/platform/afterRestore.ts';
import { mayChangeSessions, openDatabase, type Database } from '../../src/platform/db.ts';
import { purgeExpired } from '../../src/platform/housekeeping.ts';
import { removeSecondFactors } from '../../src/account/secondFactors.ts';
import { createSession } from '../../src/account/sessions.ts';
import {
  latestToken,
  PASSWORD,
  register,
  signIn,
  startServer,
  uniqueEmail,
  type TestServer,
} from '../helpers.ts';
import { turnAppOn } from '../secondFactorHelpers.ts';

let a: TestServer;
let b: TestServer;
let ownPool: Database | undefined;
beforeAll(async () => {
  a = await startServer();
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    // A second instance: its own pool on A's schema. (PGlite serves one process: B shares A's database.)
    const [row] = await a.services.db.query<{ schema: string }>('select current_schema() as schema');
    ownPool = await openDatabase({ databaseUrl, schema: row!.schema });
    b = await startServer({}, { services: { db: ownPool } } as unknown as TestServer);
  } else {
    b = await startServer({}, a);
  }
});
afterAll(async () => {
  await b.close();
  await ownPool?.close();
  await a.close();
});

/** Checks the session twice on each instance (an answer worth keeping), expecting 200. */
async function checkedOnBoth(cookie: string): Promise<void> {
  for (const server of [a, b, a, b])
    expect((await server.call('getCurrentSession', { cookie })).status).toBe(200);
}

async function refusedOnBoth(cookie: string): Promise<void> {
  for (const server of [a, b]) {
    const response = await server.call('getCurrentSession', { cookie });
    expect(response.status, `${server === a ? 'A' : 'B'}: ${JSON.stringify(response.body)}`).toBe(403);
  }
}

describe.each([
  ['the instance that ended it', () => a],
  ['another instance', () => b],
])('ended on %s, refused on its next check everywhere', (_name, ender) => {
  it('sign-out', async () => {
    const email = uniqueEmail('out');
    await register(a, email);
    const cookie = await signIn(a, email);
    await checkedOnBoth(cookie);
    expect((await ender().call('signOut', { cookie })).status).toBe(204);
    await refusedOnBoth(cookie);
  });

  it('a new sign-in from the same browser (the old id ends)', async () => {
    const email = uniqueEmail('again');
    await register(a, email);
    const cookie = await signIn(a, email);
    await checkedOnBoth(cookie);
    const again = await ender().call('signIn', { body: { email, password: PASSWORD }, cookie });
    expect(again.status).toBe(200);
    await refusedOnBoth(cookie);
  });

  it('password change (from another session)', async () => {
    const email = uniqueEmail('pw');
    await register(a, email);
    const cookie = await signIn(a, email);
    const changer = await signIn(a, email);
    await checkedOnBoth(cookie);
    const change = await ender().call('changePassword', {
      body: { currentPassword: PASSWORD, newPassword: 'N3wPassw0rd' },
      cookie: changer,
    });
    expect(change.status).toBe(204);
    await refusedOnBoth(cookie);
  });

  it('password reset', async () => {
    const email = uniqueEmail('reset');
    await register(a, email);
    const cookie = await signIn(a, email);
    expect((await a.call('requestPasswordReset', { body: { email } })).status).toBe(202);
    const token = await latestToken(a, email, 'password-reset');
    await checkedOnBoth(cookie);
    const finish = await ender().call('finishPasswordReset', {
      params: { token },
      body: { password: 'N3wPassw0rd' },
    });
    expect(finish.status).toBe(204);
    await refusedOnBoth(cookie);
  });

  it('e-mail change (the other session; the address the check shows is never the old one)', async () => {
    const email = uniqueEmail('old');
    const newEmail = uniqueEmail('new');
    await register(a, email);
    const cookie = await signIn(a, email);
    const changer = await signIn(a, email);
    expect((await a.call('requestEmailChange', { body: { email: newEmail }, cookie: changer })).status).toBe(
      202,
    );
    const token = await latestToken(a, newEmail, 'change-email-requests');
    await checkedOnBoth(cookie);
    expect((await ender().call('activateEmailChange', { params: { token }, cookie: changer })).status).toBe(
      204,
    );
    await refusedOnBoth(cookie);
  });

  it('second factors removed by the operator (the instance’s database, as the script does)', async () => {
    const email = uniqueEmail('factor');
    await register(a, email);
    await turnAppOn(a, email);
    // The app on: a session through the second step is what the account has; one made directly will do here.
    const account = (await findAccount(a.services.db, email))!;
    const id = await createSession(a.services.db, a.services, account.id);
    const cookie = `pre_admission_session=${id}`;
    await checkedOnBoth(cookie);
    const removed = await removeSecondFactors(ender().services.db, ender().services, email);
    expect(removed?.authenticatorApp).toBe(true);
    await refusedOnBoth(cookie);
  });

  it('every session ended after a restore (sessions:end-all)', async () => {
    const email = uniqueEmail('restore');
    await register(a, email);
    const cookie = await signIn(a, email);
    await checkedOnBoth(cookie);
    await endSessionsAndTokens(ender().services.db, ender().clock);
    await refusedOnBoth(cookie);
  });
});

it('an answer kept from before still ends at the idle time and at the absolute end', async () => {
  // A and B have their own manual clocks (the second-factor tests moved A's): B at A's time first.
  b.clock.advance(a.clock.now().getTime() - b.clock.now().getTime());
  const email = uniqueEmail('idle');
  await register(a, email);
  const cookie = await signIn(a, email);
  await checkedOnBoth(cookie);
  const idle = a.config.lifetimes.sessionIdle;
  for (const server of [a, b]) server.clock.advance(idle + 1000);
  await refusedOnBoth(cookie);
  for (const server of [a, b]) server.clock.advance(-(idle + 1000));
  await checkedOnBoth(cookie);
  // Past the absolute end; then purged (housekeeping keeps an ended row a week), and gone for the check
  // even at a time it was live.
  const later = a.config.lifetimes.session + 8 * 24 * 3600_000;
  for (const server of [a, b]) server.clock.advance(later);
  await refusedOnBoth(cookie);
  expect((await purgeExpired(a.services.db, a.clock)).sessions).toBeGreaterThan(0);
  for (const server of [a, b]) server.clock.advance(-later);
  await refusedOnBoth(cookie);
});

// On PostgreSQL the checks that arrive in one turn of the event loop share one statement (sessions.ts
// readSession): each must still get its own session's answer, and a check sent after a session ended, even
// while an earlier check of it is still waiting, must be refused.
it('checks sent together each get their own answer; one sent after the end is refused', async () => {
  const sessions: { email: string; cookie: string }[] = [];
  for (const name of ['together-live', 'together-ended', 'together-other']) {
    const email = uniqueEmail(name);
    await register(a, email);
    sessions.push({ email, cookie: await signIn(a, email) });
  }
  const [live, ended, other] = sessions as [
    (typeof sessions)[number],
    (typeof sessions)[number],
    (typeof sessions)[number],
  ];
  expect((await b.call('signOut', { cookie: ended.cookie })).status).toBe(204);
  const unknown = `${live.cookie.split('=')[0]}=${'A'.repeat(43)}`;
  const order = [live, ended, other, { email: '', cookie: unknown }, live, other];
  const answers = await Promise.all(order.map(({ cookie }) => a.call('getCurrentSession', { cookie })));
  expect(answers.map((answer) => answer.status)).toEqual([200, 403, 200, 403, 200, 200]);
  expect(answers.map((answer) => (answer.body as { email?: string }).email)).toEqual([
    live.email,
    undefined,
    other.email,
    undefined,
    live.email,
    other.email,
  ]);
  // One check of `live` on its way, then the session ends on the other instance: what follows is refused.
  const before = a.call('getCurrentSession', { cookie: live.cookie });
  expect((await b.call('signOut', { cookie: live.cookie })).status).toBe(204);
  const after = await Promise.all([
    a.call('getCurrentSession', { cookie: live.cookie }),
    a.call('getCurrentSession', { cookie: other.cookie }),
  ]);
  expect([200, 403]).toContain((await before).status);
  expect(after.map((answer) => answer.status)).toEqual([403, 200]);
});

describe('mayChangeSessions', () => {
  it.each([
    'update sessions set revoked_at = $2 where id_hash = $1',
    'UPDATE "sessions" SET revoked_at = now()',
    'update public.accounts set email = $2 where id = $1',
    'insert into sessions (id_hash) select $1 from accounts',
    'delete from accounts where id = $1',
    'with gone as (delete from sessions where expires_at < $1 returning 1) select count(*) from gone',
    'truncate sessions',
    'truncate table accounts cascade',
    'alter table sessions add column x integer',
    'drop table accounts',
    'do $$ begin update sessions set revoked_at = now(); end $$',
    'create table x (id integer)',
  ])('a possible write: %s', (sql) => expect(mayChangeSessions(sql)).toBe(true));

  it.each([
    'select a.email from sessions s join accounts a on a.id = s.account_id where s.id_hash = $1',
    'select id from accounts where lower(email) = lower($1) for update',
    'insert into rate_limits (key, count) values ($1, 1) on conflict (key) do update set count = rate_limits.count + 1',
    'update tokens set used_at = $2 where id_hash = $1',
    'delete from outbox where id = $1',
    'insert into audit_updates (sessions) values (1)',
  ])('not a write of sessions or accounts: %s', (sql) => expect(mayChangeSessions(sql)).toBe(false));
});
