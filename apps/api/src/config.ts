// Run-time configuration, read once from the environment. Tests build a Config directly.
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { OperationId } from './contract.ts';

export interface ScryptParams {
  /** CPU/memory cost (a power of two). */
  N: number;
  r: number;
  p: number;
  keyLength: number;
}

export interface RateLimit {
  /** How many events the window allows. */
  max: number;
  windowMs: number;
}

export interface Config {
  host: string;
  port: number;
  /** '' for the root, otherwise '/pre-admission' (leading slash, no trailing slash). */
  basePath: string;
  /** The origin the mailed links point at, without the base path (e.g. http://localhost:8080). */
  publicUrl: string;
  /** PGlite data directory, used when databaseUrl is empty. 'memory://' for a throwaway database. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL only: connections per process (DATABASE_POOL_SIZE); mind the server's max_connections. */
  databasePoolSize: number;
  /** Required in production; development without it sends to the outbox only (npm start adds MailDev). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The development mail catcher `npm start` runs (DEV_MAILBOX_URL, never in production): printed at start,
   * and each mail's link is printed on the console too.
   */
  devMailboxUrl: string | undefined;
  /** GET /api/debug/* (every mailed link): only with DEBUG_ENDPOINTS=1, whatever NODE_ENV is. */
  debugEndpoints: boolean;
  /** POST {base}/_pact/provider-states: PROVIDER_STATES=1, never in production, only with the secret. */
  providerStates: boolean;
  /** The X-Provider-States-Secret every provider-state request must carry (PROVIDER_STATES_SECRET). */
  providerStatesSecret: string | undefined;
  /** Validate every API response against openapi.yaml at run time (a breach becomes a 500 and a log line). */
  validateResponses: boolean;
  webDist: string;
  /**
   * Which X-Forwarded-For entries to believe (docs/hosting.md#trust-proxy): false (none), a hop count, or
   * the proxies' addresses and CIDR ranges. Never "all": a client could name its own address.
   */
  trustProxy: false | number | string[];
  logLevel: string;
  scrypt: ScryptParams;
  /**
   * Lifetimes in milliseconds. A session ends `sessionIdle` after the applicant's last call
   * (SESSION_IDLE_TIMEOUT_SECONDS) and `session` after sign-in whatever happens (SESSION_LIFETIME_SECONDS):
   * docs/security.md#session-timeout.
   */
  lifetimes: {
    registration: number;
    passwordReset: number;
    emailChange: number;
    session: number;
    sessionIdle: number;
  };
  /** How long before a session ends the app warns (SESSION_WARNING_SECONDS), in milliseconds. */
  sessionWarning: number;
  limits: {
    /** Wrong passwords for one account from one client (docs/security.md: the owner is not locked out). */
    signInFailuresPerAccountAndClient: RateLimit;
    /** The ceiling of wrong passwords for one account from all clients together. */
    signInFailuresPerAccount: RateLimit;
    signInFailuresPerClient: RateLimit;
    /** Unknown, used or expired tokens presented by one client. */
    tokenFailuresPerClient: RateLimit;
    mailsPerAddress: RateLimit;
    mailsPerClient: RateLimit;
    /** One mail per address per window (MAIL_RESEND_COOLDOWN_SECONDS; windowMs 0 switches it off). */
    mailResendCooldown: RateLimit;
  };
  /** Password hashes computed at once, and waiting; beyond both, 503 with Retry-After. */
  hashing: { concurrency: number; queue: number };
  /**
   * A 503 from the full hashing queue is sent after `ms` (its Retry-After), at most `max` of them held at
   * once (HASHING_BUSY_HOLD_MS; 0 sends them at once). docs/security.md#hashing.
   */
  busyHold: { ms: number; max: number };
  /** Connection timeouts in milliseconds (docs/hosting.md#timeouts). */
  timeouts: Timeouts;
  /** The largest body of any request the API routes do not set (docs/hosting.md#body-limits), in bytes. */
  bodyLimit: number;
  /** The largest body per API operation, in bytes; an operation not listed takes `apiBodyLimit`. */
  bodyLimits: Partial<Record<OperationId, number>>;
  apiBodyLimit: number;
  /** The Prometheus listener (docs/operations.md#health-and-metrics): none unless METRICS_PORT is set. */
  metrics: { host: string; port: number | undefined };
  /** What GET /api/health/ready allows: a write's time, and the age of the oldest unsent mail. */
  readiness: { writeTimeoutMs: number; outboxMaxAgeMs: number };
}

