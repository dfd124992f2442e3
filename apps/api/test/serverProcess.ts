// The real server process for the process and fault tests: `node src/main.ts` (Node's type stripping) with
// its output collected, and requests that never hang a test.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { requestId } from './helpers.ts';

const apiDir = fileURLToPath(new URL('..', import.meta.url));

export interface Running {
  child: ChildProcess;
  output: () => string;
  /** The exit code (null when killed by a signal) and the signal, once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; afterMs: number }>;
  base: string;
}

/**
 * A port the system has just given out as free, for a server process to listen on. Fixed ports, or random ones
 * in a fixed range, collided when two runs of the suite shared a machine (EADDRINUSE on 127.0.0.1:18521 in one
 * of two parallel CI runs): each server asks the system for its own.
 */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** undefined unsets a variable (an empty value would be refused: docs/operations.md#settings). */
export function spawnServer(port: number, env: Record<string, string | undefined>): Running {
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: undefined,
      DEBUG_ENDPOINTS: undefined,
      SMTP_URL: undefined,
      DEV_MAILBOX_URL: undefined,
      PROVIDER_STATES: undefined,
      DATABASE_URL: undefined,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_DIST: '/nonexistent',
      DESK_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const started = Date.now();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; afterMs: number }>(
    (resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, afterMs: Date.now() - started })),
  );
  return { child, output: () => output, exited, base: `http://127.0.0.1:${port}` };
}

export async function startServer(port: number, env: Record<string, string | undefined>): Promise<Running> {
  const running = spawnServer(port, env);
  const deadline = Date.now() + 90_000;
  while (!running.output().includes('Storage:')) {
    if (running.child.exitCode !== null) throw new Error(`server exited: ${running.output()}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${running.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return running;
}

/** A request that never hangs the test: a status, or 'no answer' after `timeoutMs`. */
export async function call(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  timeoutMs = 5_000,
): Promise<{ status: number | 'no answer'; ms: number; text: string }> {
  const started = Date.now();
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-request-id': requestId() },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, ms: Date.now() - started, text: await response.text() };
  } catch (error) {
    return { status: 'no answer', ms: Date.now() - started, text: String(error) };
  }
}
