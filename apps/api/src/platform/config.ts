// Run-time configuration, read once from the environment through the settings table (settings.ts), which
// says what each variable means and allows. Tests build a Config directly.
import { readMaintenanceFile } from './maintenance.ts';
import { readPeriodsFile } from '../application/periods.ts';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { OperationId } from './contract.ts';
import {
  parseSettings,
  SECRET_MIN_LENGTH,
  settings,
  urlPassword,
  type ParsedSettings,
  type SettingName,
  type SettingValues,
} from './settings.ts';

/**
 * The type of a field that holds one setting's value, as the settings table parses it: a setting's type is
 * written once, there. `Defaulted` is for the fields loadConfig fills in when the variable is unset.
 */
type Value<K extends SettingName> = SettingValues[K];
type Defaulted<K extends SettingName> = NonNullable<SettingValues[K]>;

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
  host: Value<'HOST'>;
  port: Value<'PORT'>;
  /** '' for the root, otherwise '/pre-admission' (leading slash, no trailing slash). */
  basePath: Value<'BASE_PATH'>;
  /** The origin the mailed links point at, without the base path (e.g. http://localhost:8080). */
  publicUrl: Defaulted<'PUBLIC_URL'>;
  /**
   * PUBLIC_URL was set: the CSRF check then accepts its origin alone. Unset (development), publicUrl is a
   * guess, so the request's own host is accepted too.
   */
  publicUrlSet: boolean;
  /** PGlite data directory, used when databaseUrl is empty. 'memory://' for a throwaway database. */
  dataDir: Defaulted<'DATA_DIR'>;
  databaseUrl: Value<'DATABASE_URL'>;
  /** PostgreSQL only: connections per process (DATABASE_POOL_SIZE); mind the server's max_connections. */
  databasePoolSize: Value<'DATABASE_POOL_SIZE'>;
  /** ACCEPT_PGLITE_SINGLE_INSTANCE=1: production on PGlite (one process, cold backups only) accepted in so many words. */
  acceptPgliteSingleInstance: Value<'ACCEPT_PGLITE_SINGLE_INSTANCE'>;
  /** Required in production; development without it sends to the outbox only (npm start adds MailDev). */
  smtpUrl: Value<'SMTP_URL'>;
  mailFrom: Value<'MAIL_FROM'>;
  /**
   * The development mail catcher `npm start` runs (DEV_MAILBOX_URL, never in production): printed at start,
   * and each mail's link is printed on the console too.
   */
  devMailboxUrl: Value<'DEV_MAILBOX_URL'>;
  /** GET /api/debug/* (every mailed link): only with DEBUG_ENDPOINTS=1, whatever NODE_ENV is. */
  debugEndpoints: Value<'DEBUG_ENDPOINTS'>;
  /** POST {base}/_pact/provider-states: PROVIDER_STATES=1, never in production, only with the secret. */
  providerStates: Value<'PROVIDER_STATES'>;
  /** The X-Provider-States-Secret every provider-state request must carry (PROVIDER_STATES_SECRET). */
  providerStatesSecret: Value<'PROVIDER_STATES_SECRET'>;
  /** Validate every API response against openapi.yaml at run time (a breach becomes a 500 and a log line). */
  validateResponses: Defaulted<'VALIDATE_RESPONSES'>;
  webDist: Defaulted<'WEB_DIST'>;
  /** The desk's console build, served under `{base}/desk/` (apps/desk). */
  deskDist: Defaulted<'DESK_DIST'>;
  /** MAINTENANCE_FILE: the desk's list of maintenance stops (./maintenance.ts); unset, none is announced. */
  maintenanceFile: Value<'MAINTENANCE_FILE'>;
  /** PERIODS_FILE: the application periods (../application/periods.ts); the repository's file by default. */
  periodsFile: Defaulted<'PERIODS_FILE'>;
  /**
   * Which X-Forwarded-For entries to believe (docs/hosting.md#trust-proxy): false (none), a hop count, or
   * the proxies' addresses and CIDR ranges. Never "all": a client could name its own address.
   */
  trustProxy: Value<'TRUST_PROXY'>;
  logLevel: Value<'LOG_LEVEL'>;
  /**
   * REQUIRE_SECOND_FACTOR=1: every account must have a passkey or the authenticator app; one without gets
   * 403 second_factor_required from everything but the sign-in and security operations (docs/security.md#second-factor).
   */
  requireSecondFactor: Value<'REQUIRE_SECOND_FACTOR'>;
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
    /** Staff sessions (STAFF_SESSION_LIFETIME_SECONDS, STAFF_SESSION_IDLE_TIMEOUT_SECONDS): docs/security.md#staff. */
    staffSession: number;
    staffSessionIdle: number;
    /** A staff invitation's link (STAFF_INVITATION_LIFETIME_SECONDS). */
    staffInvitation: number;
    /** A supervisor's consent request before it expires (CONSENT_REQUEST_DAYS). */
    consentRequest: number;
  };
  /**
   * The retention clocks' periods, in days (docs/operations.md#retention, retention/clocks.ts): an unused
   * account's deletion and its warning before, a decided application's expiry, and the access logs' (kept by the
   * journal, not the server).
   */
  retention: {
    accountUnusedDays: Value<'ACCOUNT_UNUSED_DAYS'>;
    accountWarningDays: Value<'ACCOUNT_UNUSED_WARNING_DAYS'>;
    applicationDays: Value<'APPLICATION_RETENTION_DAYS'>;
    accessLogDays: Value<'ACCESS_LOG_DAYS'>;
  };
  /** How long before a session ends the app warns (SESSION_WARNING_SECONDS), in milliseconds. */
  sessionWarning: number;
  /**
   * How long a sign-in or confirmation lets the session make sensitive changes (CONFIRMATION_WINDOW_SECONDS),
   * in milliseconds: docs/security.md#recent-sign-in.
   */
  confirmationWindow: number;
  limits: {
    /** Wrong passwords for one account from one client (docs/security.md: the owner is not locked out). */
    signInFailuresPerAccountAndClient: RateLimit;
    /** The ceiling of wrong passwords for one account from all clients together. */
    signInFailuresPerAccount: RateLimit;
    signInFailuresPerClient: RateLimit;
    /**
     * Every sign-in from one client, right password or not (SIGN_IN_ATTEMPTS_PER_CLIENT): a ceiling high
     * enough for a school or agency behind one address (docs/security.md#limits).
     */
    signInAttemptsPerClient: RateLimit;
    /** Unknown, used or expired tokens presented by one client. */
    tokenFailuresPerClient: RateLimit;
    /**
     * Passkey challenges one client asks for (startPasskeySignIn: each is a row). Its own counter, not the
     * sign-ins': the sign-in page asks for one at every visit, for the browser's passkey autofill.
     */
    passkeyChallengesPerClient: RateLimit;
    /** Registration and e-mail-change mails to one mailbox (every spelling of it: rateLimits.ts `mailbox`). */
    mailsPerAddress: RateLimit;
    /** Reset mails to one account: the only budget besides the client's that refuses the owner's way back. */
    resetMailsPerAccount: RateLimit;
    /** High enough for a school's or an agency's NAT (docs/security.md#limits). */
    mailsPerClient: RateLimit;
    /** The site's hourly ceiling of requested mails (MAIL_HOURLY_LIMIT); it does not refuse reset mails. */
    mailsPerSite: RateLimit;
    /** One mail per address per window (MAIL_RESEND_COOLDOWN_SECONDS; windowMs 0 switches it off). */
    mailResendCooldown: RateLimit;
    /**
     * Changes to one account's applications (start, save, discard, submit, withdraw): far above what filling
     * in a form needs, low enough that one session cannot make the server write without end.
     */
    applicationWritesPerAccount: RateLimit;
    /**
     * Uploads one account starts (issue 38), refused or not: each costs reading and inspecting up to 10 MB
     * and, for an image, decoding it. Well above what an applicant filling a few applications needs.
     */
    uploadsPerAccount: RateLimit;
    /**
     * The applicant's own copy (issue 42, downloadAccountArchive): each reads every row and file the account
     * holds, up to its applications' 50 MB each. A few a day is all anyone needs; a stolen session's loop ends.
     */
    accountArchivesPerAccount: RateLimit;
    /**
     * The applicant's own deletion (issue 42, deleteAccount): one that succeeds ends the account, so only a
     * refused one (an application awaiting a decision) is ever repeated; a few an hour are plenty.
     */
    accountDeletionsPerAccount: RateLimit;
    /**
     * A staff member's returns, decisions and notes (issue 40): each writes history and may mail an applicant.
     * Far above a day's work at the desk, low enough that a stolen staff session cannot write without end.
     */
    deskWritesPerAccount: RateLimit;
  };
  /**
   * Password hashes computed at once, and waiting; beyond both, 503 with Retry-After. `whileServing`: at once
   * while another request is being served (PasswordHasher.serving) or was in the last `quietMs`; `concurrency`
   * always when absent.
   */
  hashing: { concurrency: number; queue: number; whileServing?: number; quietMs?: number };
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
  /** A separate listener for the metrics (METRICS_HOST, METRICS_PORT); none when port is undefined. */
  metrics: { host: Value<'METRICS_HOST'>; port: Value<'METRICS_PORT'> };
  /**
   * The readiness check fails when its test write takes longer than writeTimeoutMs (READY_WRITE_TIMEOUT_MS)
   * or the oldest unsent mail is older than outboxMaxAgeMs (READY_OUTBOX_MAX_AGE_SECONDS).
   */
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
  /** An upload (a multipart body) must arrive within this instead (UPLOAD_TIMEOUT_MS); at least requestMs. */
  uploadMs: number;
  /** Past requestMs, an upload averaging less than this since its headers is cut off (UPLOAD_MIN_BYTES_PER_SECOND). */
  uploadMinBytesPerSecond: number;
}

