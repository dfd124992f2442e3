// Sends a fuzzed request through app.inject and checks the invariants of docs/testing.md#fuzzing on what
// comes back and on what changed in the database.
import { randomBytes } from 'node:crypto';
import { createAccount, type Deps } from '../../src/account/accounts.ts';
import { createSession, revokeSession } from '../../src/account/sessions.ts';
import { consumeToken, issueToken, type LinkKind } from '../../src/account/tokens.ts';
import {
  saveApplicationAnswers,
  startApplication,
  submitApplication,
} from '../../src/application/operations.ts';
import { COMPLETE_ANSWERS, putDocument, scanJpeg } from '../../src/providerStates/applicationStates.ts';
import { addDocument, openPeriodsFile, requiredSlots } from '../applications/helpers.ts';
import { defaultLimits, type Config } from '../../src/platform/config.ts';
import type { Operation } from '../../src/platform/contract.ts';
import { register, requestId, signIn, startServer, uniqueEmail, type TestServer } from '../helpers.ts';
import { Ref, tokenKindOf, type Body, type FuzzRequest, type Param, type RefName } from './requests.ts';

/**
 * The tables a refused request (4xx) must leave as they were, and that no GET may change whatever its
 * answer. rate_limits is left out on purpose: counting a refused attempt is its job (docs/security.md).
 */
export const WATCHED_TABLES = [
  'accounts',
  'sessions',
  'tokens',
  'outbox',
  'reference_lists',
  'schema_migrations',
  'plans',
  'applications',
  'application_history',
  'application_documents',
  'stored_files',
];

const silent = { error: () => undefined, info: () => undefined };

/** The smallest file inspect.ts takes for a PDF: its signature and an end. */
const PDF_BYTES = Buffer.from('%PDF-1.4\n%%EOF\n');

/** Limits no fuzz run reaches (about 9,000 requests from one client): the limits have tests of their own. */
const unlimited: Config['limits'] = Object.fromEntries(
  Object.entries(defaultLimits).map(([name, limit]) => [name, { ...limit, max: 1_000_000_000 }]),
) as Config['limits'];

/** A row-level change log on the watched tables: what a request wrote, committed, in the order written. */
const changeLogSql = `
  create table fuzz_changes (
    id bigint generated always as identity primary key,
    table_name text not null,
    operation text not null,
    row_data text
  );
  create function fuzz_log_change() returns trigger language plpgsql as $$
  begin
    insert into fuzz_changes (table_name, operation, row_data)
      values (tg_table_name, tg_op, case when tg_op = 'DELETE' then row_to_json(old)::text else row_to_json(new)::text end);
    return null;
  end $$;
  create function fuzz_log_truncate() returns trigger language plpgsql as $$
  begin
    insert into fuzz_changes (table_name, operation) values (tg_table_name, tg_op);
    return null;
  end $$;
  ${WATCHED_TABLES.map(
    (table) => `
  create trigger fuzz_${table}_write after insert or delete on ${table}
    for each row execute function fuzz_log_change();
  create trigger fuzz_${table}_update after update on ${table}
    for each row when (old.* is distinct from new.*) execute function fuzz_log_change();
  create trigger fuzz_${table}_truncate after truncate on ${table}
    for each statement execute function fuzz_log_truncate();`,
  ).join('\n')}
`;

export interface Change {
  table_name: string;
  operation: string;
  row_data: string | null;
}

/**
 * The state Refs resolve to, made on first use (outside the change log's window) and kept across runs until
 * a request is accepted that may have changed it (any 2xx but a GET's): a refused request changes nothing,
 * which is one of the invariants checked.
 */
class State {
  private account: { id: string; email: string; password: string } | undefined;
  private readonly resolved = new Map<string, string>();
  private readonly fixture: Fixture;
  constructor(fixture: Fixture) {
    this.fixture = fixture;
  }

  /** The secrets sent so far (passwords, session ids, tokens): none may reach a log line. */
  get secrets(): string[] {
    const secret = /^(password|\w*[sS]ession|\w+Token:.*)$/;
    return [...this.resolved].filter(([key]) => secret.test(key)).map(([, value]) => value);
  }

  private async ownAccount() {
    if (!this.account) {
      const { services } = this.fixture.server;
      const email = uniqueEmail('fuzz');
      const password = `Fz${randomBytes(8).toString('hex')}9`;
      const created = await createAccount(services.db, services, email, password);
      this.account = { id: created!.id, email, password };
    }
    return this.account;
  }

