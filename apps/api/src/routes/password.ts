// Password change for a signed-in applicant.
import { revokeAllSessions, setPasswordHash } from '../accounts.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { problems } from '../problem.ts';
import { assertUnderLimit, hit } from '../rateLimits.ts';
import { clearSessionCookie, lookupSession, type Handlers, type Services } from '../services.ts';
import { signInKeys } from './sessions.ts';

export function passwordHandlers(s: Services): Handlers<'changePassword'> {
  const { db, clock, config } = s;
  return {
    async changePassword(request, reply) {
      const { currentPassword, newPassword } = request.body as {
        currentPassword: string;
        newPassword: string;
      };
      const session = await lookupSession(s, request);
      if (session.state !== 'valid') throw problems.noSession(404);
      const { account } = session;
      // A wrong current password counts as a failed sign-in of the account (same limit).
      const accountKey = signInKeys.account(account.email);
      await assertUnderLimit(db, clock, accountKey, config.limits.signInFailuresPerAccount);
      if (!(await verifyPassword(currentPassword, account.passwordHash))) {
        await hit(db, clock, accountKey, config.limits.signInFailuresPerAccount);
        throw problems.wrongPassword(409);
      }
      const passwordHash = await hashPassword(newPassword, config.scrypt);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, s, account.id, passwordHash);
        await revokeAllSessions(tx, s, account.id);
      });
      clearSessionCookie(s, request, reply);
      return reply.code(204).send();
    },
  };
}
