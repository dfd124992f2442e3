// Test harness: a server per test file on a throwaway database, a manual clock, captured logs, and a `call`
// that checks every response against openapi.yaml before the test sees it.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { insertAccount } from '../src/account/accounts.ts';
import { buildApp, type App } from '../src/app.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { defaultScrypt, loadConfig, type Config } from '../src/platform/config.ts';
import { Contract, type OperationId } from '../src/platform/contract.ts';
import { openDatabase } from '../src/platform/db.ts';
import { hashPassword } from '../src/account/passwords.ts';

export const contract = await Contract.load();

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

// A migrated, seeded embedded database made once by globalSetup.ts: loading it is several times faster
// than an initdb per test file.
const templatePath = inject('pgliteTemplate');
const template = templatePath ? new Blob([readFileSync(templatePath)]) : undefined;

/** Cheaper scrypt for tests only; production keeps config.defaultScrypt. */
export const testScrypt = { ...defaultScrypt, N: 2 ** 10 };

export class LogCapture extends Writable {
  lines: string[] = [];
  override _write(chunk: Buffer, _enc: string, done: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }
  get text(): string {
    return this.lines.join('\n');
  }
}

export interface TestServer extends App {
  clock: ManualClock;
  logs: LogCapture;
  config: Config;
  call: (op: OperationId, request?: CallOptions) => Promise<CallResult>;
  /** Builds the URL of an operation (for raw inject calls). */
  url: (op: OperationId, params?: Record<string, string>) => string;
}

export interface CallOptions {
  params?: Record<string, string>;
  /** The query string's parameters (a list repeats its name). */
  query?: Record<string, string | number | readonly string[]>;
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  ip?: string;
}

export interface CallResult {
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | number | undefined>;
  /** The session cookie the response set ('' when it cleared it), undefined if untouched. */
  sessionCookie: string | undefined;
  setCookie: string[];
}

/** `?a=1&b=2` from a call's query, or '' without one. */
function queryString(query: CallOptions['query']): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  const text = search.toString();
  return text ? `?${text}` : '';
}

let counter = 0;
export const requestId = (): string => `${Date.now() - Date.UTC(2021, 0, 1)}:${(counter += 1) % 4096}`;

/** A unique address per test, so tests share a database without meeting. */
export const uniqueEmail = (label = 'user'): string =>
  `${label}.${randomBytes(4).toString('hex')}@example.com`;

/**
 * A server on a fresh database, or on the database of `share` (a second configuration of the same data:
 * cheaper than a new embedded database, which takes seconds to initialise).
 */
export async function startServer(overrides: Partial<Config> = {}, share?: TestServer): Promise<TestServer> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const db = share
    ? share.services.db
    : await openDatabase({ databaseUrl, dataDir: 'memory://', schema, template });
  const clock = new ManualClock(new Date());
  const logs = new LogCapture();
  const config: Config = {
    // The tests read mailed links from the development mailbox, so they switch it on as an operator would.
    ...loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:8080',
      WEB_DIST: '/nonexistent',
      DESK_DIST: '/nonexistent',
      DEBUG_ENDPOINTS: '1',
      // Most tests send several mails to one address at once; the resend cooldown's own tests switch it on.
      MAIL_RESEND_COOLDOWN_SECONDS: '0',
    }),
    scrypt: testScrypt,
    // The same on every machine (the default follows the cores), and roomy: tests send bursts of parallel
    // requests that are about other limits; the queue has tests of its own (signInBurst, tokenHashing).
    hashing: { concurrency: 2, queue: 64 },
    logLevel: 'info',
    ...overrides,
  };
  const server = await buildApp({ config, db, clock, logStream: logs, ownsDatabase: !share });
  const url = (op: OperationId, params: Record<string, string> = {}) =>
    config.basePath +
    contract
      .operation(op)
      .path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));

  const call = async (op: OperationId, options: CallOptions = {}): Promise<CallResult> => {
    const operation = contract.operation(op);
    const headers: Record<string, string> = { 'x-request-id': requestId(), ...options.headers };
    if (options.cookie !== undefined) headers.cookie = options.cookie;
    const response = await server.app.inject({
      method: operation.method.toUpperCase() as 'GET',
      url: url(op, options.params) + queryString(options.query),
      headers,
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    });
    const contentType = response.headers['content-type'] as string | undefined;
    const body =
      response.body === '' ? undefined : contentType?.includes('json') ? response.json() : response.body;
    // The contract check: undeclared status, wrong content type or a body off the schema fails the test.
    expect(contract.checkResponse(op, response.statusCode, contentType, body), `${op} response`).toEqual([]);
    const raw = response.headers['set-cookie'];
    const setCookie = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    const session = setCookie.find((c) => c.startsWith('pre_admission_session='));
    return {
      status: response.statusCode,
      body,
      headers: response.headers,
      sessionCookie:
        session === undefined ? undefined : session.split(';')[0]!.slice('pre_admission_session='.length),
      setCookie,
    };
  };

  return {
    ...server,
    clock,
    logs,
    config,
    call,
    url,
    async close() {
      await server.close();
      if (databaseUrl && !share) {
        const cleanup = await openDatabase({ databaseUrl });
        await cleanup.exec(`drop schema if exists ${schema} cascade`);
        await cleanup.close();
      }
    },
  };
}

