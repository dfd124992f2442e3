// Once per test run: an embedded database with the migrations and the seed applied, dumped to a file that
// every test file's database starts from. Not needed (and not made) when DATABASE_URL names a server.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { systemClock } from '../src/platform/clock.ts';
import { dumpDatabase, openDatabase } from '../src/platform/db.ts';
import { seedReferenceData } from '../src/reference/referenceData.ts';

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return () => undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'api-template-'));
  const db = await openDatabase({ dataDir: 'memory://' });
  await seedReferenceData(db, systemClock);
  const file = join(dir, 'pglite.tar');
  writeFileSync(file, Buffer.from(await (await dumpDatabase(db)).arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
