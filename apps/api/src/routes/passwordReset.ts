// Forgotten-password reset by mailed link.
import {
  consumeToken,
  findAccount,
  issueToken,
  peekToken,
  revokeAllSessions,
  setPasswordHash,
} from '../accounts.ts';
import { templates } from '../mail.ts';
import { hashPassword } from '../passwords.ts';
import { problems } from '../problem.ts';
import { reset } from '../rateLimits.ts';
import { publicLink, type Handlers, type Services } from '../services.ts';
import { limitMail } from './registrations.ts';
import { signInKeys } from './sessions.ts';

export function passwordResetHandlers(
  s: Services,
): Handlers<'requestPasswordReset' | 'getPasswordReset' | 'finishPasswordReset'> {
  const { db } = s;
  return {
    async requestPasswordReset(request, reply) {
      const { email } = request.body as { email: string };
      await limitMail(s, request, email);
      const account = await findAccount(db, email);
      if (!account) throw problems.accountNotFound();
      const token = await issueToken(db, s, 'password_reset', {
        email: account.email,
        accountId: account.id,
      });
      await s.mailer.send(db, templates.passwordReset(account.email, publicLink(s, 'password-reset', token)));
      return reply.code(202).send();
    },

    async getPasswordReset(request) {
      const { token } = request.params as { token: string };
      const record = await peekToken(db, s, 'password_reset', token);
      if (!record) throw problems.tokenNotFound();
      return { token, email: record.email, createdAt: record.createdAt.toISOString() };
    },

    async finishPasswordReset(request, reply) {
      const { token } = request.params as { token: string };
      const { password } = request.body as { password: string };
      const passwordHash = await hashPassword(password, s.config.scrypt);
      const email = await db.transaction(async (tx) => {
        const record = await consumeToken(tx, s, 'password_reset', token);
        if (!record?.accountId) throw problems.tokenNotFound();
        await setPasswordHash(tx, s, record.accountId, passwordHash);
        await revokeAllSessions(tx, s, record.accountId);
        return record.email;
      });
      // The owner proved control of the mailbox: lift the sign-in lock of the account.
      await reset(db, signInKeys.account(email));
      return reply.code(204).send();
    },
  };
}
