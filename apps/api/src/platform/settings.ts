// Every environment variable the server reads, in one table: how its value is parsed (a zod schema), its
// default, the values it allows, whether it is a secret, what it means and a good example. config.ts builds
// the Config from it, and `npm run docs:settings` writes docs/operations.md#settings from it.
//
// An empty value (`PORT=`) is refused like any other bad value, never read as "unset": `PORT=` used to mean
// a random port and `VALIDATE_RESPONSES=` "off", which nobody asks for on purpose. Unset a variable to take
// its default.
import { isIP } from 'node:net';
import { z } from 'zod';

/** How much of a value a message may show. */
type Secrecy =
  /** Not a secret: a message quotes the value. */
  | 'none'
  /** The whole value is a secret (PROVIDER_STATES_SECRET): never shown. */
  | 'value'
  /** A URL whose password is a secret (SMTP_URL, DATABASE_URL): shown with the password masked. */
  | 'password';

export interface Setting<T = unknown> {
  /** Parses a set, non-empty value; its issue messages say what is wrong without repeating the value. */
  schema: z.ZodType<T, string>;
  /** The value taken when the variable is unset, if one is fixed here (some follow other settings). */
  fallback?: T;
  /** The default as docs/operations.md shows it (Markdown). */
  defaultText: string;
  /** The values allowed, in words (Markdown). */
  allowed: string;
  /** What it does, for the docs' table (Markdown, one line). */
  meaning: string;
  /** A good value, as an operator would write it after `NAME=`. */
  example: string;
  secret: Secrecy;
}

/**
 * A Setting whose `secret` defaults to 'none', so that each entry below reads as its row. Its type keeps
 * whether it has a fallback, so a setting without one is `T | undefined` in ParsedSettings.
 */
function setting<T, F extends T | undefined = undefined>(
  entry: Omit<Setting<T>, 'secret' | 'fallback'> & { fallback?: F; secret?: Secrecy },
): Setting<T> & { fallback: F } {
  return { secret: 'none', ...entry } as Setting<T> & { fallback: F };
}

/** A refusal from inside a transform, in the words a message then uses after the variable's name. */
function refuse(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A whole number written in digits only ('1e3', '+5', ' 5' and '5.0' are refused), from min to max. */
function integer(min: number, max: number, unit = '') {
  const suffix = unit ? ` ${unit}` : '';
  return {
    allowed: `${min} to ${max}${suffix}`,
    schema: z.string().transform((raw, ctx) => {
      if (!/^[0-9]+$/.test(raw)) return refuse(ctx, `is not a whole number${suffix ? ` of${suffix}` : ''}`);
      const value = Number(raw);
      if (value < min || value > max) return refuse(ctx, `is outside ${min} to ${max}${suffix}`);
      return value;
    }),
  };
}

/** 1/0/true/false only: `yes`, `on` or `TRUE` are refused rather than read as "off". */
const BOOLEAN_VALUES = ['1', '0', 'true', 'false'] as const;
const boolean = {
  allowed: '`1`, `true` (on); `0`, `false` (off)',
  schema: z
    .enum(BOOLEAN_VALUES, { error: 'is not one of 1, 0, true, false' })
    .transform((value) => value === '1' || value === 'true'),
};

function oneOf<const V extends readonly [string, ...string[]]>(values: V, note = '') {
  return {
    allowed: values.map((value) => `\`${value}\``).join(', '),
    schema: z.enum(values, { error: `is not one of ${values.join(', ')}${note}` }),
  };
}

/** The URL, or undefined after a refusal: a malformed URL has nothing more to check. */
function parseUrl(raw: string, ctx: z.RefinementCtx, schemes: readonly string[]): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    refuse(ctx, 'is not a URL');
    return undefined;
  }
  if (schemes.includes(url.protocol)) return url;
  refuse(ctx, `has the scheme ${url.protocol} where ${schemes.join(' or ')} is expected`);
  return undefined;
}

/** An origin only: the links and the CSRF check add the base path themselves. Returned without a slash. */
const origin = z.string().transform((raw, ctx) => {
  const url = parseUrl(raw, ctx, ['http:', 'https:']);
  if (!url) return z.NEVER;
  if (url.username || url.password) return refuse(ctx, 'carries a user name or password');
  if (`${url.origin}/` !== url.href)
    return refuse(ctx, 'has a path, query or fragment; give the origin only (the base path is BASE_PATH)');
  return url.origin;
});