export const defaultTimeouts: Timeouts = {
  requestMs: 15_000,
  headersMs: 10_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 1_000,
  // 10 MB in 10 minutes: about 140 kbit/s on average.
  uploadMs: 600_000,
  // 32 kbit/s: far under any connection that could send 10 MB in time, far over a byte a second.
  uploadMinBytesPerSecond: 4096,
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
  // A passkey's response: an assertion is well under 2 KiB, a `none` attestation with an RSA key under 3 KiB;
  // 16 KiB leaves room for authenticators that add extensions. A confirmation may carry a password instead.
  passkeySignIn: 16 * KIB,
  addPasskey: 16 * KIB,
  finishSignIn: 16 * KIB,
  confirmSignIn: 48 * KIB,
  // An application's sections (openapi.yaml ApplicationAnswersPatch): at most 20 schools and about 30 texts of
  // at most 200 characters, up to 4 bytes each in UTF-8, about 32 KiB at the very most; twice that.
  saveApplicationAnswers: 64 * KIB,
  // A withdrawal's reason: at most 1,000 characters, up to 4 bytes each.
  withdrawApplication: 8 * KIB,
  // The staff's twins (openapi.staff.yaml).
  staffSignIn: 48 * KIB,
  acceptStaffInvitation: 4 * KIB,
  finishStaffSignIn: 16 * KIB,
  addStaffPasskey: 16 * KIB,
};

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/** The production defaults. Tests lower only the scrypt cost. */
export const defaultScrypt: ScryptParams = { N: 2 ** 15, r: 8, p: 1, keyLength: 64 };

