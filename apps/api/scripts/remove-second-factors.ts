// `npm run second-factors:remove -- <address>`: the desk's removal of an account's second factors, once the
// applicant has proved who they are (docs/operations.md#a-lost-second-factor). Against the database the server
// uses: DATABASE_URL, or PGlite in DATA_DIR with the server stopped (the same defaults as the server).
import { systemClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import { removeSecondFactors } from '../src/account/secondFactors.ts';

const email = process.argv[2];
if (!email || process.argv.length > 3) {
  console.error("Usage: npm run second-factors:remove -- <the account's e-mail address>");
  process.exit(2);
}
// Only the database settings: the rest is the server's business, not this step's.
const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
try {
  const removed = await removeSecondFactors(db, { config, clock: systemClock }, email);
  if (!removed) {
    console.error(`second-factors:remove: ${where}: no account has the address ${email}; nothing changed`);
    process.exitCode = 1;
  } else {
    console.info(
      `second-factors:remove: ${where}: ${email}: authenticator app ${removed.authenticatorApp ? 'removed' : 'was off'}, ` +
        `${removed.recoveryCodes} unused recovery codes and ${removed.passkeys} passkeys removed, ${removed.sessions} sessions ended`,
    );
  }
} finally {
  await db.close();
}
