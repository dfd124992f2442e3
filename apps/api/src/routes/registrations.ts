// Registration by mailed link: request (mail), read the token, finish (create the account).
import { consumeToken, findAccount, insertAccount, issueToken, retireRenewableToken } from '../accounts.ts';
import { audit } from '../audit.ts';
import { templates } from '../mail.ts';
import { refuseCommonPassword } from '../newPasswords.ts';
import { problems } from '../problem.ts';
import { publicLink, type Handlers, type Services } from '../services.ts';
import { limitKeys, mailSlots, nextAllowedAt, take, type MailKind } from '../rateLimits.ts';
import type { FastifyRequest } from 'fastify';
import { liveToken, refused, renewableToken } from './tokens.ts';

/** The names the provider-states route uses; the keys themselves live in rateLimits.ts. */
export const mailKeys = {
  address: limitKeys.mailAddress,
  client: limitKeys.mailClient,
  cooldown: limitKeys.mailCooldown,
};

/**
 * Mail-sending requests are limited per client and per target address, counted before anything else.
 * Returns when the next mail to the address is allowed: the 202's `nextSendAllowedAt`, which the "mail
 * sent" pages count down to (docs/behaviour.md#link-states).
 */
export async function limitMail(
  s: Services,
  request: FastifyRequest,
  kind: MailKind,
  email: string,
): Promise<Date> {
  const slots = mailSlots(s.config.limits, request.ip, kind, email);
  const windows = await take(s.db, s.clock, slots);
  return nextAllowedAt(slots, windows, s.clock.now());
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
      const { email } = request.body as { email: string };
      const next = await limitMail(s, request, 'registration', email);
      if (await findAccount(db, email)) throw problems.emailAlreadyRegistered();
      const token = await issueToken(db, s, 'registration', { email });
      await s.mailer.send(db, templates.registration(email, publicLink(s, 'registrations', token)));
      audit(request, 'registration.requested');
      return reply.code(202).send(mailAccepted(next));
    },

    /**
     * docs/behaviour.md#link-states: an expired link brings a new one to its address, through the limits of a
     * new request; the expired link is then superseded, so a replay sends nothing.
     */
    async renewRegistration(request, reply) {
      const { token } = request.params as { token: string };
      const { email } = await renewableToken(s, request, 'registration', token);
      const next = await limitMail(s, request, 'registration', email);
      if (await findAccount(db, email)) throw problems.emailAlreadyRegistered();
      const renewed = await db.transaction(async (tx) => {
        if (!(await retireRenewableToken(tx, s, 'registration', token)))
          throw await refused(s, tx, 'registration', token);
        return issueToken(tx, s, 'registration', { email });
      });
      await s.mailer.send(db, templates.registration(email, publicLink(s, 'registrations', renewed)));
      audit(request, 'registration.renewed');
      return reply.code(202).send(mailAccepted(next));
    },

    async getRegistration(request) {
      const { token } = request.params as { token: string };
      const record = await liveToken(s, request, 'registration', token);
      return { token, email: record.email, createdAt: record.createdAt.toISOString() };
    },

    async finishRegistration(request, reply) {
      const { token } = request.params as { token: string };
      const { password } = request.body as { password: string };
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
