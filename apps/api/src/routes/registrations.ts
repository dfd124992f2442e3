// Registration by mailed link: request (mail), read the token, finish (create the account).
import { findAccount, insertAccount } from '../account/accounts.ts';
import { consumeToken, issueToken, retireRenewableToken, type LinkKind } from '../account/tokens.ts';
import { audit } from '../platform/audit.ts';
import { templates } from '../mail/templates.ts';
import { refuseCommonPassword } from '../account/newPasswords.ts';
import { problems } from '../platform/problem.ts';
import { publicLink, type Handlers, type Services } from '../services.ts';
import { mailSlots, nextAllowedAt, spend } from '../platform/rateLimits.ts';
import type { Queryable } from '../platform/db.ts';
import type { FastifyRequest } from 'fastify';
import { liveToken, refused, renewableToken } from './tokens.ts';

/**
 * Sends a requested mail under the mail limits (docs/security.md#limits). Call it once the request is known
 * to send a mail (the error catalogue's 409 and 404 come first and spend nothing): the counters are taken in
 * the transaction in which `write` issues the link and writes the mail to the outbox, so a refusal, or a
 * failure of `write`, rolls them back with the mail. Returns when the next mail to the address is allowed:
 * the 202's `nextSendAllowedAt`, which the "mail sent" pages count down to (docs/behaviour.md#link-states).
 */
export async function sendLimitedMail(
  s: Services,
  request: FastifyRequest,
  kind: LinkKind,
  email: string,
  write: (tx: Queryable) => Promise<void>,
): Promise<Date> {
  const slots = mailSlots(s.config.limits, request.ip, kind, email);
  return s.db.transaction(async (tx) => {
    const windows = await spend(tx, s.clock, slots);
    const site = windows.at(-1)!;
    const { max, windowMs } = s.config.limits.mailsPerSite;
    // Only the mail that takes the ceiling's last slot sees the count at max: one line an hour.
    if (site.count === max)
      tx.afterCommit?.(() => {
        s.metrics.mailCeilingReached.inc();
        request.log.warn(
          { limit: 'mail:site', max, until: new Date(site.windowStart.getTime() + windowMs).toISOString() },
          'mail ceiling reached: registration and e-mail-change mails are refused until the hour ends (MAIL_HOURLY_LIMIT)',
        );
      });
    await write(tx);
    return nextAllowedAt(slots, windows, s.clock.now());
  });
}

/** The 202 of a mail request. */
export const mailAccepted = (nextSendAllowedAt: Date) => ({
  nextSendAllowedAt: nextSendAllowedAt.toISOString(),
});

export function registrationHandlers(
  s: Services,
): Handlers<'requestRegistration' | 'getRegistration' | 'finishRegistration' | 'renewRegistration'> {
  const { db } = s;
  return {
    async requestRegistration(request, reply) {
      const { email } = request.body;
      // The error catalogue's answer (docs/behaviour.md#error-catalogue) before any limit: a taken address
      // gets 409, whatever has been sent to it.
      if (await findAccount(db, email)) throw problems.emailAlreadyRegistered();
      const next = await sendLimitedMail(s, request, 'registration', email, async (tx) => {
        const token = await issueToken(tx, s, 'registration', { email });
        await s.mailer.send(tx, templates.registration(email, publicLink(s, 'registration', token)));
      });
      audit(request, 'registration.requested');
      return reply.code(202).send(mailAccepted(next));
    },

    /**
     * docs/behaviour.md#link-states: an expired link brings a new one to its address, through the limits of a
     * new request; the expired link is then superseded, so a replay sends nothing.
     */
    async renewRegistration(request, reply) {
      const { token } = request.params;
      const { email } = await renewableToken(s, request, 'registration', token);
      if (await findAccount(db, email)) throw problems.emailAlreadyRegistered();
      const next = await sendLimitedMail(s, request, 'registration', email, async (tx) => {
        if (!(await retireRenewableToken(tx, s, 'registration', token)))
          throw await refused(s, tx, 'registration', token);
        const renewed = await issueToken(tx, s, 'registration', { email });
        await s.mailer.send(tx, templates.registration(email, publicLink(s, 'registration', renewed)));
      });
      audit(request, 'registration.renewed');
      return reply.code(202).send(mailAccepted(next));
    },

    async getRegistration(request) {
      const { token } = request.params;
      const record = await liveToken(s, request, 'registration', token);
      return { token, email: record.email, createdAt: record.createdAt.toISOString() };
    },

    async finishRegistration(request, reply) {
      const { token } = request.params;
      const { password } = request.body;
      // The token first: an unknown one costs a lookup, never a hash.
      const { email } = await liveToken(s, request, 'registration', token);
      refuseCommonPassword('password', password, email);
      const passwordHash = await s.passwords.hash(password);
      const account = await db.transaction(async (tx) => {
        const record = await consumeToken(tx, s, 'registration', token);
        if (!record) throw await refused(s, tx, 'registration', token);
        // The unique index on lower(email) decides a race: one account, the others 409 (and keep their token).
        const created = await insertAccount(tx, s, record.email, passwordHash);
        if (!created) throw problems.emailAlreadyRegistered();
        return created;
      });
      audit(request, 'registration.finished', { accountId: account.id });
      return reply.code(204).send();
    },
  };
}
