// `npm run applications:enrolled -- <reference number> [--undo]`: the desk's mark that the applicant of an
// accepted application enrolled, so the five-year clock leaves it (docs/operations.md#retention; the logic is
// src/retention/operatorCommand.ts). Against the database the server uses: DATABASE_URL, or PGlite in DATA_DIR
// with the server stopped (the same defaults as the server).
import { systemClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import { parseEnrolment, runEnrolment } from '../src/retention/operatorCommand.ts';

const order = parseEnrolment(process.argv.slice(2));
if ('exitCode' in order) {
  console.error(order.line);
  process.exit(order.exitCode);
}
// Only the database settings: the rest is the server's business, not this step's.
const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
try {
  const result = await runEnrolment(db, systemClock, order, where);
  (result.exitCode === 0 ? console.info : console.error)(result.line);
  process.exitCode = result.exitCode;
} finally {
  await db.close();
}
