// `npm run staff:invite|staff:set-role|staff:remove -- …`: the operator's commands for staff accounts
// (docs/operations.md#staff-accounts; the logic is src/staff/operatorCommands.ts). Against the database the
// server uses: DATABASE_URL, or PGlite in DATA_DIR with the server stopped (the same defaults as the server).
// An invitation is written to the outbox and sent at once when SMTP_URL is set (the server's mail worker
// retries it if SMTP refuses); its link starts with PUBLIC_URL and BASE_PATH, as the server's links do.
import pino from 'pino';
import { loadContract } from '@pre-admission/contract';
import { createMailer } from '../src/mail/outbox.ts';
import { systemClock } from '../src/platform/clock.ts';
import { ConfigError, loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import {
  parseStaffCommand,
  runStaffOrder,
  seedReferences,
  staffCommands,
  type StaffCommand,
} from '../src/staff/operatorCommands.ts';

const command = process.argv[2] as StaffCommand;
if (!staffCommands.includes(command)) {
  console.error(`staff: the command is one of ${staffCommands.join(', ')}`);
  process.exit(2);
}
// The settings a command needs, read as the server reads them (the same refusals, in production too).
const names = [
  'NODE_ENV',
  'DATABASE_URL',
  'DATA_DIR',
  'ACCEPT_PGLITE_SINGLE_INSTANCE',
  'PUBLIC_URL',
  'BASE_PATH',
  'SMTP_URL',
  'MAIL_FROM',
  'DEV_MAILBOX_URL',
  'STAFF_INVITATION_LIFETIME_SECONDS',
];
let config;
try {
  config = loadConfig(Object.fromEntries(names.map((name) => [name, process.env[name]])));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`staff:${command}: ${error.problems.join(' ')}`);
  process.exit(2);
}
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
// The address as openapi.yaml's Email: one the API can answer with.
const contract = await loadContract();
const { schemas } = contract.document.components as { schemas: { Email: Record<string, unknown> } };
const validEmail = contract.compile(schemas.Email);
const references = seedReferences();
const order = parseStaffCommand(command, process.argv.slice(3), references, (value) => validEmail(value));
if ('exitCode' in order) {
  console.error(order.line);
  process.exit(order.exitCode);
}
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
const mailer = createMailer(config, systemClock, pino({ level: 'warn' }), () => db);
try {
  const result = await runStaffOrder(order, { db, deps: { config, clock: systemClock }, mailer, references });
  if (result.exitCode === 0) {
    await mailer.deliverDue();
    await mailer.idle();
    console.info(`${result.line} (${where})`);
  } else console.error(`${result.line} (${where})`);
  process.exitCode = result.exitCode;
} finally {
  mailer.close();
  await db.close();
}
