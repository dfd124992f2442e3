// Finding 1: a server started as plain `npm start` (no NODE_ENV, nothing switched on) served every mailed
// link at GET /api/debug/mails, so anyone who could reach it could take over any account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';
import { ensureAccount } from '../../src/providerStates/states.ts';
import { requestId, startServer, uniqueEmail, type TestServer } from '../helpers.ts';

let server: TestServer;
beforeAll(async () => {
  // Exactly what plain `npm start` reads: no NODE_ENV, no DEBUG_ENDPOINTS.
  const plain = loadConfig({ PUBLIC_URL: 'http://localhost:8080', WEB_DIST: '/nonexistent' });
  server = await startServer({ debugEndpoints: plain.debugEndpoints });
});
afterAll(() => server.close());

describe('the debug routes of a plain `npm start`', () => {
  it("an attacker requests a reset of someone else's password and reads its link at /api/debug/mails", async () => {
    const victim = uniqueEmail('victim');
    await ensureAccount(server.services, victim, 'Passw0rd2026');
    const reset = await server.app.inject({
      method: 'POST',
      url: '/api/applicant/password-reset-requests',
      headers: { 'x-request-id': requestId(), 'content-type': 'application/json' },
      payload: { email: victim },
      remoteAddress: '203.0.113.7',
    });
    expect(reset.statusCode).toBe(202);

    const read = await server.app.inject({
      method: 'GET',
      url: '/api/debug/mails',
      remoteAddress: '203.0.113.7',
    });
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('/password-reset/');
    expect(read.body).not.toContain(victim);
  });

  it('an attacker lists the debug accounts and offices', async () => {
    for (const path of [
      '/api/debug/admin',
      '/api/debug/approver',
      '/api/debug/exchange',
      '/api/debug/offices',
    ]) {
      const response = await server.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(404);
    }
  });

  it('an attacker looks for the mailbox address on the page a server without its web app shows', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('not built yet');
    expect(page.body).not.toContain('/api/debug/mails');
  });

  it('the switch is DEBUG_ENDPOINTS=1 alone, whatever NODE_ENV says; production refuses it', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://apply.example.ac.jp',
      SMTP_URL: 'smtp://127.0.0.1:1025',
      ACCEPT_PGLITE_SINGLE_INSTANCE: '1',
    };
    for (const NODE_ENV of [undefined, 'development', 'test', 'production']) {
      const env = { ...production, NODE_ENV };
      expect(loadConfig(env).debugEndpoints, `NODE_ENV=${NODE_ENV}`).toBe(false);
      expect(loadConfig({ ...env, DEBUG_ENDPOINTS: '0' }).debugEndpoints).toBe(false);
      if (NODE_ENV === 'production')
        expect(() => loadConfig({ ...env, DEBUG_ENDPOINTS: '1' })).toThrow(
          /DEBUG_ENDPOINTS=1 .*never with NODE_ENV=production/,
        );
      else expect(loadConfig({ ...env, DEBUG_ENDPOINTS: '1' }).debugEndpoints).toBe(true);
    }
  });
});
