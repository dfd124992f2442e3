// The real process: `node src/main.ts` on a file-backed PGlite; an account survives a restart; SIGTERM
// shuts down gracefully; unsafe settings stop the start with a message naming the variable; every
// operation of openapi.yaml has a route. lifecycle.ts (signals, crashes, forced exits) on a fake process.
import type { ChildProcess } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { handleProcessEvents, type ProcessLike } from '../src/platform/lifecycle.ts';
import { contract, requestId } from './helpers.ts';
import { WRONG_SETTING_NAMES, WRONG_SETTINGS, WRONG_SETTINGS_SECRETS } from './wrongSettings.ts';
import { freePort, spawnServer, startServer } from './serverProcess.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'api-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** undefined unsets a variable (an empty value would be refused: docs/operations.md#settings). */
type Env = Record<string, string | undefined>;

const startProcess = (port: number, env: Env = {}) => startServer(port, { DATA_DIR: dataDir, ...env });

async function refusal(env: Env): Promise<{ code: number | null; output: string }> {
  const { child, output } = spawnServer(await freePort(), {
    DATA_DIR: dataDir,
    ...env,
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output: output() };
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

const post = (base: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: path.includes('registrations/') ? 'PATCH' : 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': requestId() },
    body: JSON.stringify(body),
  });

describe('the server process', () => {
  it('development: prints the mailbox and each link, sends by SMTP; production: neither; accounts survive a restart; SIGTERM stops it', async () => {
    const received: string[] = [];
    const sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    sink.listen(0, '127.0.0.1');
    await once(sink.server, 'listening');
    const smtpUrl = `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}`;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    try {
      // What `npm start` passes when it runs MailDev (scripts/start.mjs).
      const first = await startProcess(port, { SMTP_URL: smtpUrl, DEV_MAILBOX_URL: 'http://127.0.0.1:1080' });
      expect(first.output()).toContain(`Pre-admission site:   ${base}/`);
      expect(first.output()).toContain('Development mailbox:  http://127.0.0.1:1080');
      expect(first.output()).not.toContain('Debug mailbox');
      try {
        expect(
          (await post(base, '/api/applicant/registrations', { email: 'persist@example.com' })).status,
        ).toBe(202);
        expect((await fetch(`${base}/api/debug/mails`)).status).toBe(404);
        const deadline = Date.now() + 20_000;
        while (!/Mail to persist@example.com: http/.test(first.output()) && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 100));
        const token = /Mail to persist@example\.com: \S+\/registrations\/([A-Za-z0-9_-]+)/.exec(
          first.output(),
        )![1]!;
        while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        // quoted-printable: undo the soft line breaks
        expect(received.join('\n').replace(/=\r?\n/g, '')).toContain(`/registrations/${token}`);
        expect((await fetch(`${base}/api/applicant/registrations/${token}`)).status).toBe(200);
        expect(
          (await post(base, `/api/applicant/registrations/${token}`, { password: 'Passw0rd2026' })).status,
        ).toBe(204);
      } finally {
        expect(await stop(first.child)).toBe(0);
      }

      // Production on PGlite, as accepted in so many words; PUBLIC_URL https as production demands (the
      // test speaks plain http to the process: the cookie is then __Host- and Secure all the same).
      const second = await startProcess(port, {
        NODE_ENV: 'production',
        SMTP_URL: smtpUrl,
        PUBLIC_URL: `https://127.0.0.1:${port}`,
        ACCEPT_PGLITE_SINGLE_INSTANCE: '1',
      });
      try {
        expect(second.output()).not.toMatch(/Development mailbox|Debug mailbox/);
        expect((await fetch(`${base}/api/debug/mails`)).status).toBe(404);
        const signIn = await post(base, '/api/applicant/sessions', {
          email: 'persist@example.com',
          password: 'Passw0rd2026',
        });
        expect(signIn.status).toBe(200);
        expect(signIn.headers.get('set-cookie')).toMatch(/^__Host-pre_admission_session=.*; Secure/);
      } finally {
        expect(await stop(second.child)).toBe(0);
      }
      expect(second.output()).not.toMatch(/\/registrations\/[A-Za-z0-9_-]{20,}/);
    } finally {
      await new Promise<void>((resolve) => sink.close(() => resolve()));
    }
  }, 240_000);

  it('refuses NODE_ENV=production without SMTP_URL, naming it', async () => {
    const { code, output } = await refusal({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://apply.example.ac.jp',
      ACCEPT_PGLITE_SINGLE_INSTANCE: '1',
    });
    expect(code).toBe(1);
    expect(output).toContain('The server does not start: SMTP_URL is required when NODE_ENV=production');
  }, 60_000);

  it('names every wrong setting at once, one line each, exit 1, and repeats no secret', async () => {
    const { code, output } = await refusal(WRONG_SETTINGS);
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines[0]).toBe('The server does not start: 7 settings are wrong:');
    expect(lines.slice(1, 8).map((line) => /^- ([A-Z_]+)/.exec(line)?.[1])).toEqual(WRONG_SETTING_NAMES);
    expect(lines[8]).toContain('docs/operations.md#settings');
    expect(output).not.toMatch(WRONG_SETTINGS_SECRETS);
  }, 60_000);

  it('refuses PROVIDER_STATES=1 without PROVIDER_STATES_SECRET, naming it', async () => {
    const { code, output } = await refusal({ PROVIDER_STATES: '1' });
    expect(code).toBe(1);
    expect(output).toContain('PROVIDER_STATES_SECRET');
  }, 60_000);
});