/** The production defaults; those an environment variable can change are its default in the settings table. */
export const defaultLimits: Config['limits'] = {
  signInFailuresPerAccountAndClient: { max: 5, windowMs: 15 * MINUTE },
  signInFailuresPerAccount: { max: 50, windowMs: 15 * MINUTE },
  signInFailuresPerClient: { max: 20, windowMs: 15 * MINUTE },
  signInAttemptsPerClient: { max: settings.SIGN_IN_ATTEMPTS_PER_CLIENT.fallback, windowMs: 15 * MINUTE },
  tokenFailuresPerClient: { max: 20, windowMs: 15 * MINUTE },
  passkeyChallengesPerClient: { max: 600, windowMs: 15 * MINUTE },
  mailsPerAddress: { max: 5, windowMs: HOUR },
  // No longer than a reset link lives (defaultLifetimes.passwordReset): when this budget refuses, the newest
  // reset mail of the hour is still live in the owner's mailbox (docs/security.md#locked-out).
  resetMailsPerAccount: { max: 5, windowMs: HOUR },
  mailsPerClient: { max: 200, windowMs: HOUR },
  mailsPerSite: { max: settings.MAIL_HOURLY_LIMIT.fallback, windowMs: HOUR },
  mailResendCooldown: { max: 1, windowMs: settings.MAIL_RESEND_COOLDOWN_SECONDS.fallback * 1000 },
  applicationWritesPerAccount: { max: 300, windowMs: 15 * MINUTE },
  uploadsPerAccount: { max: 100, windowMs: HOUR },
  accountArchivesPerAccount: { max: 10, windowMs: HOUR },
  accountDeletionsPerAccount: { max: 5, windowMs: HOUR },
  deskWritesPerAccount: { max: 120, windowMs: 15 * MINUTE },
};

