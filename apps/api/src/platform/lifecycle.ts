// How the server process ends. SIGTERM or SIGINT: stop accepting requests, finish the running ones and the
// mail worker's pass, close the database, exit 0. An unhandled rejection or an uncaught exception is logged
// and ends the process the same graceful way, with exit code 1 (a supervisor restarts it). A second signal,
// or a graceful stop still running after forceAfterMs, exits at once, but still closes the database first
// (PGlite writes its files on close; PostgreSQL gets its connections back).
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';

export interface ProcessLike {
  on(event: 'SIGTERM' | 'SIGINT', listener: (signal: NodeJS.Signals) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  on(event: 'uncaughtException', listener: (error: Error) => void): unknown;
  exit(code: number): void;
}

export interface LifecycleOptions {
  proc: ProcessLike;
  log: Pick<FastifyBaseLogger, 'info' | 'error' | 'fatal'>;
  /** The graceful stop: the server, the running requests, the mail, the database. */
  close: () => Promise<void>;
  /** The database alone, for a forced exit; must tolerate being called while close() runs. */
  closeDatabase: () => Promise<void>;
  /** Called once when the stop begins (timers of the caller). */
  onStop?: () => void;
  forceAfterMs?: number;
  /** How long a forced exit waits for the database to close. */
  databaseCloseMs?: number;
}

export function handleProcessEvents(options: LifecycleOptions): { stop: (code: number) => void } {
  const { proc, log, forceAfterMs = 10_000, databaseCloseMs = 2_000 } = options;
  let stopping = false;
  let forced = false;

  const force = (reason: string) => {
    if (forced) return;
    forced = true;
    log.error({ reason }, 'forced exit: closing the database first');
    const cap = new Promise<void>((resolve) => setTimeout(resolve, databaseCloseMs).unref());
    void Promise.race([options.closeDatabase().catch(() => undefined), cap]).then(() => proc.exit(1));
  };

  const stop = (code: number) => {
    if (stopping) return force('stopped again while stopping');
    stopping = true;
    options.onStop?.();
    const timer = setTimeout(() => force(`still stopping after ${forceAfterMs} ms`), forceAfterMs);
    timer.unref();
    options.close().then(
      () => {
        clearTimeout(timer);
        if (!forced) proc.exit(code);
      },
      (error: unknown) => {
        clearTimeout(timer);
        log.error({ err: error }, 'graceful stop failed');
        force('graceful stop failed');
      },
    );
  };

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    proc.on(signal, () => {
      log.info({ signal }, 'shutting down');
      stop(0);
    });
  }
  proc.on('unhandledRejection', (reason) => {
    log.fatal({ err: reason }, 'unhandled promise rejection: shutting down');
    stop(1);
  });
  proc.on('uncaughtException', (error) => {
    log.fatal({ err: error }, 'uncaught exception: shutting down');
    stop(1);
  });
  return { stop };
}

/** How long the event loop may stay blocked before the watchdog ends the process. */
export const WATCHDOG_STALL_MS = 15_000;

/**
 * A last resort for an event loop that never comes back (a WebAssembly PGlite spinning, a synchronous write
 * to a frozen disk): no SIGTERM handler, timer or log line on the main thread can run then. A worker thread
 * watches a heartbeat the main thread writes every second; after `stallMs` without one it writes a line to
 * stderr and kills the process (SIGKILL: exit status 137 for the supervisor, which restarts it). SIGTERM is
 * thus answered within `stallMs` even when the loop is blocked.
 */
export function startWatchdog(stallMs: number): { stop: () => void } {
  const beat = new BigInt64Array(new SharedArrayBuffer(8));
  // Milliseconds since the main thread's time origin (a worker has its own; it is given this one).
  const now = () => BigInt(Math.floor(performance.now()));
  Atomics.store(beat, 0, now());
  const heart = setInterval(() => Atomics.store(beat, 0, now()), 1000);
  heart.unref();
  const source = `
    // getBuiltinModule: the same in a CommonJS or an ES module eval (--input-type decides which).
    const { workerData } = process.getBuiltinModule('node:worker_threads');
    const { writeSync } = process.getBuiltinModule('node:fs');
    const beat = new BigInt64Array(workerData.buffer);
    const origin = workerData.origin;
    setInterval(() => {
      const silentMs = Math.floor(performance.now() + performance.timeOrigin - origin) - Number(Atomics.load(beat, 0));
      if (silentMs > workerData.stallMs) {
        writeSync(2, JSON.stringify({ level: 60, time: Date.now(), pid: process.pid,
          msg: 'watchdog: the event loop has not answered for ' + silentMs + ' ms; killing the process' }) + '\\n');
        process.kill(process.pid, 'SIGKILL');
      }
    }, 500);
  `;
  const worker = new Worker(source, {
    eval: true,
    workerData: { buffer: beat.buffer, stallMs, origin: performance.timeOrigin },
  });
  worker.unref();
  return {
    stop() {
      clearInterval(heart);
      void worker.terminate();
    },
  };
}
