// The server the end-to-end tests drive: apps/api's buildApp, exactly as `npm start` builds it from the
// environment (DATA_DIR, PORT, HOST, PUBLIC_URL, WEB_DIST, PROVIDER_STATES), with four test-only changes:
// - the debug routes on (DEBUG_ENDPOINTS=1): the journeys read their mailed links from GET /api/debug/mails;
// - scrypt at N = 2^10 (apps/api/test/helpers.ts does the same; production keeps 2^15), so each journey's
//   half-dozen password hashes do not dominate the run on a 2-core machine;
// - the per-client mail and sign-in-failure limits raised, because every browser context comes from
//   127.0.0.1 and the suite sends more than 30 mails an hour (the per-account and per-address limits stay);
// - a movable clock (POST /__e2e/clock {offsetMs}) so that expired links can be tested;
// - the operator's staff command (POST /__e2e/staff {command, args}): `npm run staff:invite -- ADDRESS ROLE`
//   run as the operator would, on this server's database and mailer (PGlite has one process: the command
//   cannot open it from outside while the server runs);
// - the operator's consent command (POST /__e2e/consent {args}): `npm run consent -- require 11` and the
//   others, for the same reason. These exist only in this process, which listens on loopback only.
import { buildApp } from '@pre-admission/api-server/src/app.ts';
import type { Clock } from '@pre-admission/api-server/src/platform/clock.ts';
import { defaultScrypt, loadConfig } from '@pre-admission/api-server/src/platform/config.ts';
import { openDatabase } from '@pre-admission/api-server/src/platform/db.ts';
import { runConsentCommand } from '@pre-admission/api-server/src/consent/operatorCommands.ts';
import {
  parseStaffCommand,
  runStaffOrder,
  seedReferences,
  staffCommands,
  type StaffCommand,
} from '@pre-admission/api-server/src/staff/operatorCommands.ts';

const base = loadConfig({ ...process.env, DEBUG_ENDPOINTS: '1' });
const config = {
  ...base,
  scrypt: { ...defaultScrypt, N: 2 ** 10 },
  limits: {
    ...base.limits,
    signInFailuresPerClient: { ...base.limits.signInFailuresPerClient, max: 10_000 },
    mailsPerClient: { ...base.limits.mailsPerClient, max: 10_000 },
  },
};

let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const server = await buildApp({ config, db, clock });
server.app.post('/__e2e/clock', async (request) => {
  const body = request.body as { offsetMs?: unknown } | undefined;
  if (typeof body?.offsetMs !== 'number' || !Number.isFinite(body.offsetMs)) {
    throw Object.assign(new Error('offsetMs must be a number'), { statusCode: 400 });
  }
  offsetMs = body.offsetMs;
  return { now: clock.now().toISOString() };
});
/** An operator command's arguments as the harness's endpoints take them: a list of strings. */
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

server.app.post('/__e2e/staff', async (request) => {
  const body = request.body as { command?: unknown; args?: unknown } | undefined;
  const args = body?.args ?? [];
  if (!(staffCommands as readonly unknown[]).includes(body?.command ?? 'invite') || !isStringList(args)) {
    throw Object.assign(new Error('command must be invite, set-role or remove; args a list of strings'), {
      statusCode: 400,
    });
  }
  const references = seedReferences();
  const order = parseStaffCommand((body?.command ?? 'invite') as StaffCommand, args, references, (value) =>
    /^[^\s@]+@[^\s@]+$/.test(value),
  );
  if ('exitCode' in order) return order;
  return runStaffOrder(order, {
    db,
    deps: { config, clock },
    mailer: server.services.mailer,
    references,
  });
});
server.app.post('/__e2e/consent', async (request) => {
  const args = (request.body as { args?: unknown } | undefined)?.args;
  if (!isStringList(args))
    throw Object.assign(new Error('args must be a list of strings'), { statusCode: 400 });
  return runConsentCommand(db, clock, args);
});
await server.app.listen({ host: config.host, port: config.port });
console.info(`e2e server listening on ${config.publicUrl}${config.basePath}/`);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