export const defaultLifetimes: Config['lifetimes'] = {
  registration: 24 * HOUR,
  passwordReset: 1 * HOUR,
  emailChange: 24 * HOUR,
  session: 12 * HOUR,
  sessionIdle: 30 * MINUTE,
  staffSession: settings.STAFF_SESSION_LIFETIME_SECONDS.fallback * 1000,
  staffSessionIdle: settings.STAFF_SESSION_IDLE_TIMEOUT_SECONDS.fallback * 1000,
  staffInvitation: settings.STAFF_INVITATION_LIFETIME_SECONDS.fallback * 1000,
  consentRequest: settings.CONSENT_REQUEST_DAYS.fallback * 24 * HOUR,
};

/** The "you will be signed out" warning comes this long before the end (docs/behaviour.md#session). */
export const defaultSessionWarning = 2 * MINUTE;

/**
 * scrypt runs on libuv's thread pool, at the event loop's own priority. As many hashes at once as cores
 * while the server does nothing else: sign-in then runs at the machine's hash rate. As soon as another
 * request is being served, one core fewer (at least one) for new hashes, so that request does not wait for
 * the scheduler behind a hash on every core, and until none has been for a second (`HASHING_QUIET_MS`)
 * (docs/security.md#hashing, bench:abuse). Never more than the
 * pool's threads minus one (UV_THREADPOOL_SIZE, 4 by default), so file reads and compression always find a
 * thread. A short queue, 16 per hash, absorbs a burst of honest sign-ins. HASHING_CONCURRENCY sets a fixed
 * count instead (`fixedHashing`).
 */
export const defaultHashing = (
  cores = availableParallelism(),
  poolThreads = Number(process.env.UV_THREADPOOL_SIZE) || 4,
): Config['hashing'] => {
  const concurrency = Math.max(1, Math.min(cores, poolThreads - 1));
  return {
    concurrency,
    whileServing: Math.max(1, Math.min(cores - 1, concurrency)),
    quietMs: HASHING_QUIET_MS,
    queue: 16 * concurrency,
  };
};

/**
 * The spare core hashes only once no other request has been served for this long: a flood's gaps between
 * session checks are shorter, and a hash is about 100 ms. bench:abuse, 26 November 2026, quiet machine:
 * without it the session check's p99 during the flood reached 53 ms in one run of three.
 */
export const HASHING_QUIET_MS = 1000;

