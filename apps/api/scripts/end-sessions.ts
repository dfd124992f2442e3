// `npm run sessions:end-all`: the step every restore ends with (docs/operations.md#backup-and-restore), run
// with the server stopped, against the database the server uses: DATABASE_URL, or PGlite in DATA_DIR (the
// same defaults as the server). It also applies any migration the restored copy lacks.
import { endSessionsAndTokens } from '../src/platform/afterRestore.ts';
import { systemClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db.ts';

// Only the database settings: the rest (SMTP, public URL...) is the server's business, not this step's.
const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
try {
  const ended = await endSessionsAndTokens(db, systemClock);
  console.info(
    `sessions:end-all: ${where}: ended ${ended.sessions} sessions and ${ended.tokens} open link tokens`,
  );
} finally {
  await db.close();
}