export interface Timeouts {
  /** The whole request (headers and body) must arrive within this (REQUEST_TIMEOUT_MS); else 408. */
  requestMs: number;
  /** The headers must arrive within this (HEADERS_TIMEOUT_MS); at most requestMs. */
  headersMs: number;
  /** An idle kept-alive connection is closed after this (KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveMs: number;
  /** How often Node checks the two above: a late client is cut off at most this much later. */
  checkIntervalMs: number;
}

export const defaultTimeouts: Timeouts = {
  requestMs: 15_000,
  headersMs: 10_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 1_000,
};

const KIB = 1024;

/**
 * docs/hosting.md#body-limits. The addresses are at most 200 characters and the new passwords 100 ASCII
 * characters (openapi.yaml), so 4 KiB is ample; a current password may be up to 10,000 characters, up to
 * 4 bytes each in UTF-8, hence 48 KiB for sign-in and password change.
 */
export const defaultBodyLimits: Partial<Record<OperationId, number>> = {
  signIn: 48 * KIB,
  changePassword: 48 * KIB,
  requestRegistration: 4 * KIB,
  finishRegistration: 4 * KIB,
  requestPasswordReset: 4 * KIB,
  finishPasswordReset: 4 * KIB,
  requestEmailChange: 4 * KIB,
  // A plan: ten small fields and two lists of at most 100 ids (openapi.yaml Plan), under 2 KiB; 8 KiB is ample.
  savePlan: 8 * KIB,
};

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/** The production defaults. Tests lower only the scrypt cost. */
export const defaultScrypt: ScryptParams = { N: 2 ** 15, r: 8, p: 1, keyLength: 64 };

export const defaultLimits: Config['limits'] = {
  signInFailuresPerAccountAndClient: { max: 5, windowMs: 15 * MINUTE },
  signInFailuresPerAccount: { max: 50, windowMs: 15 * MINUTE },
  signInFailuresPerClient: { max: 20, windowMs: 15 * MINUTE },
  tokenFailuresPerClient: { max: 20, windowMs: 15 * MINUTE },
  mailsPerAddress: { max: 5, windowMs: HOUR },
  mailsPerClient: { max: 30, windowMs: HOUR },
  mailResendCooldown: { max: 1, windowMs: MINUTE },
};

export const defaultLifetimes: Config['lifetimes'] = {
  registration: 24 * HOUR,
  passwordReset: 1 * HOUR,
  emailChange: 24 * HOUR,
  session: 12 * HOUR,
  sessionIdle: 30 * MINUTE,
};

/** The "you will be signed out" warning comes this long before the end (docs/behaviour.md#session). */
export const defaultSessionWarning = 2 * MINUTE;

/**
 * scrypt runs on libuv's thread pool, at the event loop's own priority. With as many hashes at once as
 * cores, a sign-in flood keeps every core busy hashing and the event loop (every other request) waits for
 * the scheduler: one core fewer than there are (at least one) keeps a core for the event loop and leaves
 * pool threads free for the rest (docs/security.md#hashing, bench:abuse). A short queue absorbs a burst of
 * honest sign-ins; HASHING_CONCURRENCY overrides the count.
 */