/** HASHING_CONCURRENCY: that many hashes at once whatever else is served, 16 waiting per hash. */
export const fixedHashing = (concurrency: number): Config['hashing'] => ({
  concurrency,
  queue: 16 * concurrency,
});

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** The periods shipped with the repository (docs/operations.md#application-periods): PERIODS_FILE unset. */
export const defaultPeriodsFile = `${repoRoot}apps/api/data/periods.json`;

/**
 * An unsafe or impossible setting: the server does not start. `problems` holds one line per problem, each
 * naming its variable, so an operator fixes them all at once (docs/operations.md#settings).
 */
export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(
      problems.length === 1
        ? problems[0]
        : `${problems.length} settings are wrong:\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const OPERATIONS = 'docs/operations.md#settings';

/**
 * The rules that join several variables, and production's (docs/operations.md#settings). A rule whose
 * variable was already refused is skipped: its own problem is listed.
 */
function combinationProblems(parsed: ParsedSettings, env: Record<string, string | undefined>): string[] {
  const { values: v, set } = parsed;
  const problems: string[] = [];
  const production = v.NODE_ENV === 'production';
  if (v.PROVIDER_STATES && !set.has('PROVIDER_STATES_SECRET'))
    problems.push(
      'PROVIDER_STATES=1 needs PROVIDER_STATES_SECRET: the verifier sends it as X-Provider-States-Secret. Example: PROVIDER_STATES_SECRET=$(openssl rand -hex 32)',
    );
  if (v.HEADERS_TIMEOUT_MS !== undefined && v.REQUEST_TIMEOUT_MS !== undefined)
    if (v.HEADERS_TIMEOUT_MS > v.REQUEST_TIMEOUT_MS)
      problems.push(
        `HEADERS_TIMEOUT_MS (${v.HEADERS_TIMEOUT_MS}) must not exceed REQUEST_TIMEOUT_MS (${v.REQUEST_TIMEOUT_MS}).`,
      );
  if (v.UPLOAD_TIMEOUT_MS !== undefined && v.REQUEST_TIMEOUT_MS !== undefined)
    if (v.UPLOAD_TIMEOUT_MS < v.REQUEST_TIMEOUT_MS)
      problems.push(
        `UPLOAD_TIMEOUT_MS (${v.UPLOAD_TIMEOUT_MS}) must be at least REQUEST_TIMEOUT_MS (${v.REQUEST_TIMEOUT_MS}).`,
      );
  const idle = v.SESSION_IDLE_TIMEOUT_SECONDS;
  const lifetime = v.SESSION_LIFETIME_SECONDS;
  if (v.SESSION_WARNING_SECONDS !== undefined && idle !== undefined && v.SESSION_WARNING_SECONDS >= idle)
    problems.push(
      `SESSION_WARNING_SECONDS (${v.SESSION_WARNING_SECONDS}) must be shorter than SESSION_IDLE_TIMEOUT_SECONDS (${idle}).`,
    );
  if (idle !== undefined && lifetime !== undefined && idle > lifetime)
    problems.push(
      `SESSION_IDLE_TIMEOUT_SECONDS (${idle}) must not exceed SESSION_LIFETIME_SECONDS (${lifetime}).`,
    );
  const unused = v.ACCOUNT_UNUSED_DAYS;
  const warning = v.ACCOUNT_UNUSED_WARNING_DAYS;
  if (unused !== undefined && warning !== undefined && warning >= unused)
    problems.push(
      `ACCOUNT_UNUSED_WARNING_DAYS (${warning}) must be shorter than ACCOUNT_UNUSED_DAYS (${unused}): the warning comes before the deletion.`,
    );
  const staffIdle = v.STAFF_SESSION_IDLE_TIMEOUT_SECONDS;
  const staffLifetime = v.STAFF_SESSION_LIFETIME_SECONDS;
  if (staffIdle !== undefined && staffLifetime !== undefined && staffIdle > staffLifetime)
    problems.push(
      `STAFF_SESSION_IDLE_TIMEOUT_SECONDS (${staffIdle}) must not exceed STAFF_SESSION_LIFETIME_SECONDS (${staffLifetime}).`,
    );
  if (!production) return problems;
  problems.push(...staffProductionProblems(v));
  // A desk's typo in the maintenance file stops a production start with the file's problem, rather than
  // going live without the notice (development starts and logs it: ./maintenance.ts).
  if (v.MAINTENANCE_FILE !== undefined) {
    const read = readMaintenanceFile(v.MAINTENANCE_FILE);
    if ('problem' in read) problems.push(`${read.problem} (docs/operations.md#maintenance-windows)`);
  }
  // The same for the application periods: a production start on a broken file would close every period.
  {
    const read = readPeriodsFile(v.PERIODS_FILE ?? defaultPeriodsFile);
    if ('problem' in read) problems.push(`${read.problem} (docs/operations.md#application-periods)`);
  }

  if (!set.has('SMTP_URL'))
    problems.push(
      'SMTP_URL is required when NODE_ENV=production: without it no applicant would receive a mail. Example: SMTP_URL=smtp://user:password@mail.example.ac.jp:587',
    );
  if (set.has('DEV_MAILBOX_URL'))
    problems.push('DEV_MAILBOX_URL prints every mailed link on the console: not with NODE_ENV=production.');
  if (v.PROVIDER_STATES)
    problems.push(
      'PROVIDER_STATES=1 lets a caller set any password and create sessions: never with NODE_ENV=production.',
    );
  if (v.DEBUG_ENDPOINTS)
    problems.push(
      'DEBUG_ENDPOINTS=1 serves every mailed link to whoever asks (GET /api/debug/mails): never with NODE_ENV=production.',
    );
  if (!set.has('PUBLIC_URL'))
    problems.push(
      'PUBLIC_URL is required when NODE_ENV=production: without it mailed links point at localhost, and the session cookie is neither __Host- nor Secure. Example: PUBLIC_URL=https://apply.example.ac.jp',
    );
  else if (v.PUBLIC_URL?.startsWith('http:'))
    problems.push(
      `PUBLIC_URL=${JSON.stringify(v.PUBLIC_URL)} is plain http: with NODE_ENV=production it must be https (the session cookie is then __Host- and Secure, and HSTS is sent). Example: PUBLIC_URL=https://apply.example.ac.jp`,
    );
  for (const name of ['SMTP_URL', 'DATABASE_URL'] as const) {
    const raw = env[name];
    const password = raw && v[name] !== undefined ? urlPassword(raw) : undefined;
    if (password !== undefined && password.length < SECRET_MIN_LENGTH)
      problems.push(
        `${name}'s password (not shown) is ${password.length} characters long: with NODE_ENV=production every secret must have at least ${SECRET_MIN_LENGTH} (e.g. from \`openssl rand -hex 32\`), or a guess could open it.`,
      );
  }
  if (!set.has('DATABASE_URL') && !v.ACCEPT_PGLITE_SINGLE_INSTANCE)
    problems.push(
      `DATABASE_URL is unset, so the data would live in the embedded PGlite: one process only (no second instance, no failover), backed up only while the server is stopped, its flushes to disk made through PGlite's internals. With NODE_ENV=production set DATABASE_URL (Example: DATABASE_URL=${settings.DATABASE_URL.example}), or accept that in so many words with ACCEPT_PGLITE_SINGLE_INSTANCE=1 (${OPERATIONS}).`,
    );
  return problems;
}

/**
 * The ceilings production keeps on the staff settings (docs/security.md#staff): a staff session opens every
 * application of its scope, so it ends after at most 30 idle minutes and 12 hours (NIST SP 800-63B, AAL2
 * reauthentication), and an invitation's link, which sets the password of such an account, lives at most a week.
 */
const staffProductionCeilings = {
  STAFF_SESSION_IDLE_TIMEOUT_SECONDS: {
    max: 1800,
    why: 'a staff session left open must end within 30 idle minutes',
  },
  STAFF_SESSION_LIFETIME_SECONDS: {
    max: 43_200,
    why: 'a staff member signs in again at least every 12 hours',
  },
  STAFF_INVITATION_LIFETIME_SECONDS: {
    max: 604_800,
    why: 'a forgotten invitation in a mailbox must not set a staff password weeks later',
  },
} as const;

/** One line per staff setting over its production ceiling, each naming its variable. */
function staffProductionProblems(v: ParsedSettings['values']): string[] {
  return (Object.keys(staffProductionCeilings) as (keyof typeof staffProductionCeilings)[]).flatMap(
    (name) => {
      const value = v[name];
      const { max, why } = staffProductionCeilings[name];
      return value !== undefined && value > max
        ? [
            `${name} (${value}) is over ${max} seconds: with NODE_ENV=production ${why} (docs/security.md#staff). Example: ${name}=${settings[name].example}`,
          ]
        : [];
    },
  );
}

/**
 * The Config from the environment, checked against the settings table (settings.ts). Every bad value and
 * unsafe combination is collected, then thrown together as one ConfigError.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = parseSettings(env);
  const problems = [...parsed.problems, ...combinationProblems(parsed, env)];
  if (problems.length > 0) throw new ConfigError(problems);
  const v = parsed.values;
  const production = v.NODE_ENV === 'production';
  const idle = v.SESSION_IDLE_TIMEOUT_SECONDS * 1000;
  return {
    host: v.HOST,
    port: v.PORT,
    basePath: v.BASE_PATH,
    publicUrl: v.PUBLIC_URL ?? `http://localhost:${v.PORT}`,
    publicUrlSet: v.PUBLIC_URL !== undefined,
    dataDir: v.DATA_DIR ?? `${repoRoot}.data/pglite`,
    databaseUrl: v.DATABASE_URL,
    databasePoolSize: v.DATABASE_POOL_SIZE,
    acceptPgliteSingleInstance: v.ACCEPT_PGLITE_SINGLE_INSTANCE,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    devMailboxUrl: v.DEV_MAILBOX_URL,
    debugEndpoints: v.DEBUG_ENDPOINTS,
    providerStates: v.PROVIDER_STATES,
    providerStatesSecret: v.PROVIDER_STATES_SECRET,
    validateResponses: v.VALIDATE_RESPONSES ?? !production,
    webDist: v.WEB_DIST ?? `${repoRoot}apps/web/dist`,
    deskDist: v.DESK_DIST ?? `${repoRoot}apps/desk/dist`,
    maintenanceFile: v.MAINTENANCE_FILE,
    periodsFile: v.PERIODS_FILE ?? defaultPeriodsFile,
    trustProxy: v.TRUST_PROXY,
    logLevel: v.LOG_LEVEL,
    requireSecondFactor: v.REQUIRE_SECOND_FACTOR,
    scrypt: defaultScrypt,
    lifetimes: {
      ...defaultLifetimes,
      session: v.SESSION_LIFETIME_SECONDS * 1000,
      sessionIdle: idle,
      staffSession: v.STAFF_SESSION_LIFETIME_SECONDS * 1000,
      staffSessionIdle: v.STAFF_SESSION_IDLE_TIMEOUT_SECONDS * 1000,
      staffInvitation: v.STAFF_INVITATION_LIFETIME_SECONDS * 1000,
      consentRequest: v.CONSENT_REQUEST_DAYS * 24 * HOUR,
    },
    retention: {
      accountUnusedDays: v.ACCOUNT_UNUSED_DAYS,
      accountWarningDays: v.ACCOUNT_UNUSED_WARNING_DAYS,
      applicationDays: v.APPLICATION_RETENTION_DAYS,
      accessLogDays: v.ACCESS_LOG_DAYS,
    },
    sessionWarning:
      v.SESSION_WARNING_SECONDS !== undefined
        ? v.SESSION_WARNING_SECONDS * 1000
        : Math.min(defaultSessionWarning, idle / 2),
    confirmationWindow: v.CONFIRMATION_WINDOW_SECONDS * 1000,
    limits: {
      ...defaultLimits,
      mailResendCooldown: { max: 1, windowMs: v.MAIL_RESEND_COOLDOWN_SECONDS * 1000 },
      mailsPerSite: { max: v.MAIL_HOURLY_LIMIT, windowMs: HOUR },
      signInAttemptsPerClient: { max: v.SIGN_IN_ATTEMPTS_PER_CLIENT, windowMs: 15 * MINUTE },
    },
    hashing: v.HASHING_CONCURRENCY === undefined ? defaultHashing() : fixedHashing(v.HASHING_CONCURRENCY),
    // Refusals held as many as 1,000 at once: a timer and an idle socket each.
    busyHold: { ms: v.HASHING_BUSY_HOLD_MS, max: 1000 },
    timeouts: {
      requestMs: v.REQUEST_TIMEOUT_MS,
      headersMs: v.HEADERS_TIMEOUT_MS,
      keepAliveMs: v.KEEP_ALIVE_TIMEOUT_MS,
      checkIntervalMs: defaultTimeouts.checkIntervalMs,
      uploadMs: v.UPLOAD_TIMEOUT_MS,
      uploadMinBytesPerSecond: v.UPLOAD_MIN_BYTES_PER_SECOND,
    },
    metrics: { host: v.METRICS_HOST, port: v.METRICS_PORT },
    readiness: {
      writeTimeoutMs: v.READY_WRITE_TIMEOUT_MS,
      outboxMaxAgeMs: v.READY_OUTBOX_MAX_AGE_SECONDS * 1000,
    },
    // Page form posts and provider states: small too; the API's own limits are per operation.
    bodyLimit: 64 * KIB,
    bodyLimits: defaultBodyLimits,
    apiBodyLimit: 4 * KIB,
  };
}