/** A postgres: URL; its password stays in it (node-postgres reads it). */
const postgresUrl = z
  .string()
  .transform((raw, ctx) => (parseUrl(raw, ctx, ['postgres:', 'postgresql:']) ? raw : z.NEVER));

const smtpUrl = z.string().transform((raw, ctx) => {
  const url = parseUrl(raw, ctx, ['smtp:', 'smtps:']);
  if (!url) return z.NEVER;
  return url.hostname ? raw : refuse(ctx, 'names no host');
});

/** A host name or an IP address to listen on. */
const listenHost = z.string().transform((raw, ctx) => {
  if (
    isIP(raw) === 0 &&
    !/^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(raw)
  )
    return refuse(ctx, 'is neither an IP address nor a host name');
  return raw;
});

/** The minimum length of every secret in production, and of PROVIDER_STATES_SECRET always. */
export const SECRET_MIN_LENGTH = 32;

/** pino's levels (test/settings.test.ts holds them to pino's own list), and `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = integer(0, 65535);
const anyText = z.string();

/**
 * BASE_PATH as '' or '/a/b': plain segments only. Redirects and links are built under it, so a value
 * such as `//evil.example` (another site, to a browser) is refused (docs/hosting.md#base-path).
 */
function basePathProblem(raw: string): { path: string } | { problem: string } {
  const trimmed = raw.trim().replace(/\/+$/, '');
  if (trimmed === '') return { path: '' };
  const path = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  const segments = path.slice(1).split('/');
  if (segments.some((segment) => !/^[A-Za-z0-9._~-]+$/.test(segment) || /^\.+$/.test(segment)))
    return { problem: 'must be a path of plain segments (letters, digits, . _ ~ -)' };
  return { path };
}

/**
 * TRUST_PROXY as Fastify's trustProxy takes it, minus `true`: 0 / false for none; a hop count (`1`: believe
 * only the address the one proxy in front appended); or a comma list of proxy addresses / CIDRs.
 */
function trustProxyProblem(raw: string): { value: false | number | string[] } | { problem: string } {
  const value = raw.trim();
  if (value === '' || value === '0' || value === 'false') return { value: false };
  if (/^[0-9]+$/.test(value)) return { value: Number(value) };
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = (entry: string) => {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  };
  if (entries.every(valid)) return { value: entries };
  return {
    problem:
      'must be a hop count (1 behind one reverse proxy) or a comma list of proxy addresses or CIDR ranges (10.0.0.2, 10.0.0.0/8); never "true", which would let any client choose its own address',
  };
}

