// `npm run consent -- list | require ID… | waive ID…`: which programme options require the supervisor's
// consent before submission (docs/operations.md#supervisor-consent; the logic is
// src/consent/operatorCommands.ts). Against the database the server uses: DATABASE_URL, or PGlite in DATA_DIR
// with the server stopped (the same defaults as the server).
import { systemClock } from '../src/platform/clock.ts';
import { ConfigError, loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import { runConsentCommand } from '../src/consent/operatorCommands.ts';

const names = ['NODE_ENV', 'DATABASE_URL', 'DATA_DIR', 'ACCEPT_PGLITE_SINGLE_INSTANCE'];
let config;
try {
  config = loadConfig(Object.fromEntries(names.map((name) => [name, process.env[name]])));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`consent: ${error.problems.join(' ')}`);
  process.exit(2);
}
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
try {
  const result = await runConsentCommand(db, systemClock, process.argv.slice(2));
  const print = result.exitCode === 0 ? console.info : console.error;
  for (const line of result.lines) print(line);
  if (result.exitCode !== 2) print(`(${where})`);
  process.exitCode = result.exitCode;
} finally {
  await db.close();
}