export const PASSWORD = 'Passw0rd2026';

/** Registers an account through the API (request, mailbox, finish) and returns its token mail. */
export async function register(server: TestServer, email: string, password = PASSWORD): Promise<string> {
  expect((await server.call('requestRegistration', { body: { email } })).status).toBe(202);
  const token = await latestToken(server, email, 'registrations');
  expect((await server.call('finishRegistration', { params: { token }, body: { password } })).status).toBe(
    204,
  );
  return token;
}

/**
 * Accounts with PASSWORD made straight in the database (no mail, one hash for all): a burst of sign-ins that
 * should fill the hashing queue needs an account per request, since an account holds one place at a time.
 */
export async function insertAccounts(server: TestServer, count: number, label = 'user'): Promise<string[]> {
  const hash = await hashPassword(PASSWORD, server.config.scrypt);
  const emails = Array.from({ length: count }, () => uniqueEmail(label));
  for (const email of emails)
    await insertAccount(server.services.db, { config: server.config, clock: server.clock }, email, hash);
  return emails;
}

/** The token of the newest mailed link to `route` for `email`, read from the development mailbox. */
export async function latestToken(server: TestServer, email: string, route: string): Promise<string> {
  const mails = (await server.call('listDebugMails')).body as { to: string; text: string }[];
  const mail = mails.find((m) => m.to.toLowerCase() === email.toLowerCase() && m.text.includes(`/${route}/`));
  expect(mail, `a ${route} mail to ${email}`).toBeDefined();
  const match = new RegExp(`/${route}/([A-Za-z0-9_-]+)`).exec(mail!.text);
  return match![1]!;
}

export async function signIn(server: TestServer, email: string, password = PASSWORD): Promise<string> {
  const response = await server.call('signIn', { body: { email, password } });
  expect(response.status).toBe(200);
  return `pre_admission_session=${response.sessionCookie}`;
}

export type Mail = { to: string; subject: string; text: string };

/** One test file's server and the helpers its tests use, bound to that server. */
export interface ServerFixture {
  /** The file's server; usable from its hooks and tests (it is started by the first beforeAll). */
  server: TestServer;
  register: (email: string, password?: string) => Promise<string>;
  signIn: (email: string, password?: string) => Promise<string>;
  latestToken: (email: string, route: string) => Promise<string>;
  /** Every mail in the development mailbox, newest first. */
  mailbox: () => Promise<Mail[]>;
}

/**
 * The shared set-up of an API test file: registers the hooks that start a server before its tests and close
 * it after them (so call it at the top level, before the file's own hooks), and returns the server with the
 * helpers bound to it.
 */
export function serverFixture(overrides: Partial<Config> = {}): ServerFixture {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startServer(overrides);
  });
  afterAll(() => started?.close());
  const current = (): TestServer => {
    if (!started) throw new Error('the test server is used before beforeAll started it');
    return started;
  };
  // Read through on every access, so the fixture can be taken at the top level of a file before the server
  // exists.
  const server = new Proxy({} as TestServer, {
    get: (_target, key) => Reflect.get(current(), key),
    has: (_target, key) => Reflect.has(current(), key),
  });
  return {
    server,
    register: (email, password) => register(server, email, password),
    signIn: (email, password) => signIn(server, email, password),
    latestToken: (email, route) => latestToken(server, email, route),
    mailbox: async () => (await server.call('listDebugMails')).body as Mail[],
  };
}