  /** The value of a Ref for a request to the operation (tokens are of the operation's kind). */
  async resolve(name: RefName, operation: Operation): Promise<string> {
    // One master's application per run: the submitted one is the complete draft, submitted.
    if (name === 'completeApplication' && this.resolved.has('submittedApplication'))
      return this.resolved.get('submittedApplication')!;
    const kind = tokenKindOf(operation) ?? 'registration';
    const key = name.endsWith('Token') ? `${name}:${kind}` : name;
    const known = this.resolved.get(key);
    if (known !== undefined) return known;
    const value = await this.make(name, kind, operation);
    this.resolved.set(key, value);
    return value;
  }

  private async spareAccount() {
    const { services } = this.fixture.server;
    const email = uniqueEmail('fuzz-spare');
    const created = await createAccount(services.db, services, email, 'Spare0000');
    return { id: created!.id, email };
  }

  private async token(
    kind: LinkKind,
    taken: boolean,
    deps: Deps = this.fixture.server.services,
    spare = true,
  ): Promise<string> {
    const { db } = this.fixture.server.services;
    if (kind === 'registration') {
      const email = taken ? (await this.ownAccount()).email : uniqueEmail('fuzz-new');
      return issueToken(db, deps, kind, { email });
    }
    // Only the live token is the own account's: any other link sent to its address would supersede the live
    // one the runs keep (docs/behaviour.md#link-states), so the others go to an account of their own.
    const account = spare ? await this.spareAccount() : await this.ownAccount();
    return issueToken(db, deps, kind, {
      email: account.email,
      accountId: account.id,
      ...(kind === 'emailChange'
        ? { newEmail: taken ? this.fixture.standing.email : uniqueEmail('fuzz-changed') }
        : {}),
    });
  }

  private async make(name: RefName, kind: LinkKind, operation: Operation): Promise<string> {
    const { services } = this.fixture.server;
    switch (name) {
      case 'email':
        return (await this.ownAccount()).email;
      case 'emailUpper':
        return (await this.ownAccount()).email.toUpperCase();
      case 'otherEmail':
        return this.fixture.standing.email;
      case 'password':
        return (await this.ownAccount()).password;
      case 'session':
        return createSession(services.db, services, (await this.ownAccount()).id);
      case 'revokedSession': {
        const session = await createSession(services.db, services, (await this.ownAccount()).id);
        await revokeSession(services.db, services, session);
        return session;
      }
      case 'otherSession':
        // deleteAccount accepts any account's own session and deletes that account: aimed at the standing
        // account, it would take away what every later operation's runs send as someone else's. A throwaway
        // account's live session is someone else's just as well.
        if (operation.operationId === 'deleteAccount')
          return createSession(services.db, services, (await this.spareAccount()).id);
        return this.fixture.standing.session;
      case 'liveToken':
        return this.fixture.remember(await this.token(kind, false, services, false));
      case 'takenToken':
        return this.fixture.remember(await this.token(kind, true));
      case 'otherKindToken':
        return this.fixture.remember(
          await this.token(kind === 'registration' ? 'passwordReset' : 'registration', false),
        );
      case 'usedToken': {
        const token = await this.token(kind, false);
        await consumeToken(services.db, services, kind, token);
        return this.fixture.remember(token);
      }
      case 'expiredToken':
        return this.fixture.remember(await this.token(kind, false, this.fixture.pastDeps()));
      case 'staleToken': {
        // A reset or e-mail-change link of an account whose password changed since: dead.
        if (kind === 'registration') return this.make('expiredToken', kind, operation);
        const email = uniqueEmail('fuzz-stale');
        const account = (await createAccount(services.db, services, email, 'Stale0000'))!;
        const token = await issueToken(services.db, services, kind, {
          email,
          accountId: account.id,
          ...(kind === 'emailChange' ? { newEmail: uniqueEmail('fuzz-changed') } : {}),
        });
        await services.db.query(
          'update accounts set credential_version = credential_version + 1 where id = $1',
          [account.id],
        );
        return this.fixture.remember(token);
      }
      case 'expiredSession':
        return createSession(services.db, this.fixture.pastDeps(), (await this.ownAccount()).id);
      case 'earlierToken':
        return (
          this.fixture.earlierToken() ?? this.fixture.remember(await this.token(kind, false, services, false))
        );
      case 'application': {
        // A doctoral draft: a kind of its own, so that it never meets the master's ones below.
        const draft = await startApplication(services, (await this.ownAccount()).id, 'doctoral');
        return draft.id;
      }
      case 'completeApplication':
        return this.completeApplication();
      case 'submittedApplication': {
        // Made from the complete draft, so that this run's master's draft and submission are one application.
        const id = await this.resolve('completeApplication', operation);
        const account = await this.ownAccount();
        await submitApplication(
          services,
          { accountId: account.id, email: account.email, locale: 'ja', log: silent },
          id,
        );
        return id;
      }
      case 'otherApplication':
        return this.fixture.standingApplication();
      case 'document':
      case 'pdfDocument': {
        // In the run's own draft (the `application` Ref), so that the two Refs together reach a success.
        const applicationId = await this.resolve('application', operation);
        const account = await this.ownAccount();
        const file =
          name === 'document'
            ? { name: 'scan.jpg', bytes: await scanJpeg(), mediaType: 'image/jpeg' as const }
            : { name: 'transcript.pdf', bytes: PDF_BYTES, mediaType: 'application/pdf' as const };
        return putDocument(
          services,
          account.id,
          applicationId,
          { slotKind: 'certificate', slotTypeId: 313 },
          file,
        );
      }
      case 'otherDocument':
        return this.fixture.standingDocument();
    }
  }

