// Password change for a signed-in applicant.
import { setPasswordHashIfUnchanged } from '../account/accounts.ts';
import { endCredentials } from '../account/sessions.ts';
import { audit } from '../platform/audit.ts';
import { notice } from '../mail/templates.ts';
import { refuseCommonPassword } from '../account/newPasswords.ts';
import { requireRecentSignIn } from '../account/confirmation.ts';
import { problems } from '../platform/problem.ts';
import { refuseWithoutSecondFactor } from '../account/secondFactors.ts';
import { clientKey, passwordSlots, refund } from '../platform/rateLimits.ts';
import { clearSessionCookie, lookupSession, type Handlers, type Services } from '../services.ts';
import { checkPassword, takePasswordSlots } from './passwordChecks.ts';

export function passwordHandlers(s: Services): Handlers<'changePassword'> {
  const { db, clock, config } = s;
  return {
    async changePassword(request, reply) {
      const { currentPassword, newPassword } = request.body;
      const session = await lookupSession(s, request);
      if (session.state !== 'valid') throw problems.noSession(404);
      const { account } = session;
      await refuseWithoutSecondFactor(s, account.id);
      // A session cookie alone must not move the account (issue 39, item 1): a recent sign-in, which for an
      // account with a second factor asked for it too (docs/security.md#recent-sign-in).
      requireRecentSignIn(s, session);
      refuseCommonPassword('newPassword', newPassword, account.email);
      // A wrong current password counts as a failed sign-in of the account from this client (same limits).
      const slots = passwordSlots(config.limits, request.ip, account.email);
      const place = await s.passwords.admit({ client: clientKey(request.ip), account: account.email });
      try {
        await takePasswordSlots(s, request, slots, account.id);
        if (!(await checkPassword(s, place, slots, currentPassword, account.passwordHash))) {
          audit(request, 'sign-in.failed', { accountId: account.id, reason: 'wrong-current-password' });
          throw problems.wrongPassword(409);
        }
      } finally {
        place.release();
      }
      await refund(db, clock, slots);
      // The current password has just been verified against the stored hash, so comparing the two strings is
      // comparing the new password with that hash, without a second scrypt run. Told only now: before the
      // check, it would confirm a guessed current password.
      if (newPassword === currentPassword) {
        throw problems.validation([{ field: 'newPassword', code: 'same_as_current' }]);
      }
      const passwordHash = await s.passwords.hash(newPassword);
      const revoked = await db.transaction(async (tx) => {
        // Only from the version this session was checked at: of two concurrent changes, one applies.
        if (!(await setPasswordHashIfUnchanged(tx, s, account.id, passwordHash, account.credentialVersion)))
          throw problems.noSession(404);
        // In the change's transaction: no change without its notice, no notice of a change rolled back.
        await s.mailer.send(tx, notice('passwordChanged', account.email, clock.now()));
        return endCredentials(tx, s, account.id);
      });
      clearSessionCookie(s, request, reply);
      audit(request, 'password.changed', { accountId: account.id });
      audit(request, 'notice.queued', { accountId: account.id, mail: 'passwordChangedNotice' });
      audit(request, 'sessions.revoked', { accountId: account.id, sessions: revoked });
      return reply.code(204).send();
    },
  };
}