export const settings = {
  NODE_ENV: setting({
    ...oneOf(['development', 'test', 'production'] as const, ' (unset means development)'),
    fallback: 'development',
    defaultText: '`development`',
    example: 'production',
    meaning:
      '`production` refuses unsafe settings at start (the rules above), demands `SMTP_URL` and an `https:` `PUBLIC_URL`, and turns run-time response validation off. Any other value than the three is refused, so a typo never switches the production rules off.',
  }),
  HOST: setting({
    schema: listenHost,
    allowed: 'an IP address or a host name',
    fallback: 'localhost',
    defaultText: '`localhost`',
    example: '127.0.0.1',
    meaning: 'The address the server listens on (`0.0.0.0` for every interface).',
  }),
  PORT: setting({
    ...port,
    fallback: 8080,
    defaultText: '`8080`',
    example: '8080',
    meaning: 'The port it listens on (`0`: any free port, for tests).',
  }),
  BASE_PATH: setting({
    allowed: '`/` or a path of plain segments',
    schema: z.string().transform((raw, ctx) => {
      const result = basePathProblem(raw);
      return 'problem' in result ? refuse(ctx, result.problem) : result.path;
    }),
    fallback: '',
    defaultText: '`/`',
    example: '/pre-admission',
    meaning:
      'Path prefix of the site and the API (e.g. `/pre-admission`: plain segments of letters, digits and `. _ ~ -`); also the cookie path over plain http.',
  }),
  PUBLIC_URL: setting({
    schema: origin,
    allowed: 'an `http:` or `https:` origin (no path, query or fragment); `https:` in production',
    defaultText: '`http://localhost:$PORT` (required in production)',
    example: 'https://apply.example.ac.jp',
    meaning:
      'The origin applicants use, without the base path: the mailed links start with it, the CSRF check accepts only it as `Origin` when set, `https:` makes the cookie `__Host-`/`Secure` and adds HSTS. The same value on every instance.',
  }),
  DATABASE_URL: setting({
    schema: postgresUrl,
    allowed: 'a `postgres:` or `postgresql:` URL; in production a password of at least 32 characters, if any',
    defaultText: 'unset',
    secret: 'password',
    example: 'postgres://pre_admission:password@db.example.ac.jp:5432/pre_admission',
    meaning:
      'A PostgreSQL URL. Unset: the embedded PGlite in `DATA_DIR`, which production refuses without `ACCEPT_PGLITE_SINGLE_INSTANCE=1`.',
  }),
  DATA_DIR: setting({
    schema: anyText,
    allowed: 'a directory, or `memory://`',
    defaultText: '`.data/pglite` (in the repository)',
    example: '/var/lib/pre-admission/pglite',
    meaning:
      "PGlite's data directory, kept across restarts (delete it to start afresh); `memory://` for a throwaway one. Ignored with `DATABASE_URL`.",
  }),
  ACCEPT_PGLITE_SINGLE_INSTANCE: setting({
    ...boolean,
    fallback: false,
    defaultText: '`0`',
    example: '1',
    meaning:
      "Production without `DATABASE_URL` runs on the embedded PGlite: one process only (no second instance, no failover), backed up only while the server is stopped, its flushes made by this server through PGlite's internals ([Durability](#durability)). Production refuses to start on it unless this is `1`.",
  }),
  DATABASE_POOL_SIZE: setting({
    ...integer(1, 1000),
    fallback: 10,
    defaultText: '`10`',
    example: '10',
    meaning:
      "PostgreSQL only: connections per process. Instances × this must stay below the server's `max_connections`.",
  }),
  SMTP_URL: setting({
    schema: smtpUrl,
    allowed: 'an `smtp:` or `smtps:` URL; in production a password of at least 32 characters, if any',
    defaultText: 'unset (required in production)',
    secret: 'password',
    example: 'smtp://user:password@mail.example.ac.jp:587',
    meaning:
      'Where mail goes (a nodemailer URL). Required with `NODE_ENV=production`; `npm start` sets it to its MailDev otherwise.',
  }),
  MAIL_FROM: setting({
    allowed: 'an address, or a name and `<address>`',
    schema: z.string().transform((raw, ctx) => {
      const address = /^[^<>\r\n]*<[^<>\s@]+@[^<>\s@]+>$|^[^<>\s@]+@[^<>\s@]+$/;
      return address.test(raw) ? raw : refuse(ctx, 'is not an address or "Name <address>"');
    }),
    fallback: 'Pre-admission Support Desk <pre-admission@example.ac.jp>',
    defaultText: '`Pre-admission Support Desk <pre-admission@example.ac.jp>`',
    example: 'Pre-admission Support Desk <pre-admission@example.ac.jp>',
    meaning: 'The sender of every mail.',
  }),
  MAIL_RESEND_COOLDOWN_SECONDS: setting({
    ...integer(0, 3600, 'seconds'),
    fallback: 60,
    defaultText: '`60`',
    example: '60',
    meaning:
      'After a mail to an address, the next mail of the same kind (registration, reset, email change) to that address is accepted only after this many seconds (0 switches the cooldown off). The "mail sent" pages count down to it ([security.md](security.md#limits), [behaviour.md](behaviour.md#link-states)).',
  }),
  MAIL_HOURLY_LIMIT: setting({
    ...integer(10, 1_000_000, 'mails'),
    fallback: 1000,
    defaultText: '`1000`',
    example: '1000',
    meaning:
      'The most registration, reset and email-change mails the site sends in an hour, all addresses and clients together. When it is reached, a warning is logged and counted (`preadmission_mail_ceiling_reached_total`), and registration and email-change requests get 429 until the hour ends; reset mails still go out ([security.md](security.md#limits)).',
  }),
  SIGN_IN_ATTEMPTS_PER_CLIENT: setting({
    ...integer(1, 100_000),
    fallback: 300,
    defaultText: '`300`',
    example: '300',
    meaning:
      'Sign-ins from one client address in 15 minutes, right password or not; beyond it 429. High enough for a school or agency whose applicants share one address ([security.md](security.md#limits)).',
  }),
  REQUIRE_SECOND_FACTOR: setting({
    ...boolean,
    fallback: false,
    defaultText: '`0`',
    example: '1',
    meaning:
      '`1` requires a second factor (a passkey or the authenticator app) of every account: an account without one may only add one after signing in, and the last one cannot be removed. Existing accounts are asked at their next sign-in ([security.md](security.md#second-factor)).',
  }),
  DEV_MAILBOX_URL: setting({
    allowed: 'an `http:` or `https:` URL; refused in production',
    schema: z.string().transform((raw, ctx) => (parseUrl(raw, ctx, ['http:', 'https:']) ? raw : z.NEVER)),
    defaultText: 'unset',
    example: 'http://127.0.0.1:1080/',
    meaning:
      "Set by `npm start` to MailDev's address: printed at start, and each mail's link is printed on the console. Refused with `NODE_ENV=production`.",
  }),
  DEBUG_ENDPOINTS: setting({
    ...boolean,
    fallback: false,
    defaultText: '`0`',
    example: '0',
    meaning:
      '`1` serves `GET /api/debug/*`, including every mailed link (security.md#debug-endpoints). For tests and tools on a closed machine only; refused with `NODE_ENV=production`.',
  }),
  PROVIDER_STATES: setting({
    ...boolean,
    fallback: false,
    defaultText: '`0`',
    example: '0',
    meaning:
      '`1` serves the Pact provider-states route; needs `PROVIDER_STATES_SECRET`; refused with `NODE_ENV=production` (security.md#provider-states).',
  }),
  PROVIDER_STATES_SECRET: setting({
    allowed: `at least ${SECRET_MIN_LENGTH} characters`,
    schema: z
      .string()
      .transform((raw, ctx) =>
        raw.length >= SECRET_MIN_LENGTH
          ? raw
          : refuse(ctx, `is ${plural(raw.length, 'character')} long, not at least ${SECRET_MIN_LENGTH}`),
      ),
    defaultText: 'unset',
    secret: 'value',
    example: '$(openssl rand -hex 32)',
    meaning: 'The value every provider-states request must send as `X-Provider-States-Secret`.',
  }),
  TRUST_PROXY: setting({
    allowed: '`0`/`false`, a hop count, or a comma list of IP addresses and CIDRs',
    schema: z.string().transform((raw, ctx) => {
      const result = trustProxyProblem(raw);
      return 'problem' in result ? refuse(ctx, result.problem) : result.value;
    }),
    fallback: false,
    defaultText: '`0` (off)',
    example: '1',
    meaning:
      'How far to believe `X-Forwarded-For` behind a reverse proxy: a hop count (`1`: only the nearest proxy) or a comma list of proxy addresses or CIDRs; `true` is refused (docs/hosting.md#trust-proxy). The rate limits count the address found. See [behind a reverse proxy](#several-instances-behind-a-reverse-proxy).',
  }),
  SESSION_IDLE_TIMEOUT_SECONDS: setting({
    ...integer(1, 31_536_000, 'seconds'),
    fallback: 1800,
    defaultText: '`1800` (30 minutes)',
    example: '1800',
    meaning:
      "A session ends this long after the applicant's last call (sliding; the app's periodic check does not count): security.md#session-timeout. At most `SESSION_LIFETIME_SECONDS`.",
  }),
  SESSION_LIFETIME_SECONDS: setting({
    ...integer(1, 31_536_000, 'seconds'),
    fallback: 43_200,
    defaultText: '`43200` (12 hours)',
    example: '43200',
    meaning: 'A session ends this long after sign-in, however much it is used.',
  }),
  SESSION_WARNING_SECONDS: setting({
    ...integer(1, 31_536_000, 'seconds'),
    defaultText: '`120` (2 minutes; half the idle time if that is shorter)',
    example: '120',
    meaning:
      'The app warns this long before the session ends, with "Stay signed in" (docs/behaviour.md#session). Shorter than the idle time.',
  }),
  STAFF_SESSION_IDLE_TIMEOUT_SECONDS: setting({
    ...integer(60, 86_400, 'seconds'),
    fallback: 900,
    defaultText: '`900` (15 minutes)',
    example: '900',
    meaning:
      "A staff session (the desk, offices, supervisors, exchange: security.md#staff) ends this long after the staff member's last call. At most `STAFF_SESSION_LIFETIME_SECONDS`; production refuses more than 1800.",
  }),
  STAFF_SESSION_LIFETIME_SECONDS: setting({
    ...integer(300, 604_800, 'seconds'),
    fallback: 28_800,
    defaultText: '`28800` (8 hours)',
    example: '28800',
    meaning:
      'A staff session ends this long after sign-in, however much it is used; production refuses more than 43200 (12 hours).',
  }),
  STAFF_INVITATION_LIFETIME_SECONDS: setting({
    ...integer(600, 2_592_000, 'seconds'),
    fallback: 259_200,
    defaultText: '`259200` (3 days)',
    example: '259200',
    meaning:
      'The link of a staff invitation (`npm run staff:invite`, operations.md#staff-accounts) works this long; production refuses more than 604800 (7 days).',
  }),
  CONSENT_REQUEST_DAYS: setting({
    ...integer(1, 90, 'days'),
    fallback: 14,
    defaultText: '`14` (two weeks)',
    example: '14',
    meaning:
      "A supervisor's consent request that is neither accepted nor declined expires this many days after it was sent; housekeeping marks it expired and mails the applicant (behaviour.md#supervisor-consent, operations.md#supervisor-consent).",
  }),
  ACCOUNT_UNUSED_DAYS: setting({
    ...integer(30, 3650, 'days'),
    fallback: 1095,
    defaultText: '`1095` (three years)',
    example: '1095',
    meaning:
      'An applicant\'s account not signed in to for this many days is deleted whole, after the warning mail (`ACCOUNT_UNUSED_WARNING_DAYS`); one with an application awaiting a decision is kept until it is decided ([Retention](#retention)). The privacy page\'s "three years".',
  }),
  ACCOUNT_UNUSED_WARNING_DAYS: setting({
    ...integer(1, 365, 'days'),
    fallback: 30,
    defaultText: '`30`',
    example: '30',
    meaning:
      'The warning mail goes this many days before an unused account is deleted, in its language, with the sign-in link that keeps it; the deletion waits at least this long after the warning ([Retention](#retention)). Shorter than `ACCOUNT_UNUSED_DAYS`.',
  }),
  APPLICATION_RETENTION_DAYS: setting({
    ...integer(30, 7305, 'days'),
    fallback: 1826,
    defaultText: '`1826` (five years)',
    example: '1826',
    meaning:
      "A decided (or withdrawn) application, with its documents' files, the desk's notes and consent requests, is deleted this many days after the decision, unless the desk marked the applicant enrolled (`npm run applications:enrolled`, [Retention](#retention)). The privacy page's \"five years after the admission decision\".",
  }),
  ACCESS_LOG_DAYS: setting({
    ...integer(1, 3650, 'days'),
    fallback: 365,
    defaultText: '`365` (one year)',
    example: '365',
    meaning:
      'How long the access and audit logs are kept: the server writes them to its output, the journal keeps them, so set the journal\'s retention to the same (`MaxRetentionSec=`, [Retention](#retention)); `npm run retention` prints it. The privacy page\'s "one year".',
  }),
  CONFIRMATION_WINDOW_SECONDS: setting({
    ...integer(30, 3600, 'seconds'),
    fallback: 300,
    defaultText: '`300` (5 minutes)',
    example: '300',
    meaning:
      'Adding or removing a passkey, setting up or turning off the authenticator app and renewing recovery codes need a sign-in or confirmation at most this old (security.md#recent-sign-in).',
  }),
  LOG_LEVEL: setting({
    ...oneOf(LOG_LEVELS),
    fallback: 'info',
    defaultText: '`info`',
    example: 'info',
    meaning:
      "pino's level. `info` keeps one line per request and the audit log (security.md#audit-log); built static files are logged at `debug` ([Logs](#logs)).",
  }),
  HASHING_CONCURRENCY: setting({
    ...integer(1, 1024),
    defaultText:
      'cores (at most `UV_THREADPOOL_SIZE` − 1); one fewer, at least 1, while another request is being served and for a second after',
    example: '3',
    meaning:
      'Password hashes computed at once, a fixed count when set; 16 per hash may wait, beyond that 503 (security.md#hashing).',
  }),
  HASHING_BUSY_HOLD_MS: setting({
    ...integer(0, 10_000, 'milliseconds'),
    fallback: 1000,
    defaultText: '`1000`',
    example: '1000',
    meaning:
      'How long that 503 waits before it is sent (0 sends it at once), so a client sending sign-ins back to back gets one refusal per hold (security.md#hashing).',
  }),
  REQUEST_TIMEOUT_MS: setting({
    ...integer(1, 3_600_000, 'milliseconds'),
    fallback: 15_000,
    defaultText: '`15000`',
    example: '15000',
    meaning:
      'The whole request (headers and body) must arrive within this, else 408 and the connection closed (docs/hosting.md#timeouts).',
  }),
  HEADERS_TIMEOUT_MS: setting({
    ...integer(1, 3_600_000, 'milliseconds'),
    fallback: 10_000,
    defaultText: '`10000`',
    example: '10000',
    meaning: 'The headers must arrive within this; at most `REQUEST_TIMEOUT_MS`.',
  }),
  UPLOAD_TIMEOUT_MS: setting({
    ...integer(1, 3_600_000, 'milliseconds'),
    fallback: 600_000,
    defaultText: '`600000`',
    example: '600000',
    meaning:
      'A document upload must arrive within this instead of `REQUEST_TIMEOUT_MS` (10 MB in 10 minutes is about 140 kbit/s); at least `REQUEST_TIMEOUT_MS` (docs/hosting.md#timeouts).',
  }),
  UPLOAD_MIN_BYTES_PER_SECOND: setting({
    ...integer(1, 1_048_576, 'bytes per second'),
    fallback: 4096,
    defaultText: '`4096`',
    example: '4096',
    meaning:
      'Past `REQUEST_TIMEOUT_MS`, an upload averaging less than this since its headers is cut off (408, the connection closed), so a slow trickle cannot hold a connection until `UPLOAD_TIMEOUT_MS`.',
  }),
  KEEP_ALIVE_TIMEOUT_MS: setting({
    ...integer(1, 3_600_000, 'milliseconds'),
    fallback: 5000,
    defaultText: '`5000`',
    example: '5000',
    meaning:
      "An idle kept-alive connection is closed after this; keep the reverse proxy's own idle timeout below it.",
  }),
  VALIDATE_RESPONSES: setting({
    ...boolean,
    defaultText: '`1`; `0` with `NODE_ENV=production`',
    example: '1',
    meaning: 'Check every API response against `openapi.yaml` (a breach is logged and answered 500).',
  }),
  WEB_DIST: setting({
    schema: anyText,
    allowed: 'a directory',
    defaultText: '`apps/web/dist`',
    example: '/srv/pre-admission/apps/web/dist',
    meaning: 'The built web app the server serves.',
  }),
  DESK_DIST: setting({
    schema: anyText,
    allowed: 'a directory',
    defaultText: '`apps/desk/dist`',
    example: '/srv/pre-admission/apps/desk/dist',
    meaning: "The built desk's console (apps/desk) the server serves under `BASE_PATH/desk/`.",
  }),
  MAINTENANCE_FILE: setting({
    schema: anyText,
    allowed: 'a JSON file',
    defaultText: 'unset: no maintenance stop is announced',
    example: '/etc/pre-admission/maintenance.json',
    meaning:
      'The maintenance stops announced on the sign-in and registration pages: a list of `start`, `end` and `text` (`ja`, `en`), read again when the file changes ([Maintenance windows](#maintenance-windows)). Production refuses to start on a malformed file.',
  }),
  PERIODS_FILE: setting({
    schema: anyText,
    allowed: 'a JSON file',
    defaultText: '`apps/api/data/periods.json` (in the repository)',
    example: '/etc/pre-admission/periods.json',
    meaning:
      "The application periods of every programme option: a list of `id`, `programId`, `entryYear`, `opensAt` and `closesAt` (Japan time with `+09:00`), read again when the file changes; a draft is submitted only while its programme's period is open ([Application periods](#application-periods)). Production refuses to start on a file it cannot read or that is malformed.",
  }),
  METRICS_HOST: setting({
    allowed: 'an IP address',
    schema: z.string().transform((raw, ctx) => (isIP(raw) ? raw : refuse(ctx, 'is not an IP address'))),
    fallback: '127.0.0.1',
    defaultText: '`127.0.0.1`',
    example: '127.0.0.1',
    meaning:
      'The address the metrics listener binds to (with `METRICS_PORT`); keep it off the public network.',
  }),
  METRICS_PORT: setting({
    ...port,
    defaultText: 'unset (no metrics listener)',
    example: '9464',
    meaning:
      'The port of a separate listener serving the Prometheus metrics (`GET /metrics`, [Health and metrics](#health-and-metrics)); unset, there is none; `0` takes any free port.',
  }),
  READY_WRITE_TIMEOUT_MS: setting({
    ...integer(100, 60_000, 'milliseconds'),
    fallback: 2000,
    defaultText: '`2000`',
    example: '2000',
    meaning: 'The readiness check fails when its test write to the database takes longer than this.',
  }),
  READY_OUTBOX_MAX_AGE_SECONDS: setting({
    ...integer(60, 86_400, 'seconds'),
    fallback: 900,
    defaultText: '`900` (15 minutes)',
    example: '900',
    meaning: 'The readiness check fails when the oldest unsent mail in the outbox is older than this.',
  }),
} satisfies Record<string, Setting>;

