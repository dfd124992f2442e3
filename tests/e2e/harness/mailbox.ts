// The development mailbox (GET /api/debug/mails, newest first): wait for the next mail to an address and
// take the link out of it.
export interface Mail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

export interface MailWithLink extends Mail {
  /** The link's path (e.g. /registrations/abc), ready for page.goto against the same origin. */
  path: string;
}

const LINK = /https?:\/\/[^\s/]+(\/(?:registrations|password-reset|change-email-requests)\/[^\s]+)/;

export class Mailbox {
  constructor(private readonly baseUrl: string) {}

  async mailsTo(address: string): Promise<Mail[]> {
    const response = await fetch(`${this.baseUrl}/api/debug/mails`);
    if (!response.ok) throw new Error(`GET /api/debug/mails answered ${response.status}`);
    const mails = (await response.json()) as Mail[];
    return mails.filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
  }

  /** How many mails the address has had so far: pass it to `next` after the action that sends one. */
  async count(address: string): Promise<number> {
    return (await this.mailsTo(address)).length;
  }

  /** Waits (at most timeoutMs) until the address has more than `seen` mails; returns the newest with its link. */
  async next(address: string, seen: number, timeoutMs = 10_000): Promise<MailWithLink> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mails = await this.mailsTo(address);
      // Newest first: the mails sent since `seen` are the first (length - seen).
      const fresh = mails.slice(0, Math.max(0, mails.length - seen));
      const linked = fresh.find((mail) => LINK.test(mail.text));
      if (linked) return { ...linked, path: LINK.exec(linked.text)![1]! };
      if (Date.now() > deadline) {
        throw new Error(`no new mail with a link to ${address} within ${timeoutMs} ms (had ${seen})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
