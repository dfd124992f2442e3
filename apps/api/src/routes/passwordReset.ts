// Forgotten-password reset by mailed link.
import { findAccount, lockAccount, setPasswordHashIfUnchanged } from '../account/accounts.ts';
import { endCredentials } from '../account/sessions.ts';
import { consumeToken, issueToken, retireRenewableToken } from '../account/tokens.ts';
import { audit } from '../platform/audit.ts';
import { notice, templates } from '../mail/templates.ts';
import { refuseCommonPassword } from '../account/newPasswords.ts';
import { problems } from '../platform/problem.ts';
import { limitOf, mailSlots, refusedOnlyByCooldown, resetSignInLocks } from '../platform/rateLimits.ts';
import { forgetSecondFactorFailures } from '../account/secondFactorFailures.ts';
import { publicLink, type Handlers, type Services } from '../services.ts';
import { mailAccepted, sendLimitedMail } from './registrations.ts';
import { liveToken, refused, renewableToken } from './tokens.ts';

export function passwordResetHandlers(
  s: Services,
): Handlers<'requestPasswordReset' | 'getPasswordReset' | 'finishPasswordReset' | 'renewPasswordReset'> {
  const { db } = s;
  return {
    async requestPasswordReset(request, reply) {
      const { email } = request.body;
      // The error catalogue's answer (docs/behaviour.md#error-catalogue) before any limit: an unknown address
      // gets 404 and spends nothing.
      const account = await findAccount(db, email);
      if (!account) throw problems.accountNotFound();
      let next: Date;
      try {
        next = await sendLimitedMail(s, request, 'passwordReset', account.email, async (tx) => {
          const token = await issueToken(tx, s, 'passwordReset', {
            email: account.email,
            accountId: account.id,
            credentialVersion: account.credentialVersion,
          });
          await s.mailer.send(
            tx,
            templates.passwordReset(account.email, publicLink(s, 'passwordReset', token)),
          );
        });
      } catch (error) {
        // docs/security.md#already-sent (issue 39, item 12): a reset mail went to the account less than the
        // resend cooldown ago, whoever asked for it, and no other limit refuses: no second mail, and the same
        // 202 with when that mail was sent, rather than "wait 60 s" while its link is in the owner's mailbox.
        if (limitOf(error as object) !== 'mail:cooldown') throw error;
        const slots = mailSlots(s.config.limits, request.ip, 'passwordReset', account.email);
        const sent = await refusedOnlyByCooldown(db, s.clock, slots);
        if (!sent) throw error;
        return reply
          .code(202)
          .send({ ...mailAccepted(sent.nextSendAllowedAt), sentAt: sent.sentAt.toISOString() });
      }
      audit(request, 'password-reset.requested', { accountId: account.id });
      return reply.code(202).send(mailAccepted(next));
    },

    /**
     * docs/behaviour.md#link-states: an expired reset link brings a new one for the same account, through the
     * limits of a new request; the expired link is then superseded, so a replay sends nothing.
     */
    async renewPasswordReset(request, reply) {
      const { token } = request.params;
      const record = await renewableToken(s, request, 'passwordReset', token);
      const next = await sendLimitedMail(s, request, 'passwordReset', record.email, async (tx) => {
        if (!(await retireRenewableToken(tx, s, 'passwordReset', token)))
          throw await refused(s, tx, 'passwordReset', token);
        const renewed = await issueToken(tx, s, 'passwordReset', {
          email: record.email,
          accountId: record.accountId ?? undefined,
          credentialVersion: record.credentialVersion,
        });
        await s.mailer.send(
          tx,
          templates.passwordReset(record.email, publicLink(s, 'passwordReset', renewed)),
        );
      });
      audit(request, 'password-reset.renewed', { accountId: record.accountId ?? undefined });
      return reply.code(202).send(mailAccepted(next));
    },

    async getPasswordReset(request) {
      const { token } = request.params;
      const record = await liveToken(s, request, 'passwordReset', token);
      return { token, email: record.email, createdAt: record.createdAt.toISOString() };
    },

    async finishPasswordReset(request, reply) {
      const { token } = request.params;
      const { password } = request.body;
      // The token first: an unknown one costs a lookup, never a hash.
      const { accountId, email: address } = await liveToken(s, request, 'passwordReset', token);
      if (!accountId) throw problems.tokenNotFound();
      refuseCommonPassword('password', password, address);
      const passwordHash = await s.passwords.hash(password);
      const { email, revoked } = await db.transaction(async (tx) => {
        await lockAccount(tx, accountId);
        // Still live now that the account is locked: no password change, reset or e-mail change since.
        const record = await consumeToken(tx, s, 'passwordReset', token);
        if (!record) throw await refused(s, tx, 'passwordReset', token);
        await setPasswordHashIfUnchanged(tx, s, accountId, passwordHash, record.credentialVersion);
        // Whoever guessed codes knew a password that no longer exists: the stop on codes is lifted, the second
        // factor stays (docs/security.md#second-factor).
        await forgetSecondFactorFailures(tx, accountId);
        // In the reset's transaction: no reset without its notice (docs/security.md#change-notices).
        await s.mailer.send(tx, notice('passwordReset', record.email, s.clock.now()));
        return { email: record.email, revoked: await endCredentials(tx, s, accountId) };
      });
      // The owner proved control of the mailbox, and the guesses counted were at a password that no longer
      // exists: every sign-in lock of the account is lifted (docs/security.md#locked-out).
      await resetSignInLocks(db, email);
      audit(request, 'password-reset.finished', { accountId });
      audit(request, 'notice.queued', { accountId, mail: 'passwordResetNotice' });
      audit(request, 'sessions.revoked', { accountId, sessions: revoked });
      return reply.code(204).send();
    },
  };
}
