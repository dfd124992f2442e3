// What `npm start` prints must be true of the settings it runs with (issue 39 item 11).
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { startLines } from '../src/platform/startLines.ts';

const config = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:8080', DEBUG_ENDPOINTS: '1', ...env });

describe('the lines printed at start', () => {
  it('issue 39 item 11: with SMTP (MailDev), the debug mailbox is not offered as where the mails are', () => {
    const lines = startLines(
      config({ SMTP_URL: 'smtp://127.0.0.1:1025', DEV_MAILBOX_URL: 'http://127.0.0.1:1080/' }),
    );
    const debug = lines.find((line) => line.includes('/api/debug/mails'));
    // The outbox drops a mail's body (its link) once SMTP takes it (mail.ts), so the debug mailbox holds only
    // the mails not yet delivered: the line says so, and where the others are.
    expect(debug).toMatch(/not yet (sent|delivered)/);
    expect(debug).toContain('http://127.0.0.1:1080/');
  });

  it('without SMTP, the debug mailbox holds every mail, and says so', () => {
    const debug = startLines(config({})).find((line) => line.includes('/api/debug/mails'));
    expect(debug).toMatch(/every mail/);
  });
});
