// The real process: `tsx src/main.ts` on a file-backed PGlite; an account survives a restart; SIGTERM
// shuts down gracefully; every operation of openapi.yaml has a route.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { contract, requestId } from './helpers.ts';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'api-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startProcess(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 90_000;
  while (!output.includes('Development mailbox')) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => output };
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
  it('prints the URL and the mailbox, keeps accounts across a restart, and stops on SIGTERM', async () => {
    const port = 18000 + Math.floor(Math.random() * 2000);
    const base = `http://127.0.0.1:${port}`;
    const first = await startProcess(port);
    expect(first.output()).toContain(`Pre-admission site:   ${base}/`);
    expect(first.output()).toContain(`Development mailbox:  ${base}/api/debug/mails`);
    try {
      expect(
        (await post(base, '/api/applicant/registrations', { email: 'persist@example.com' })).status,
      ).toBe(202);
      const mails = (await (await fetch(`${base}/api/debug/mails`)).json()) as { text: string }[];
      const link = /(http:\/\/\S+\/registrations\/[A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1]!;
      const token = link.split('/').pop()!;
      expect((await fetch(`${base}/api/applicant/registrations/${token}`)).status).toBe(200);
      expect(
        (await post(base, `/api/applicant/registrations/${token}`, { password: 'Passw0rd2026' })).status,
      ).toBe(204);
    } finally {
      expect(await stop(first.child)).toBe(0);
    }

    const second = await startProcess(port);
    try {
      const signIn = await post(base, '/api/applicant/sessions', {
        email: 'persist@example.com',
        password: 'Passw0rd2026',
      });
      expect(signIn.status).toBe(200);
      expect(signIn.headers.get('set-cookie')).toMatch(/^pre_admission_session=/);
    } finally {
      expect(await stop(second.child)).toBe(0);
    }
  }, 240_000);
});

describe('routes', () => {
  it('openapi.yaml has 38 operations, each with a distinct operationId', () => {
    const ids = contract.operations.map((o) => o.operationId);
    expect(ids).toHaveLength(38);
    expect(new Set(ids).size).toBe(38);
  });
});
