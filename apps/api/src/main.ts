// The server process: configuration from the environment (refused with a message naming the variable when
// unsafe), the database (PGlite under .data/ or PostgreSQL with DATABASE_URL), migrations, then listen.
// The mail worker and housekeeping run in the process; lifecycle.ts decides how it ends.
import { writeSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp, type App } from './app.ts';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';
import { openDatabase, type Database } from './platform/db.ts';
import { expireConsentRequests } from './consent/requests.ts';
import { sendDailySummaries } from './desk/dailySummary.ts';
import { purgeExpired } from './platform/housekeeping.ts';
import { runRetentionClocks } from './retention/clocks.ts';
import { checkDataDir } from './platform/dataDir.ts';
import { handleProcessEvents, startWatchdog, WATCHDOG_STALL_MS } from './platform/lifecycle.ts';
import { startMetricsListener } from './platform/metrics.ts';
import { systemClock } from './platform/clock.ts';
import { startLines } from './platform/startLines.ts';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // One line per problem, each naming its variable, so a supervisor's log shows every one of them; exit 1,
  // so the supervisor sees a failed start rather than a clean stop.
  console.error(
    error.problems.length === 1
      ? `The server does not start: ${error.problems[0]}`
      : `The server does not start: ${error.problems.length} settings are wrong:`,
  );
  if (error.problems.length > 1) for (const problem of error.problems) console.error(`- ${problem}`);
  console.error('Every setting, its allowed values and an example: docs/operations.md#settings');
  process.exit(1);
}

if (!config.databaseUrl) {
  const problem = await checkDataDir(config.dataDir);
  if (problem) {
    console.error(`The server does not start: ${problem}`);
    process.exit(1);
  }
}

let log: FastifyBaseLogger | undefined;
/** Ends the process (set once the lifecycle handlers are in place). */
const lifecycle: { stop?: (code: number) => void } = {};
const db: Database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  // A PostgreSQL restart: the requests in flight fail, the pool reconnects for the next ones.
  onError: (error) =>
    log
      ? log.error({ err: error }, 'database connection lost; the pool reconnects')
      : console.error(`database connection lost: ${error.message}`),
  // PGlite cannot write DATA_DIR (read-only, full): it answers nothing from now on, so the process ends with
  // exit 1 and the supervisor restarts it (docs/operations.md#health-and-metrics).
  onStorageFailure: (error) => {
    const line = `the embedded database cannot write ${config.dataDir}: ${error.message}; stopping (exit 1) so that a supervisor restarts the server`;
    if (log) log.fatal({ err: error }, line);
    else console.error(line);
    if (lifecycle.stop) lifecycle.stop(1);
    else process.exit(1);
  },
  // The same inside PGlite, at a write or flush where PostgreSQL would PANIC: nothing more can run, not even a
  // log line through the logger's stream, so the line goes straight to stderr and the process ends now.
  onStorageFault: (error) => {
    const line = `the embedded database cannot write ${config.dataDir}: ${error.message}; exiting (exit 1) at once, as PostgreSQL would, so that a supervisor restarts the server`;
    writeSync(2, `${JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, msg: line })}\n`);
    process.exit(1);
  },
});
let server: App;
try {
  server = await buildApp({ config, db });
  log = server.app.log;
  await server.app.listen({ host: config.host, port: config.port });
} catch (error) {
  console.error(error);
  await db.close().catch(() => undefined);
  process.exit(1);
}

if (config.metrics.port !== undefined) {
  const { url } = await startMetricsListener(
    server.services.metrics,
    config.metrics.host,
    config.metrics.port,
  );
  console.info(`Metrics:              ${url}`);
}

// Mail left queued by an earlier run (or another instance) goes out now; then retries on a timer.
server.services.mailer.startWorker();
void server.services.mailer.deliverDue();

const housekeeping = async () => {
  try {
    server.app.log.info({ purged: await purgeExpired(db, systemClock) }, 'housekeeping');
    // Unanswered consent requests expire and their applicants are told (consent/requests.ts): safe on
    // several instances at once, each request expired and mailed once.
    const expired = await expireConsentRequests(server.services);
    if (expired > 0) server.app.log.info({ consentRequestsExpired: expired }, 'housekeeping');
    // The staff's daily summary, from 08:00 Japan time, once a day each (desk/dailySummary.ts).
    const summaries = await sendDailySummaries(server.services);
    if (summaries.sent + summaries.nothingWaiting > 0) server.app.log.info({ summaries }, 'housekeeping');
    // The retention clocks (retention/clocks.ts, docs/operations.md#retention): safe on several instances at
    // once and after a crash. The line names accounts by id and applications by reference, never an address:
    // with the desk's records, it is what stays of a deletion.
    const retention = await runRetentionClocks(server.services);
    if (Object.values(retention).some((ids) => ids.length > 0))
      server.app.log.info({ retention }, 'housekeeping: retention');
  } catch (error) {
    server.app.log.error({ err: error }, 'housekeeping failed');
  }
};
await housekeeping();
const hourly = setInterval(() => void housekeeping(), 60 * 60 * 1000);
hourly.unref();

for (const line of startLines(config)) console.info(line);

// After the start (migrations may hold the loop for a while): a loop blocked for good ends the process.
const watchdog = startWatchdog(WATCHDOG_STALL_MS);
lifecycle.stop = handleProcessEvents({
  proc: process,
  log: server.app.log,
  close: () => server.close(),
  closeDatabase: () => db.close(),
  onStop: () => {
    clearInterval(hourly);
    watchdog.stop();
  },
}).stop;