describe('how the process ends (lifecycle.ts)', () => {
  function fakeProcess() {
    const emitter = new EventEmitter();
    const exit = vi.fn<(code: number) => void>();
    const proc = Object.assign(emitter, { exit }) as unknown as ProcessLike & EventEmitter;
    const log = { info: vi.fn(), error: vi.fn(), fatal: vi.fn() };
    return { proc, exit, log };
  }
  const exited = async (exit: ReturnType<typeof vi.fn>) => {
    await vi.waitFor(() => expect(exit).toHaveBeenCalled(), { timeout: 2_000 });
    return exit.mock.calls[0]![0] as number;
  };

  it('SIGTERM: a graceful stop, exit 0', async () => {
    const { proc, exit, log } = fakeProcess();
    const close = vi.fn(async () => undefined);
    const closeDatabase = vi.fn(async () => undefined);
    handleProcessEvents({ proc, log, close, closeDatabase });
    proc.emit('SIGTERM', 'SIGTERM');
    expect(await exited(exit)).toBe(0);
    expect(close).toHaveBeenCalledOnce();
  });

  it('an uncaught exception and an unhandled rejection are logged and end the process gracefully, exit 1', async () => {
    for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
      const { proc, exit, log } = fakeProcess();
      const close = vi.fn(async () => undefined);
      handleProcessEvents({ proc, log, close, closeDatabase: async () => undefined });
      proc.emit(event, new Error('boom'));
      expect(await exited(exit)).toBe(1);
      expect(close).toHaveBeenCalledOnce();
      expect(log.fatal).toHaveBeenCalledWith(
        { err: expect.any(Error) },
        expect.stringMatching(/shutting down/),
      );
    }
  });

  it('a second signal during a stuck stop exits at once, and still closes the database', async () => {
    const { proc, exit, log } = fakeProcess();
    const closeDatabase = vi.fn(async () => undefined);
    handleProcessEvents({ proc, log, close: () => new Promise(() => undefined), closeDatabase });
    proc.emit('SIGINT', 'SIGINT');
    proc.emit('SIGINT', 'SIGINT');
    expect(await exited(exit)).toBe(1);
    expect(closeDatabase).toHaveBeenCalledOnce();
  });

  it('the stop timer forces the exit, and still closes the database', async () => {
    const { proc, exit, log } = fakeProcess();
    const closeDatabase = vi.fn(async () => undefined);
    handleProcessEvents({
      proc,
      log,
      close: () => new Promise(() => undefined),
      closeDatabase,
      forceAfterMs: 50,
    });
    proc.emit('SIGTERM', 'SIGTERM');
    expect(await exited(exit)).toBe(1);
    expect(closeDatabase).toHaveBeenCalledOnce();
  });
});

describe('routes', () => {
  it('openapi.yaml has 78 operations, each with a distinct operationId', () => {
    const ids = contract.operations.filter((o) => o.document === 'applicant').map((o) => o.operationId);
    expect(ids).toHaveLength(78);
    expect(new Set(ids).size).toBe(78);
  });

  it('openapi.staff.yaml has 29 more, none named as an applicant operation is', () => {
    const ids = contract.operations.filter((o) => o.document === 'staff').map((o) => o.operationId);
    expect(ids).toHaveLength(29);
    expect(new Set(contract.operations.map((o) => o.operationId)).size).toBe(contract.operations.length);
    expect(
      contract.operations
        .filter((o) => o.document === 'staff')
        .every((o) => o.path.startsWith('/api/staff/')),
    ).toBe(true);
  });
});
