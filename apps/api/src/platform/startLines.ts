// What the server prints when it starts: where the site is, where its mails can be read, how mail and data
// are kept. Each line must be true of the running settings (issue 39 item 11).
import type { Config } from './config.ts';

/**
 * What the debug mailbox holds: mail.ts drops a mail's body (its link) from the outbox once SMTP has taken
 * it, so with SMTP only the mails not yet delivered, and the delivered ones are read where SMTP took them.
 */
export function debugMailboxHolds(config: Pick<Config, 'smtpUrl' | 'devMailboxUrl'>): string {
  if (!config.smtpUrl) return 'every mail the site writes';
  return `only mails not yet delivered; delivered ones are in ${config.devMailboxUrl ?? 'the SMTP server'}`;
}

export function startLines(
  config: Pick<
    Config,
    'publicUrl' | 'basePath' | 'devMailboxUrl' | 'debugEndpoints' | 'smtpUrl' | 'databaseUrl' | 'dataDir'
  >,
): string[] {
  const lines = [`Pre-admission site:   ${config.publicUrl}${config.basePath}/`];
  if (config.devMailboxUrl) lines.push(`Development mailbox:  ${config.devMailboxUrl} (MailDev)`);
  if (config.debugEndpoints) {
    const holds = debugMailboxHolds(config);
    lines.push(
      `Debug mailbox:        ${config.publicUrl}${config.basePath}/api/debug/mails (DEBUG_ENDPOINTS=1: ${holds})`,
    );
  }
  lines.push(
    `Mail:                 ${config.smtpUrl ? 'SMTP (SMTP_URL)' : 'not sent: no SMTP_URL (`npm start` runs a development mailbox)'}`,
  );
  lines.push(
    `Storage:              ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`,
  );
  return lines;
}
