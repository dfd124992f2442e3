// Child processes of the harness: the web build and the server. Every wait is bounded.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const resultsDir = join(repoRoot, 'test-results', 'e2e');
const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name);

/**
 * Builds apps/web into outDir as `npm run build -w @pre-admission/web` does: the client build with a Vite
 * manifest (the budget test reads it), then the prerendered public pages.
 */
export async function buildWeb(outDir: string): Promise<void> {
  const steps: Array<[string, string[]]> = [
    [
      bin('vite'),
      ['build', 'apps/web', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    ],
    [bin('tsx'), ['apps/web/scripts/prerender.ts', outDir]],
  ];
  // Vitest sets NODE_ENV=test, and Vite keeps an inherited NODE_ENV: without this the build bundles React's
  // development build (about 70 kB gzip more) and the budget would measure the wrong thing.
  const env = { ...process.env, NODE_ENV: 'production' };
  for (const [command, args] of steps) {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await exitCode(child, 300_000);
    if (code !== 0) throw new Error(`${args.join(' ')} failed (exit ${code}):\n${output.slice(-4000)}`);
  }
}

/** Builds the desk's console (apps/desk) into outDir, as `npm run build -w @pre-admission/desk-app` does. */
export async function buildDesk(outDir: string): Promise<void> {
  const child = spawn(
    bin('vite'),
    ['build', 'apps/desk', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: repoRoot, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await exitCode(child, 300_000);
  if (code !== 0) throw new Error(`the desk's build failed (exit ${code}):\n${output.slice(-4000)}`);
}

/** A port nobody listens on at this moment, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts tests/e2e/harness/serve.ts on 127.0.0.1 and waits for /api/health. */
export async function startServer(options: {
  webDist: string;
  /** The desk's console build (DESK_DIST); without it the server has no /desk/ pages. */
  deskDist?: string;
  dataDir: string;
  logFile: string;
  /** More settings, e.g. short session timeouts (SESSION_IDLE_TIMEOUT_SECONDS) for one test file's own server. */
  env?: Record<string, string>;
  /**
   * The name in PUBLIC_URL and in the address the browser opens. 'localhost' for passkeys: WebAuthn refuses an
   * IP address as the relying party's id, and http://localhost is a secure context. It still listens on
   * 127.0.0.1 only (Chromium resolves localhost to loopback without asking DNS).
   */
  hostname?: '127.0.0.1' | 'localhost';
}): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://${options.hostname ?? '127.0.0.1'}:${port}`;
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile);
  const child = spawn(
    process.execPath,
    // E2E_SERVE_ENTRY runs another entry (a local experiment); the suite's own is serve.ts.
    [process.env.E2E_SERVE_ENTRY || fileURLToPath(new URL('./serve.ts', import.meta.url))],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        BASE_PATH: '/',
        DATA_DIR: options.dataDir,
        // Unset, not empty (an empty value is refused: docs/operations.md#settings).
        DATABASE_URL: undefined,
        SMTP_URL: undefined,
        WEB_DIST: options.webDist,
        DESK_DIST: options.deskDist ?? '/nonexistent',
        PROVIDER_STATES: '0',
        DEBUG_ENDPOINTS: '1',
        LOG_LEVEL: 'warn',
        ...options.env,
      },
    },
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = exitCode(child, Number.POSITIVE_INFINITY);
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}); see ${options.logFile}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 60 s; see ${options.logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
        await exited;
        clearTimeout(timer);
      }
      log.end();
    },
  };
}

function exitCode(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const timer = Number.isFinite(timeoutMs)
      ? setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`${child.spawnfile} took longer than ${timeoutMs} ms`));
        }, timeoutMs)
      : undefined;
    child.once('error', reject);
    child.once('exit', (code) => {
      if (timer) clearTimeout(timer);
      resolve(code);
    });
  });
}
