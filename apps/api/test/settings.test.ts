// Settings that refuse mistakes (docs/operations.md#settings): each bad value an operator could write, and
// each unsafe production combination, stops the start with a message naming the variable, what is wrong and
// a good example; several at once are all named; a secret is never repeated.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultLimits, loadConfig } from '../src/platform/config.ts';
import { LOG_LEVELS } from '../src/platform/settings.ts';
import { WRONG_SETTING_NAMES, WRONG_SETTINGS, WRONG_SETTINGS_SECRETS } from './wrongSettings.ts';

/** The problems loadConfig refuses env with (it must refuse it). */
function problems(env: Record<string, string | undefined>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error(`accepted: ${JSON.stringify(env)}`);
}

/** A production environment that starts: every rule met. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://apply.example.ac.jp',
  SMTP_URL: 'smtp://mail.example.ac.jp:587',
  DATABASE_URL: 'postgres://pre_admission@db.example.ac.jp:5432/pre_admission',
};

describe('a bad value stops the start, naming the variable, the problem and a good example', () => {
  it.each([
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL="not a url" is not a URL', 'PUBLIC_URL=https://'],
    [{ PUBLIC_URL: 'https://apply.example.ac.jp/pre-admission' }, 'PUBLIC_URL=', 'origin only'],
    [{ PUBLIC_URL: 'https://apply.example.ac.jp/?x=1' }, 'PUBLIC_URL=', 'path, query or fragment'],
    [{ PUBLIC_URL: 'ftp://apply.example.ac.jp' }, 'PUBLIC_URL=', 'ftp:'],
    [{ SMTP_URL: 'nonsense' }, 'SMTP_URL=', 'is not a URL'],
    [{ SMTP_URL: 'http://mail.example.ac.jp' }, 'SMTP_URL=', 'smtp: or smtps:'],
    [{ DATABASE_URL: 'mysql://db.example.ac.jp/x' }, 'DATABASE_URL=', 'postgres: or postgresql:'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV="prod" is not one of development, test, production', 'NODE_ENV='],
    [{ NODE_ENV: 'Production' }, 'NODE_ENV="Production" is not one of', 'NODE_ENV=production'],
    [
      { VALIDATE_RESPONSES: 'yes' },
      'VALIDATE_RESPONSES="yes" is not one of 1, 0, true, false',
      'VALIDATE_RESPONSES=1',
    ],
    [{ DEBUG_ENDPOINTS: 'on' }, 'DEBUG_ENDPOINTS="on" is not one of 1, 0, true, false', 'DEBUG_ENDPOINTS=0'],
    [{ PORT: '' }, 'PORT is set but empty', 'PORT=8080'],
    [{ PORT: '80a' }, 'PORT="80a" is not a whole number', 'PORT=8080'],
    [{ PORT: '65536' }, 'PORT="65536" is outside 0 to 65535', 'PORT=8080'],
    [
      { LOG_LEVEL: 'verbose' },
      'LOG_LEVEL="verbose" is not one of fatal, error, warn, info, debug, trace, silent',
      'LOG_LEVEL=info',
    ],
    [
      { PROVIDER_STATES_SECRET: 'x' },
      'PROVIDER_STATES_SECRET=(not shown) is 1 character long, not at least 32',
      'PROVIDER_STATES_SECRET=',
    ],
    [{ HOST: 'local host' }, 'HOST="local host" is neither an IP address nor a host name', 'HOST=127.0.0.1'],
    [{ MAIL_FROM: 'Desk <desk>' }, 'MAIL_FROM=', 'MAIL_FROM=Pre-admission'],
    [
      { REQUEST_TIMEOUT_MS: '1e3' },
      'REQUEST_TIMEOUT_MS="1e3" is not a whole number of milliseconds',
      'REQUEST_TIMEOUT_MS=15000',
    ],
    [
      { METRICS_HOST: 'localhost' },
      'METRICS_HOST="localhost" is not an IP address',
      'METRICS_HOST=127.0.0.1',
    ],
    [{ METRICS_PORT: '70000' }, 'METRICS_PORT="70000" is outside 0 to 65535', 'METRICS_PORT='],
    [
      { READY_WRITE_TIMEOUT_MS: '50' },
      'READY_WRITE_TIMEOUT_MS="50" is outside 100 to 60000',
      'READY_WRITE_TIMEOUT_MS=2000',
    ],
    [
      { READY_OUTBOX_MAX_AGE_SECONDS: '86401' },
      'is outside 60 to 86400 seconds',
      'READY_OUTBOX_MAX_AGE_SECONDS=900',
    ],
    [
      { ACCEPT_PGLITE_SINGLE_INSTANCE: 'yes' },
      'ACCEPT_PGLITE_SINGLE_INSTANCE="yes"',
      'ACCEPT_PGLITE_SINGLE_INSTANCE=1',
    ],
  ])('%j', (env, problem, example) => {
    const [only, ...rest] = problems(env);
    expect(rest).toEqual([]);
    expect(only).toContain(problem);
    expect(only).toContain(example);
  });

  it('an empty value is refused like any other, never read as unset', () => {
    for (const name of ['NODE_ENV', 'PORT', 'VALIDATE_RESPONSES', 'SMTP_URL', 'TRUST_PROXY', 'BASE_PATH'])
      expect(problems({ [name]: '' })).toEqual([
        expect.stringMatching(new RegExp(`^${name} is set but empty`)),
      ]);
  });

  it('names every wrong setting at once', () => {
    const found = problems(WRONG_SETTINGS);
    expect(found.map((problem) => /^[A-Z_]+/.exec(problem)?.[0])).toEqual(WRONG_SETTING_NAMES);
    expect(found.join('\n')).not.toMatch(WRONG_SETTINGS_SECRETS);
    expect(() => loadConfig({ PORT: '', LOG_LEVEL: 'verbose' })).toThrow(
      /2 settings are wrong:\n- PORT.*\n- LOG_LEVEL/,
    );
  });

  it("LOG_LEVEL allows exactly pino's levels and silent", () => {
    expect([...LOG_LEVELS].sort()).toEqual([...Object.keys(pino.levels.values), 'silent'].sort());
  });
});

describe('an attacker reading the start-up message learns no secret', () => {
  it('PROVIDER_STATES_SECRET, the SMTP and database passwords are not repeated', () => {
    const message = problems({
      PROVIDER_STATES_SECRET: 'hunter2-but-short',
      SMTP_URL: 'http://mailer:s3cret-smtp-pass@mail.example.ac.jp',
      DATABASE_URL: 'mysql://app:s3cret-db-pass@db.example.ac.jp/x',
    }).join('\n');
    for (const name of ['PROVIDER_STATES_SECRET=', 'SMTP_URL=', 'DATABASE_URL='])
      expect(message).toContain(name);
    for (const secret of ['hunter2', 's3cret-smtp-pass', 's3cret-db-pass'])
      expect(message).not.toContain(secret);
    expect(message).toContain('http://mailer:***@mail.example.ac.jp');
  });

  it('an unparsable URL is not shown at all: where its password is cannot be told', () => {
    const [message] = problems({ SMTP_URL: 'smtp//mailer:s3cret-smtp-pass@mail' });
    expect(message).not.toContain('s3cret');
    expect(message).toContain('SMTP_URL=(not shown');
  });

  it('short production passwords are refused without repeating them', () => {
    const message = problems({
      ...PRODUCTION,
      SMTP_URL: 'smtps://mailer:short-smtp@mail.example.ac.jp',
      DATABASE_URL: 'postgres://app:short-db@db.example.ac.jp/app',
    }).join('\n');
    expect(message).toContain("SMTP_URL's password (not shown) is 10 characters long");
    expect(message).toContain("DATABASE_URL's password (not shown) is 8 characters long");
    expect(message).not.toMatch(/short-smtp|short-db/);
  });
});

describe('production refuses unsafe settings', () => {
  const refusedWith = (env: Record<string, string | undefined>, pattern: RegExp) =>
    expect(problems({ ...PRODUCTION, ...env })).toEqual([expect.stringMatching(pattern)]);

  it('starts with every rule met', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.publicUrl).toBe('https://apply.example.ac.jp');
    expect(config.validateResponses).toBe(false);
    expect(config.acceptPgliteSingleInstance).toBe(false);
    const long = 'x'.repeat(32);
    expect(() =>
      loadConfig({
        ...PRODUCTION,
        SMTP_URL: `smtp://mailer:${long}@mail.example.ac.jp`,
        DATABASE_URL: `postgres://app:${long}@db/app`,
      }),
    ).not.toThrow();
  });

  it('refuses staff sessions and invitations longer than its ceilings, naming each variable (docs/security.md#staff)', () => {
    const found = problems({
      ...PRODUCTION,
      STAFF_SESSION_IDLE_TIMEOUT_SECONDS: '3600',
      STAFF_SESSION_LIFETIME_SECONDS: '86400',
      STAFF_INVITATION_LIFETIME_SECONDS: '1209600',
    });
    expect(found).toEqual([
      expect.stringMatching(
        /^STAFF_SESSION_IDLE_TIMEOUT_SECONDS \(3600\) is over 1800 seconds: .*Example: STAFF_SESSION_IDLE_TIMEOUT_SECONDS=900$/,
      ),
      expect.stringMatching(
        /^STAFF_SESSION_LIFETIME_SECONDS \(86400\) is over 43200 seconds: .*Example: STAFF_SESSION_LIFETIME_SECONDS=28800$/,
      ),
      expect.stringMatching(
        /^STAFF_INVITATION_LIFETIME_SECONDS \(1209600\) is over 604800 seconds: .*Example: STAFF_INVITATION_LIFETIME_SECONDS=259200$/,
      ),
    ]);
    // At the ceilings it starts; development accepts more.
    const config = loadConfig({
      ...PRODUCTION,
      STAFF_SESSION_IDLE_TIMEOUT_SECONDS: '1800',
      STAFF_SESSION_LIFETIME_SECONDS: '43200',
      STAFF_INVITATION_LIFETIME_SECONDS: '604800',
    });
    expect(config.lifetimes).toMatchObject({ staffSessionIdle: 1_800_000, staffInvitation: 604_800_000 });
    expect(() => loadConfig({ STAFF_SESSION_IDLE_TIMEOUT_SECONDS: '3600' })).not.toThrow();
  });

  it('refuses a staff idle time longer than the staff session, in any environment', () => {
    expect(
      problems({ STAFF_SESSION_IDLE_TIMEOUT_SECONDS: '7200', STAFF_SESSION_LIFETIME_SECONDS: '3600' }),
    ).toEqual([
      'STAFF_SESSION_IDLE_TIMEOUT_SECONDS (7200) must not exceed STAFF_SESSION_LIFETIME_SECONDS (3600).',
    ]);
  });

  it('a typo in NODE_ENV does not switch the production rules off: it is refused', () => {
    for (const NODE_ENV of ['prod', 'Production', 'production ', 'PRODUCTION'])
      expect(
        problems({ ...PRODUCTION, NODE_ENV, PROVIDER_STATES: '1', PROVIDER_STATES_SECRET: 'y'.repeat(40) }),
      ).toEqual([expect.stringMatching(/^NODE_ENV=.* is not one of development, test, production/)]);
  });

  it('refuses no PUBLIC_URL: mailed links would point at localhost, and no __Host- cookie, no HSTS', () => {
    refusedWith(
      { PUBLIC_URL: undefined },
      /^PUBLIC_URL is required when NODE_ENV=production.*PUBLIC_URL=https:/,
    );
  });

  it('refuses an http:// PUBLIC_URL', () => {
    refusedWith(
      { PUBLIC_URL: 'http://apply.example.ac.jp' },
      /^PUBLIC_URL="http:\/\/apply.example.ac.jp" is plain http/,
    );
  });

  it('refuses DEBUG_ENDPOINTS=1 (every mailed link to whoever asks)', () => {
    refusedWith({ DEBUG_ENDPOINTS: '1' }, /^DEBUG_ENDPOINTS=1 .*never with NODE_ENV=production/);
    expect(loadConfig({ ...PRODUCTION, DEBUG_ENDPOINTS: '0' }).debugEndpoints).toBe(false);
  });

  it('refuses PROVIDER_STATES=1, with a secret or without', () => {
    refusedWith(
      { PROVIDER_STATES: '1', PROVIDER_STATES_SECRET: 'z'.repeat(40) },
      /^PROVIDER_STATES=1 .*NODE_ENV=production/,
    );
  });

  it('refuses PGlite unless ACCEPT_PGLITE_SINGLE_INSTANCE=1 says so, and says why', () => {
    refusedWith(
      { DATABASE_URL: undefined },
      /^DATABASE_URL is unset.*one process only.*ACCEPT_PGLITE_SINGLE_INSTANCE=1.*docs\/operations\.md/,
    );
    refusedWith({ DATABASE_URL: undefined, ACCEPT_PGLITE_SINGLE_INSTANCE: '0' }, /one process only/);
    const config = loadConfig({ ...PRODUCTION, DATABASE_URL: undefined, ACCEPT_PGLITE_SINGLE_INSTANCE: '1' });
    expect(config.acceptPgliteSingleInstance).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('keeps refusing no SMTP_URL and a DEV_MAILBOX_URL', () => {
    refusedWith({ SMTP_URL: undefined }, /^SMTP_URL is required when NODE_ENV=production/);
    refusedWith({ DEV_MAILBOX_URL: 'http://127.0.0.1:1080/' }, /^DEV_MAILBOX_URL .*NODE_ENV=production/);
  });

  it('lists every production problem together', () => {
    expect(
      problems({ NODE_ENV: 'production', DEBUG_ENDPOINTS: '1' }).map((p) => /^[A-Z_]+/.exec(p)?.[0]),
    ).toEqual(['SMTP_URL', 'DEBUG_ENDPOINTS', 'PUBLIC_URL', 'DATABASE_URL']);
  });
});

describe('the defaults and the settings the health checks read', () => {
  it('development, unset: as before', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.publicUrlSet).toBe(false);
    expect(config.validateResponses).toBe(true);
    expect(config.logLevel).toBe('info');
    expect(config.metrics).toEqual({ host: '127.0.0.1', port: undefined });
    expect(config.readiness).toEqual({ writeTimeoutMs: 2000, outboxMaxAgeMs: 900_000 });
    expect(config.acceptPgliteSingleInstance).toBe(false);
  });

  it('reads them when set', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://Apply.Example.ac.jp/',
      METRICS_HOST: '::1',
      METRICS_PORT: '9464',
      READY_WRITE_TIMEOUT_MS: '100',
      READY_OUTBOX_MAX_AGE_SECONDS: '86400',
      VALIDATE_RESPONSES: 'false',
      NODE_ENV: 'test',
    });
    expect(config.publicUrl).toBe('https://apply.example.ac.jp');
    expect(config.publicUrlSet).toBe(true);
    expect(config.metrics).toEqual({ host: '::1', port: 9464 });
    expect(config.readiness).toEqual({ writeTimeoutMs: 100, outboxMaxAgeMs: 86_400_000 });
    expect(config.validateResponses).toBe(false);
  });
});

describe('one default for each setting', () => {
  it("the limits config.ts starts from are the settings table's defaults where a setting sets them", () => {
    // SIGN_IN_ATTEMPTS_PER_CLIENT, MAIL_HOURLY_LIMIT and MAIL_RESEND_COOLDOWN_SECONDS were written twice.
    expect(loadConfig({}).limits).toEqual(defaultLimits);
  });
});
