// Change of e-mail address: request (signed in; link to the new address, notice to the old), activation.
import { findAccount, lockAccount } from '../account/accounts.ts';
import { endCredentials } from '../account/sessions.ts';
import { consumeToken, issueToken } from '../account/tokens.ts';
import { audit } from '../platform/audit.ts';
import { isUniqueViolation } from '../platform/db.ts';
import { notice, templates } from '../mail/templates.ts';
import { requireRecentSignIn } from '../account/confirmation.ts';
import { problems } from '../platform/problem.ts';
import { refuseWithoutSecondFactor } from '../account/secondFactors.ts';
import { clearSessionCookie, lookupSession, publicLink, type Handlers, type Services } from '../services.ts';
import { mailAccepted, sendLimitedMail } from './registrations.ts';
import { liveToken, refused } from './tokens.ts';

export function emailChangeHandlers(s: Services): Handlers<'requestEmailChange' | 'activateEmailChange'> {
  const { db } = s;
  return {
    async requestEmailChange(request, reply) {
      const { email } = request.body;
      const session = await lookupSession(s, request);
      if (session.state !== 'valid') throw problems.noSession(404);
      const { account } = session;
      await refuseWithoutSecondFactor(s, account.id);
      // A session cookie alone must not move the account (issue 39, item 1): a recent sign-in, which for an
      // account with a second factor asked for it too (docs/security.md#recent-sign-in).
      requireRecentSignIn(s, session);
      // The error catalogue's answer (docs/behaviour.md#error-catalogue) before any limit: an address in use
      // gets 409 and spends nothing; the applicant's own current address (in any case) is a field error of
      // its own, since "already in use" would tell them nothing they can act on.
      const owner = await findAccount(db, email);
      if (owner?.id === account.id) throw problems.validation([{ field: 'email', code: 'same_as_current' }]);
      if (owner) throw problems.emailInUse();
      const next = await sendLimitedMail(s, request, 'emailChange', email, async (tx) => {
        const token = await issueToken(tx, s, 'emailChange', {
          email: account.email,
          accountId: account.id,
          newEmail: email,
          credentialVersion: account.credentialVersion,
        });
        await s.mailer.send(tx, templates.emailChange(email, publicLink(s, 'emailChangeActivation', token)));
        await s.mailer.send(tx, templates.emailChangeNotice(account.email, email));
      });
      audit(request, 'email-change.requested', { accountId: account.id });
      return reply.code(202).send(mailAccepted(next));
    },

    async activateEmailChange(request, reply) {
      const { token } = request.params;
      const { accountId } = await liveToken(s, request, 'emailChange', token);
      if (!accountId) throw problems.tokenNotFound();
      const revoked = await db.transaction(async (tx) => {
        await lockAccount(tx, accountId);
        // Live now that the account is locked: the account's address is still the one the change was
        // requested from, and no password change, reset or other e-mail change happened since.
        const record = await consumeToken(tx, s, 'emailChange', token);
        if (!record?.newEmail) throw await refused(s, tx, 'emailChange', token);
        try {
          await tx.query(
            `update accounts set email = $2, updated_at = $3, credential_version = credential_version + 1
              where id = $1`,
            [accountId, record.newEmail, s.clock.now()],
          );
        } catch (error) {
          if (isUniqueViolation(error)) throw problems.emailInUse();
          throw error;
        }
        // To the old address (the token's: still the account's, checked above), in the change's transaction.
        await s.mailer.send(tx, notice('emailChanged', record.email, s.clock.now(), record.newEmail));
        return endCredentials(tx, s, accountId);
      });
      clearSessionCookie(s, request, reply);
      audit(request, 'email-change.activated', { accountId });
      audit(request, 'notice.queued', { accountId, mail: 'emailChangedNotice' });
      audit(request, 'sessions.revoked', { accountId, sessions: revoked });
      return reply.code(204).send();
    },
  };
}
