// The server process: configuration from the environment, the database (PGlite under .data/ or PostgreSQL
// with DATABASE_URL), migrations, then listen. SIGTERM and SIGINT shut it down gracefully.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db.ts';
import { purgeExpired } from './housekeeping.ts';
import { systemClock } from './clock.ts';

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const server = await buildApp({ config, db });
await server.app.listen({ host: config.host, port: config.port });

const housekeeping = async () => {
  try {
    server.app.log.info({ purged: await purgeExpired(db, systemClock) }, 'housekeeping');
  } catch (error) {
    server.app.log.error({ err: error }, 'housekeeping failed');
  }
};
await housekeeping();
const hourly = setInterval(() => void housekeeping(), 60 * 60 * 1000);
hourly.unref();

const site = `${config.publicUrl}${config.basePath}/`;
console.info(`Pre-admission site:   ${site}`);
console.info(`Development mailbox:  ${config.publicUrl}${config.basePath}/api/debug/mails`);
console.info(
  `Storage:              ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`,
);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    clearInterval(hourly);
    server.app.log.info({ signal }, 'shutting down');
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
