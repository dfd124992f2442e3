// What the passkey journeys rely on in this Chromium, checked on a bare page of the test's own (no site code),
// so that a browser upgrade that changes it fails here, with the reason, rather than as a puzzling journey:
// - the virtual authenticator creates and asserts discoverable credentials with user verification on
//   http://localhost (a secure context), and refuses when the user is not verified;
// - an IP address is no relying-party id: the passkey files run their server as http://localhost;
// - a conditional (autofill) request is answered by the virtual authenticator at once, without the field
//   being focused or a suggestion chosen (Chromium 156): the journeys open the sign-in page with the
//   authenticator's presence off when they test the button.
import { createServer, type Server } from 'node:http';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { VirtualAuthenticator } from './harness/authenticator.ts';
import { freePort } from './harness/processes.ts';

const page = `<!doctype html><html lang="en"><title>WebAuthn</title>
<label>Email <input autocomplete="username webauthn"></label><script>
const random = () => crypto.getRandomValues(new Uint8Array(32));
const verification = { userVerification: 'required' };
window.create = () => navigator.credentials.create({ publicKey: { challenge: random(), rp: { name: 'Test' },
  user: { id: random(), name: 'applicant@example.com', displayName: 'Applicant' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  authenticatorSelection: { residentKey: 'required', ...verification }, attestation: 'none' } })
  .then((c) => c.id, (e) => e.name);
window.get = (mediation) => navigator.credentials.get({ mediation, publicKey: { challenge: random(), ...verification } })
  .then((c) => c.id, (e) => e.name);
</script>`;

type Probe = { create(): Promise<string>; get(mediation?: string): Promise<string> };
const create = (p: Page) => p.evaluate(() => (window as unknown as Probe).create());
const get = (p: Page, mediation?: 'conditional') =>
  p.evaluate((m) => (window as unknown as Probe).get(m), mediation);

describe("Chromium's virtual authenticator", () => {
  let server: Server;
  let port: number;
  let browser: Browser;

  beforeAll(async () => {
    port = await freePort();
    server = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(page);
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    browser = await chromium.connect(inject('wsEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('creates and asserts a discoverable, verified credential on localhost, and autofill needs no focus', async () => {
    const context = await browser.newContext();
    try {
      const tab = await context.newPage();
      const authenticator = await VirtualAuthenticator.attach(tab);
      await tab.goto(`http://localhost:${port}/`);
      const id = await create(tab);
      const stored = await authenticator.onlyCredential();
      expect(stored).toMatchObject({
        rpId: 'localhost',
        isResidentCredential: true,
        userName: 'applicant@example.com',
      });
      expect(authenticator.creations()).toEqual([id]);

      expect(await get(tab)).toBe(id);
      // Autofill: answered without a focus or a choice (the browser's account chooser is off).
      expect(await get(tab, 'conditional')).toBe(id);
      expect(authenticator.assertions()).toEqual([id, id]);
      expect((await authenticator.onlyCredential()).signCount).toBeGreaterThan(stored.signCount);

      // Not verified (a finger not recognised): refused, and no signature made.
      await authenticator.setUserVerified(false);
      expect(await get(tab)).toBe('NotAllowedError');
      expect(authenticator.assertions()).toHaveLength(2);
      await authenticator.setUserVerified(true);

      // Forgotten on the device: nothing to assert with.
      await authenticator.remove(stored.credentialId);
      expect(await get(tab)).toBe('NotAllowedError');
    } finally {
      await context.close();
    }
  });

  it('refuses an IP address as the relying party', async () => {
    const context = await browser.newContext();
    try {
      const tab = await context.newPage();
      await VirtualAuthenticator.attach(tab);
      await tab.goto(`http://127.0.0.1:${port}/`);
      expect(await create(tab)).toBe('SecurityError');
    } finally {
      await context.close();
    }
  });
});
