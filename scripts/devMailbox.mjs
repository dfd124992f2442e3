// npm start's development mailbox (scripts/start.mjs): MailDev on 127.0.0.1, SMTP on 1025 and the web inbox
// on 1080 when they are free, otherwise ports the system picks; the address returned is the inbox that
// MailDev actually listens on (scripts/devMailbox.test.ts takes both ports first).
import { createServer } from 'node:net';

/** The port if it is free on 127.0.0.1, otherwise 0 (any free one). */
function portOrAny(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(0));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(port)));
  });
}

/** MailDev on 127.0.0.1: SMTP on 1025 and the web inbox on 1080 when free, otherwise free ports. */
export async function startMailDev({ smtp = 1025, web = 1080 } = {}) {
  let MailDev;
  try {
    ({ MailDev } = await import('maildev'));
  } catch {
    console.error(
      'npm start: no SMTP_URL and MailDev is not installed (a devDependency: run `npm ci`), so no mail could be read.\n' +
        'Set SMTP_URL to a real SMTP server, or install the development dependencies.',
    );
    process.exit(1);
  }
  const maildev = new MailDev({
    smtp: await portOrAny(smtp),
    web: await portOrAny(web),
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    silent: true,
  });
  const servers = await maildev.start();
  const inbox = servers.api.getAddress();
  return {
    maildev,
    smtpUrl: `smtp://127.0.0.1:${servers.smtp.port}`,
    webUrl: `http://127.0.0.1:${inbox.port}/`,
  };
}