export type SettingName = keyof typeof settings;
export type SettingValue<K extends SettingName> = z.output<(typeof settings)[K]['schema']>;

/** How a message shows a value: quoted, with a URL's password masked, or not at all. */
function shownValue(name: SettingName, raw: string): string {
  const secrecy: Secrecy = settings[name].secret;
  if (secrecy === 'value') return '(not shown)';
  if (secrecy === 'password') {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return '(not shown: it may hold a password)';
    }
    // As written, but for the password: no slash the URL parser would add.
    const added = url.href === `${raw}/`;
    if (url.password) url.password = '***';
    return JSON.stringify(added ? url.href.slice(0, -1) : url.href);
  }
  return JSON.stringify(raw);
}

/** The password inside a URL setting, decoded, or undefined when it has none. */
export function urlPassword(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    return url.password === '' && !/:[^/@]*@/.test(raw) ? undefined : decodeURIComponent(url.password);
  } catch {
    return undefined;
  }
}

/** Each variable's value: parsed when set, else its fallback, else undefined. */
export type SettingValues = {
  [K in SettingName]: (typeof settings)[K]['fallback'] extends undefined
    ? SettingValue<K> | undefined
    : SettingValue<K>;
};

export interface ParsedSettings {
  /** A refused value is undefined here too (its problem is listed): only read them without problems. */
  values: SettingValues;
  /** The variables that were set. */
  set: Set<SettingName>;
  /** One line per bad value, naming the variable, the problem and a good example. */
  problems: string[];
}

/** Parses every variable, collecting every problem rather than stopping at the first. */
export function parseSettings(env: Record<string, string | undefined>): ParsedSettings {
  const values: Record<string, unknown> = {};
  const set = new Set<SettingName>();
  const problems: string[] = [];
  for (const name of Object.keys(settings) as SettingName[]) {
    const entry: Setting = settings[name];
    const raw = env[name];
    if (raw === undefined) {
      values[name] = entry.fallback;
      continue;
    }
    set.add(name);
    const example = `Example: ${name}=${entry.example}`;
    if (raw === '') {
      const fallback = entry.defaultText.startsWith('unset')
        ? ''
        : ` (${entry.defaultText.replaceAll('`', '')})`;
      problems.push(
        `${name} is set but empty: unset it for the default${fallback}, or set a value. ${example}`,
      );
      continue;
    }
    const result = entry.schema.safeParse(raw);
    if (result.success) values[name] = result.data;
    else
      problems.push(
        `${name}=${shownValue(name, raw)} ${result.error.issues.map((issue) => issue.message).join('; ')}. ${example}`,
      );
  }
  return { values: values as ParsedSettings['values'], set, problems };
}
