// The start-up check of DATA_DIR (PGlite's folder): a folder it cannot write or nearly full would let the
// server start and then fail the first registration, so the start is refused, naming the folder and the cause.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { MIN_FREE_BYTES } from '../routes/health.ts';

/** Undefined when DATA_DIR can be written and has room; otherwise the reason, for the start-up refusal. */
export async function checkDataDir(dataDir: string): Promise<string | undefined> {
  if (dataDir.startsWith('memory://')) return undefined;
  const probe = join(dataDir, `.write-check-${randomBytes(6).toString('hex')}`);
  try {
    mkdirSync(dataDir, { recursive: true });
    // A real write and fsync: running as root, permission bits alone do not tell whether a write succeeds.
    const fd = openSync(probe, 'wx');
    try {
      writeSync(fd, 'pre-admission write check\n');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    return `DATA_DIR ${dataDir} cannot be written (${(error as Error).message}). Give the server's user a writable folder, or set DATABASE_URL.`;
  } finally {
    rmSync(probe, { force: true });
  }
  const fs = await statfs(dataDir);
  const free = fs.bavail * fs.bsize;
  if (free < MIN_FREE_BYTES)
    return `DATA_DIR ${dataDir} has ${Math.floor(free / 1024 / 1024)} MiB free; the embedded database needs at least ${MIN_FREE_BYTES / 1024 / 1024} MiB.`;
  return undefined;
}
