// Registration by mailed link: request (mail), read the token, finish (create the account).
import { consumeToken, findAccount, insertAccount, issueToken, peekToken } from '../accounts.ts';
import { templates } from '../mail.ts';
import { hashPassword } from '../passwords.ts';
import { problems } from '../problem.ts';
import { emailKey, publicLink, type Handlers, type Services } from '../services.ts';
import { consume } from '../rateLimits.ts';
import type { FastifyRequest } from 'fastify';

export const mailKeys = {
  address: (email: string) => `mail:address:${emailKey(email)}`,
  client: (ip: string) => `mail:client:${ip}`,
};

/** Mail-sending requests are limited per client and per target address. */
export async function limitMail(s: Services, request: FastifyRequest, email: string): Promise<void> {
  await consume(s.db, s.clock, mailKeys.client(request.ip), s.config.limits.mailsPerClient);
  await consume(s.db, s.clock, mailKeys.address(email), s.config.limits.mailsPerAddress);
}

export function registrationHandlers(
  s: Services,
): Handlers<'requestRegistration' | 'getRegistration' | 'finishRegistration'> {
  const { db } = s;
  return {
    async requestRegistration(request, reply) {
      const { email } = request.body as { email: string };
      await limitMail(s, request, email);
      if (await findAccount(db, email)) throw problems.emailAlreadyRegistered();
      const token = await issueToken(db, s, 'registration', { email });
      await s.mailer.send(db, templates.registration(email, publicLink(s, 'registrations', token)));
      return reply.code(202).send();
    },

    async getRegistration(request) {
      const { token } = request.params as { token: string };
      const record = await peekToken(db, s, 'registration', token);
      if (!record) throw problems.tokenNotFound();
      return { token, email: record.email, createdAt: record.createdAt.toISOString() };
    },

    async finishRegistration(request, reply) {
      const { token } = request.params as { token: string };
      const { password } = request.body as { password: string };
      const passwordHash = await hashPassword(password, s.config.scrypt);
      await db.transaction(async (tx) => {
        const record = await consumeToken(tx, s, 'registration', token);
        if (!record) throw problems.tokenNotFound();
        // The unique index on lower(email) decides a race: one account, the others 409 (and keep their token).
        if (!(await insertAccount(tx, s, record.email, passwordHash)))
          throw problems.emailAlreadyRegistered();
      });
      return reply.code(204).send();
    },
  };
}