  /** A master's draft of this run's account with every section and required document (submittable). */
  private async completeApplication(): Promise<string> {
    const { server } = this.fixture;
    const account = await this.ownAccount();
    const { id } = await startApplication(server.services, account.id, 'master');
    await saveApplicationAnswers(server.services, account.id, id, COMPLETE_ANSWERS);
    const who = { email: account.email, cookie: '', accountId: account.id };
    for (const slot of requiredSlots) await addDocument(server, who, id, slot);
    return id;
  }
}

/** Lone surrogates replaced by U+FFFD, as a browser does before it encodes a URL. */
const wellFormed = (text: string): string =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

export interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  /** The body as the server's JSON parser sees it; undefined when there is none or it is not JSON. */
  parsed: { ok: true; value: unknown } | { ok: false } | undefined;
}

export interface Outcome {
  status: number;
  contentType: string | undefined;
  headers: Record<string, unknown>;
  body: unknown;
  text: string;
  changes: Change[];
  logLines: string[];
  secrets: string[];
  sent: Sent;
}

export class Fixture {
  private readonly tokens: string[] = [];
  private state: State | undefined;
  readonly server: TestServer;
  readonly standing: { email: string; session: string };
  private constructor(server: TestServer, standing: { email: string; session: string }) {
    this.server = server;
    this.standing = standing;
  }

  /**
   * A server on its own database, with limits out of reach and the response check done here (cached: the
   * reference lists answer the same 100 kB again and again), an account and a session made through the API
   * with the test helpers, and the change log installed.
   */
  static async start(): Promise<Fixture> {
    // Every programme's period open around the clock: submissions can succeed whatever today's date.
    const server = await startServer({
      limits: unlimited,
      validateResponses: false,
      periodsFile: openPeriodsFile(),
    });
    const email = uniqueEmail('standing');
    await register(server, email);
    const cookie = await signIn(server, email);
    await server.services.db.exec(changeLogSql);
    return new Fixture(server, { email, session: cookie.slice('pre_admission_session='.length) });
  }

  private standingDocumentId: string | undefined;
  /** A document of the standing account's draft (made once). */
  async standingDocument(): Promise<string> {
    if (!this.standingDocumentId) {
      const applicationId = await this.standingApplication();
      const rows = await this.server.services.db.query<{ id: string }>(
        'select account_id::text as id from applications where id = $1',
        [applicationId],
      );
      this.standingDocumentId = await putDocument(
        this.server.services,
        rows[0]!.id,
        applicationId,
        { slotKind: 'certificate', slotTypeId: 313 },
        { name: 'scan.jpg', bytes: await scanJpeg(), mediaType: 'image/jpeg' },
      );
    }
    return this.standingDocumentId;
  }

  private standingDraft: string | undefined;
  /** A draft of the standing account (made once; a run's session never reaches it). */
  async standingApplication(): Promise<string> {
    if (!this.standingDraft) {
      const { services } = this.server;
      const rows = await services.db.query<{ id: string }>(
        'select id::text as id from accounts where lower(email) = lower($1)',
        [this.standing.email],
      );
      this.standingDraft = (await startApplication(services, rows[0]!.id, 'exchange')).id;
    }
    return this.standingDraft;
  }

  remember(token: string): string {
    this.tokens.push(token);
    return token;
  }

  /** The server's configuration with a clock two days behind: what it issues has expired by now. */
  pastDeps(): Deps {
    const { config, clock } = this.server;
    return { config, clock: { now: () => new Date(clock.now().getTime() - 2 * 24 * 60 * 60 * 1000) } };
  }

