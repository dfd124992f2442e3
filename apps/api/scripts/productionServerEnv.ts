// The environment of a server that a benchmark starts as production does (`node apps/api/src/main.ts`,
// NODE_ENV=production) on a loopback port: used by bench:abuse, bench:memory and bench:web
// (scripts/bench-web.mjs imports it as it is: Node strips the types, so it stays erasable TypeScript).

export interface ProductionServerOptions {
  port: number;
  /** The origin the mailed links and the cookie follow; production demands `https:` (the benches speak plain http to the process, as a TLS proxy in front of it would). */
  publicUrl: string;
  /** Production refuses to start without SMTP: a sink, or an address nothing listens on when no mail is sent. */
  smtpUrl: string;
  /** The embedded PGlite's directory, when there is no databaseUrl. */
  dataDir?: string | undefined;
  databaseUrl?: string | undefined;
}

/** process.env with the production server's settings on top; an undefined value leaves the variable unset. */
export function productionServerEnv(options: ProductionServerOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    PUBLIC_URL: options.publicUrl,
    // Unset rather than empty: an empty setting is refused (docs/operations.md#settings).
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    SMTP_URL: options.smtpUrl,
    // A throwaway database: production on PGlite, one process, is accepted (docs/operations.md#settings).
    ...(options.databaseUrl ? {} : { ACCEPT_PGLITE_SINGLE_INSTANCE: '1' }),
  };
}
