// How the server process ends. SIGTERM or SIGINT: stop accepting requests, finish the running ones and the
// mail worker's pass, close the database, exit 0. An unhandled rejection or an uncaught exception is logged
// and ends the process the same graceful way, with exit code 1 (a supervisor restarts it). A second signal,
// or a graceful stop still running after forceAfterMs, exits at once, but still closes the database first
// (PGlite writes its files on close; PostgreSQL gets its connections back).
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