  /** A token from an earlier run: neither always the newest (live) nor the oldest (used long ago). */
  earlierToken(): string | undefined {
    return this.tokens[Math.floor(this.tokens.length / 2)];
  }

  async close(): Promise<void> {
    await this.server.close();
  }

  private async takeChanges(): Promise<Change[]> {
    return this.server.services.db.query<Change & Record<string, unknown>>(
      'delete from fuzz_changes returning table_name, operation, row_data',
    );
  }

  /** Sends one fuzzed request for the operation and reports what happened. */
  async send(operation: Operation, request: FuzzRequest): Promise<Outcome> {
    const state = (this.state ??= new State(this));
    const sent = await this.build(operation, request, state);
    await this.server.services.mailer.idle();
    await this.takeChanges();
    const logStart = this.server.logs.lines.length;
    const response = await this.server.app.inject({
      method: sent.method as 'GET',
      url: sent.url,
      headers: sent.headers,
      ...(sent.payload !== undefined ? { payload: sent.payload } : {}),
    });
    await this.server.services.mailer.idle();
    const changes = await this.takeChanges();
    if (sent.method !== 'GET' && response.statusCode >= 200 && response.statusCode < 300)
      this.state = undefined;
    const contentType = response.headers['content-type'] as string | undefined;
    const text = response.body;
    let body: { value: unknown } | undefined;
    return {
      status: response.statusCode,
      contentType,
      headers: response.headers,
      // Parsed when asked for: the reference lists are 100 kB each, and checked once (invariants.ts).
      get body() {
        if (!body) {
          body = { value: text === '' ? undefined : text };
          if (contentType?.includes('json') && text !== '') {
            try {
              body.value = JSON.parse(text);
            } catch {
              // left as text: the contract check reports it
            }
          }
        }
        return body.value;
      },
      text: response.body,
      changes,
      logLines: this.server.logs.lines.slice(logStart),
      secrets: state.secrets,
      sent,
    };
  }

  private async build(operation: Operation, request: FuzzRequest, state: State): Promise<Sent> {
    const value = async (v: unknown): Promise<unknown> =>
      v instanceof Ref ? state.resolve(v.name, operation) : v;
    const param = async (p: Param): Promise<string> =>
      typeof p === 'object' && !(p instanceof Ref)
        ? p.verbatim
        : // A lone surrogate has no UTF-8 form: a client sends U+FFFD (the verbatim %ED%A0%80 sends its bytes).
          encodeURIComponent(wellFormed(String(await value(p))));

    let path = this.server.config.basePath + operation.path;
    for (const [name, p] of Object.entries(request.params)) path = path.replace(`{${name}}`, await param(p));

    const headers: Record<string, string> = {};
    if (request.origin !== undefined) headers.origin = request.origin;
    if (request.requestId === 'valid') headers['x-request-id'] = requestId();
    else if (request.requestId !== 'absent') headers['x-request-id'] = request.requestId;
    if (request.cookie) headers.cookie = (await Promise.all(request.cookie.map(value))).join('');

    const { payload, text } = await this.payload(request.body, value);
    if (payload !== undefined && request.contentType !== undefined)
      headers['content-type'] = request.contentType;
    let parsed: Sent['parsed'];
    if (text !== undefined) {
      try {
        parsed = { ok: true, value: JSON.parse(text) };
      } catch {
        parsed = { ok: false };
      }
    }
    return { url: path + request.query, method: operation.method.toUpperCase(), headers, payload, parsed };
  }

  private async payload(
    body: Body,
    value: (v: unknown) => Promise<unknown>,
  ): Promise<{ payload: string | Buffer | undefined; text: string | undefined }> {
    switch (body.kind) {
      case 'none':
        return { payload: undefined, text: undefined };
      case 'object': {
        const parts: string[] = [];
        for (const [key, v] of body.entries)
          parts.push(`${JSON.stringify(key)}:${JSON.stringify(await value(v)) ?? 'null'}`);
        const text = `{${parts.join(',')}}`;
        return { payload: text, text };
      }
      case 'json': {
        const text = JSON.stringify(body.value) ?? 'null';
        return { payload: text, text };
      }
      case 'text': {
        if (!body.latin1) return { payload: body.text, text: body.text };
        // Single bytes, invalid UTF-8 as often as not; the server decodes them as UTF-8.
        const bytes = Buffer.from(body.text, 'latin1');
        return { payload: bytes, text: bytes.toString('utf8') };
      }
      case 'huge': {
        const text = `{"email":"${'a'.repeat(1_100_000)}@example.com"}`;
        return { payload: text, text };
      }
    }
  }
}
