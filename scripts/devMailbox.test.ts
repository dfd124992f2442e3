// npm start's development mailbox when MailDev's usual ports are taken: the address it prints must open
// MailDev's inbox, and its SMTP port must be MailDev's (scripts/devMailbox.mjs).
import { createConnection, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailDev } from './devMailbox.mjs';

/**
 * Holds the port on 127.0.0.1 for the test. When something else holds it, waits for it (up to 20 s) rather than
 * count on it staying taken: two runs of this test at once (two CI runs on one machine) each found the other's
 * dummy, took it for taken, and the other's closed before MailDev started, which then got port 1080 itself.
 * After 20 s (a developer's MailDev of `npm start`, which keeps it): undefined, taken anyway.
 */
async function occupy(port: number): Promise<Server | undefined> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const held = await new Promise<Server | undefined>((resolve) => {
      const server = createServer((socket) => socket.end('dummy\r\n'));
      server.once('error', () => resolve(undefined));
      server.listen(port, '127.0.0.1', () => resolve(server));
    });
    if (held || Date.now() > deadline) return held;
    await new Promise((wait) => setTimeout(wait, 250));
  }
}

/** The first line an SMTP server sends. */
function greeting(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: hostname, port: Number(port) });
    socket.once('data', (data) => {
      resolve(data.toString().split('\r\n')[0] ?? '');
      socket.destroy();
    });
    socket.once('error', reject);
  });
}

describe('the development mailbox with ports 1025 and 1080 taken', () => {
  let dummies: (Server | undefined)[];
  let mailbox: Awaited<ReturnType<typeof startMailDev>>;
  beforeAll(async () => {
    dummies = await Promise.all([occupy(1025), occupy(1080)]);
    mailbox = await startMailDev();
  }, 60_000);
  afterAll(async () => {
    await mailbox?.maildev.stop();
    for (const dummy of dummies) dummy?.close();
  });

  it("prints an address that opens MailDev's inbox", async () => {
    expect(mailbox.webUrl).not.toBe('http://127.0.0.1:1080/');
    // As a browser asks for it: MailDev sends its page only to a request that accepts HTML.
    const page = await fetch(mailbox.webUrl, { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>MailDev</title>');
  });

  it("gives the server MailDev's SMTP port", async () => {
    expect(mailbox.smtpUrl).not.toBe('smtp://127.0.0.1:1025');
    expect(await greeting(mailbox.smtpUrl)).toMatch(/^220 /);
  });
});
