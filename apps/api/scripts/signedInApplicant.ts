// For `npm run bench:web` (scripts/bench-web.mjs): prepares a database an applicant is signed in to, with a
// saved plan, before the server starts on it, and prints the session cookie (name=value) on stdout, then the
// account's e-mail and password on the next two lines, then the e-mail addresses of SIGN_IN_ACCOUNTS more
// accounts with the same password, space-separated (bench:compare signs in to them in turn: an account holds
// one hashing place at a time, docs/security.md#hashing, so sign-ins to one account measure its line, not
// the server). The production server has no debug mailbox to register through, so the accounts are written
// directly, as bench:abuse does. Usage: node apps/api/scripts/signedInApplicant.ts <PUBLIC_URL> <DATA_DIR>
import { insertAccount } from '../src/account/accounts.ts';
import { createSession } from '../src/account/sessions.ts';
import { systemClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import { hashPassword } from '../src/account/passwords.ts';
import { SAVED_PLAN } from '../src/providerStates/states.ts';
import { sessionCookieName } from '../src/services.ts';

const [publicUrl, dataDir] = process.argv.slice(2);
if (!publicUrl || !dataDir) {
  console.error('usage: node apps/api/scripts/signedInApplicant.ts <PUBLIC_URL> <DATA_DIR>');
  process.exit(2);
}
const config = loadConfig({ PUBLIC_URL: publicUrl });
/** Enough that sign-ins over a few connections per core never wait for an account's own place. */
const SIGN_IN_ACCOUNTS = 16;
// DATABASE_URL, when set, is the database the server will use; otherwise the PGlite in DATA_DIR.
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir, poolSize: 1 });
try {
  const deps = { config, clock: systemClock };
  const stamp = Date.now().toString(36);
  const email = `bench.${stamp}@example.com`;
  const password = 'Passw0rdBench';
  // One hash for all (a production hash takes a while).
  const hash = await hashPassword(password, config.scrypt);
  const account = await insertAccount(db, deps, email, hash);
  if (!account) throw new Error('the bench account could not be created');
  const signInEmails = Array.from({ length: SIGN_IN_ACCOUNTS }, (_, i) => `bench.${stamp}.${i}@example.com`);
  for (const other of signInEmails)
    if (!(await insertAccount(db, deps, other, hash))) throw new Error(`${other} could not be created`);
  // The plan the pacts' provider state saves: every task of the planner has an answer.
  await db.query('insert into plans (account_id, plan, updated_at) values ($1, $2::jsonb, $3)', [
    account.id,
    JSON.stringify(SAVED_PLAN),
    systemClock.now(),
  ]);
  process.stdout.write(
    `${sessionCookieName(config)}=${await createSession(db, deps, account.id)}\n${email}\n${password}\n${signInEmails.join(' ')}\n`,
  );
} finally {
  await db.close();
}