export const defaultHashing = (cores = availableParallelism()): Config['hashing'] => {
  const concurrency = Math.max(1, cores - 1);
  return { concurrency, queue: 16 * concurrency };
};

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * BASE_PATH as '' or '/a/b': plain segments only. Redirects and links are built under it, so a value
 * such as `//evil.example` (another site, to a browser) is refused (docs/hosting.md#base-path).
 */
export function normaliseBasePath(raw: string | undefined): string {
  const trimmed = (raw ?? '/').trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  const path = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  const segments = path.slice(1).split('/');
  if (segments.some((segment) => !/^[A-Za-z0-9._~-]+$/.test(segment) || /^\.+$/.test(segment)))
    throw new ConfigError(
      `BASE_PATH must be a path of plain segments (letters, digits, . _ ~ -), such as /pre-admission: ${raw}`,
    );
  return path;
}

function flag(value: string | undefined): boolean {
  return value === '1' || value === 'true';
}

/** An unsafe or impossible setting: the server does not start, and the message names the variable. */
export class ConfigError extends Error {}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new ConfigError(`${name} must be a positive integer: ${raw}`);
  return value;
}

/** A whole number of seconds, 0 allowed, as milliseconds. */
function nonNegativeSeconds(env: NodeJS.ProcessEnv, name: string, fallbackSeconds: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallbackSeconds * 1000;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 3600)
    throw new ConfigError(`${name} must be a whole number of seconds from 0 to 3600: ${raw}`);
  return value * 1000;
}

/**
 * TRUST_PROXY as Fastify's trustProxy takes it, minus `true`: '' / 0 / false for none; a hop count (`1`:
 * believe only the address the one proxy in front appended); or a comma list of proxy addresses / CIDRs.
 */
export function parseTrustProxy(raw: string | undefined): Config['trustProxy'] {
  const value = (raw ?? '').trim();
  if (value === '' || value === '0' || value === 'false') return false;
  if (/^[0-9]+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = (entry: string) => {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  };
  if (entries.every(valid)) return entries;
  throw new ConfigError(
    `TRUST_PROXY must be a hop count (1 behind one reverse proxy) or a comma list of proxy addresses or CIDR ranges (10.0.0.2, 10.0.0.0/8); never "true", which would let any client choose its own address: ${raw}`,
  );
}

/** HASHING_CONCURRENCY overrides the hashes run at once; the queue stays 16 per hash slot. */
function loadHashing(env: NodeJS.ProcessEnv): Config['hashing'] {
  const concurrency = positiveInteger(env, 'HASHING_CONCURRENCY', defaultHashing().concurrency);
  return { concurrency, queue: 16 * concurrency };
}

/** Refusals held 1 s, as many as 1,000 at once: a timer and an idle socket each. */
function loadBusyHold(env: NodeJS.ProcessEnv): Config['busyHold'] {
  const raw = env.HASHING_BUSY_HOLD_MS;
  if (raw === undefined || raw === '') return { ms: 1000, max: 1000 };
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0 || ms > 10_000)
    throw new ConfigError(
      `HASHING_BUSY_HOLD_MS must be a whole number of milliseconds from 0 to 10000: ${raw}`,
    );
  return { ms, max: 1000 };
}

