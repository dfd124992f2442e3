// Change of e-mail address: request (signed in; link to the new address, notice to the old), activation.
import { consumeToken, findAccount, issueToken, revokeAllSessions } from '../accounts.ts';
import { isUniqueViolation } from '../db.ts';
import { templates } from '../mail.ts';
import { problems } from '../problem.ts';
import { clearSessionCookie, lookupSession, publicLink, type Handlers, type Services } from '../services.ts';
import { limitMail } from './registrations.ts';

export function emailChangeHandlers(s: Services): Handlers<'requestEmailChange' | 'activateEmailChange'> {
  const { db } = s;
  return {
    async requestEmailChange(request, reply) {
      const { email } = request.body as { email: string };
      const session = await lookupSession(s, request);
      if (session.state !== 'valid') throw problems.noSession(404);
      await limitMail(s, request, email);
      if (await findAccount(db, email)) throw problems.emailInUse();
      const { account } = session;
      const token = await issueToken(db, s, 'email_change', {
        email: account.email,
        accountId: account.id,
        newEmail: email,
      });
      await s.mailer.send(db, templates.emailChange(email, publicLink(s, 'change-email-requests', token)));
      await s.mailer.send(db, templates.emailChangeNotice(account.email, email));
      return reply.code(202).send();
    },

    async activateEmailChange(request, reply) {
      const { token } = request.params as { token: string };
      await db.transaction(async (tx) => {
        const record = await consumeToken(tx, s, 'email_change', token);
        if (!record?.accountId || !record.newEmail) throw problems.tokenNotFound();
        try {
          await tx.query('update accounts set email = $2, updated_at = $3 where id = $1', [
            record.accountId,
            record.newEmail,
            s.clock.now(),
          ]);
        } catch (error) {
          if (isUniqueViolation(error)) throw problems.emailInUse();
          throw error;
        }
        await revokeAllSessions(tx, s, record.accountId);
      });
      clearSessionCookie(s, request, reply);
      return reply.code(204).send();
    },
  };
}
