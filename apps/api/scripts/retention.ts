// `npm run retention -- [--dry-run]`: the retention clocks once, as the server's housekeeping runs them hourly,
// or with --dry-run what each would do now (docs/operations.md#retention; the logic is
// src/retention/clocks.ts). Against the database the server uses: DATABASE_URL, or PGlite in DATA_DIR with the
// server stopped, with the server's retention settings, PUBLIC_URL and BASE_PATH (the warning's link). A warning
// it queues is sent by the server's mail worker once it runs.
import { outboxOnly } from '../src/mail/outbox.ts';
import { systemClock } from '../src/platform/clock.ts';
import { ConfigError, loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import { parseRetention, runRetention } from '../src/retention/operatorCommand.ts';

const order = parseRetention(process.argv.slice(2));
if ('exitCode' in order) {
  console.error(order.line);
  process.exit(order.exitCode);
}
const names = [
  'NODE_ENV',
  'DATABASE_URL',
  'DATA_DIR',
  'ACCEPT_PGLITE_SINGLE_INSTANCE',
  'PUBLIC_URL',
  'BASE_PATH',
  'SMTP_URL',
  'ACCOUNT_UNUSED_DAYS',
  'ACCOUNT_UNUSED_WARNING_DAYS',
  'APPLICATION_RETENTION_DAYS',
  'ACCESS_LOG_DAYS',
];
let config;
try {
  // SMTP_URL as the server has it: a warning is then queued for the server's worker (the command sends none).
  config = loadConfig(Object.fromEntries(names.map((name) => [name, process.env[name]])));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  for (const problem of error.problems) console.error(`retention: ${problem}`);
  process.exit(2);
}
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
const mailer = outboxOnly(config, systemClock);
try {
  const result = await runRetention({ db, clock: systemClock, config, mailer }, order, where);
  for (const line of result.lines) console.info(line);
} finally {
  await db.close();
}
