import type { MailDev } from 'maildev';

export function startMailDev(ports?: { smtp?: number; web?: number }): Promise<{
  maildev: MailDev;
  smtpUrl: string;
  webUrl: string;
}>;