function loadTimeouts(env: NodeJS.ProcessEnv): Timeouts {
  const timeouts: Timeouts = {
    requestMs: positiveInteger(env, 'REQUEST_TIMEOUT_MS', defaultTimeouts.requestMs),
    headersMs: positiveInteger(env, 'HEADERS_TIMEOUT_MS', defaultTimeouts.headersMs),
    keepAliveMs: positiveInteger(env, 'KEEP_ALIVE_TIMEOUT_MS', defaultTimeouts.keepAliveMs),
    checkIntervalMs: defaultTimeouts.checkIntervalMs,
  };
  if (timeouts.headersMs > timeouts.requestMs)
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS (${timeouts.headersMs}) must not exceed REQUEST_TIMEOUT_MS (${timeouts.requestMs}).`,
    );
  return timeouts;
}

/**
 * SESSION_IDLE_TIMEOUT_SECONDS, SESSION_LIFETIME_SECONDS, SESSION_WARNING_SECONDS (docs/operations.md): a
 * warning as long as the idle time would be shown at once, and an idle time beyond the lifetime never
 * applies, so both are refused.
 */
function loadSessionTimes(env: NodeJS.ProcessEnv): { lifetimes: Config['lifetimes']; warning: number } {
  const seconds = (name: string, fallback: number) => positiveInteger(env, name, fallback / 1000) * 1000;
  const idle = seconds('SESSION_IDLE_TIMEOUT_SECONDS', defaultLifetimes.sessionIdle);
  const lifetime = seconds('SESSION_LIFETIME_SECONDS', defaultLifetimes.session);
  const warning = seconds('SESSION_WARNING_SECONDS', Math.min(defaultSessionWarning, idle / 2));
  if (warning >= idle)
    throw new ConfigError(
      `SESSION_WARNING_SECONDS (${warning / 1000}) must be shorter than SESSION_IDLE_TIMEOUT_SECONDS (${idle / 1000}).`,
    );
  if (idle > lifetime)
    throw new ConfigError(
      `SESSION_IDLE_TIMEOUT_SECONDS (${idle / 1000}) must not exceed SESSION_LIFETIME_SECONDS (${lifetime / 1000}).`,
    );
  return { lifetimes: { ...defaultLifetimes, session: lifetime, sessionIdle: idle }, warning };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT is not a port: ${env.PORT}`);
  const smtpUrl = env.SMTP_URL || undefined;
  const devMailboxUrl = env.DEV_MAILBOX_URL || undefined;
  const providerStates = flag(env.PROVIDER_STATES);
  const providerStatesSecret = env.PROVIDER_STATES_SECRET || undefined;
  if (production && !smtpUrl)
    throw new ConfigError(
      'SMTP_URL is required when NODE_ENV=production (e.g. smtp://user:pass@mail.example.ac.jp:587): without it no applicant would receive a mail.',
    );
  if (production && devMailboxUrl)
    throw new ConfigError(
      'DEV_MAILBOX_URL prints every mailed link on the console: not with NODE_ENV=production.',
    );
  if (production && providerStates)
    throw new ConfigError(
      'PROVIDER_STATES=1 lets a caller set any password and create sessions: never with NODE_ENV=production.',
    );
  if (providerStates && !providerStatesSecret)
    throw new ConfigError(
      'PROVIDER_STATES=1 needs PROVIDER_STATES_SECRET: the verifier sends it as X-Provider-States-Secret.',
    );
  const sessionTimes = loadSessionTimes(env);
  return {
    host: env.HOST ?? 'localhost',
    port,
    basePath: normaliseBasePath(env.BASE_PATH),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir: env.DATA_DIR ?? `${repoRoot}.data/pglite`,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: positiveInteger(env, 'DATABASE_POOL_SIZE', 10),
    smtpUrl,
    mailFrom: env.MAIL_FROM ?? 'Pre-admission Support Desk <pre-admission@example.ac.jp>',
    devMailboxUrl,
    debugEndpoints: flag(env.DEBUG_ENDPOINTS),
    providerStates,
    providerStatesSecret,
    validateResponses: env.VALIDATE_RESPONSES ? flag(env.VALIDATE_RESPONSES) : !production,
    webDist: env.WEB_DIST ?? `${repoRoot}apps/web/dist`,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    scrypt: defaultScrypt,
    lifetimes: sessionTimes.lifetimes,
    sessionWarning: sessionTimes.warning,
    limits: {
      ...defaultLimits,
      mailResendCooldown: { max: 1, windowMs: nonNegativeSeconds(env, 'MAIL_RESEND_COOLDOWN_SECONDS', 60) },
    },
    hashing: loadHashing(env),
    busyHold: loadBusyHold(env),
    timeouts: loadTimeouts(env),
    // Page form posts and provider states: small too; the API's own limits are per operation.
    bodyLimit: 64 * KIB,
    bodyLimits: defaultBodyLimits,
    apiBodyLimit: 4 * KIB,
    metrics: { host: env.METRICS_HOST || '127.0.0.1', port: metricsPort(env.METRICS_PORT) },
    readiness: {
      writeTimeoutMs: positiveInteger(env, 'READY_WRITE_TIMEOUT_MS', 2000),
      outboxMaxAgeMs: positiveInteger(env, 'READY_OUTBOX_MAX_AGE_SECONDS', 900) * 1000,
    },
  };
}

/** METRICS_PORT: unset for no listener, 0 for any free port (tests). */
function metricsPort(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new ConfigError(`METRICS_PORT must be a port number (0 for any free one): ${raw}`);
  return value;
}
