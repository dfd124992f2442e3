// Issue 42, the applicant's own deletion (openapi.yaml deleteAccount, docs/behaviour.md#delete-account): the
// account's session only, with a second factor where the operator asks for one and a recent sign-in (a cookie
// found in an unattended browser must not delete the account: docs/security.md#recent-sign-in), a slot of the
// account's deletion limit; then retention/deletion.ts's complete deletion, in one transaction with the change
// notice to the address it was for; the session cookie cleared; one audit line with the account's id only.
import { requireRecentSignIn } from '../account/confirmation.ts';
import { refuseWithoutSecondFactor } from '../account/secondFactors.ts';
import { notice } from '../mail/templates.ts';
import { audit } from '../platform/audit.ts';
import { HttpProblem, problems } from '../platform/problem.ts';
import { limitKeys, take } from '../platform/rateLimits.ts';
import { AwaitingDecision, deleteAccountIn } from '../retention/deletion.ts';
import { clearSessionCookie, lookupSession, type Handlers, type Services } from '../services.ts';

/** 409 `awaiting_decision`: `detail` names the applications the desk still has to decide. */
const awaitingDecision = (refused: AwaitingDecision) =>
  new HttpProblem(409, 'awaiting-decision', 'An application awaits a decision.', {
    code: 'awaiting_decision',
    detail: `Awaiting a decision: ${refused.applications.map((a) => a.reference ?? a.id).join(', ')}.`,
  });

export function accountDeletionHandlers(s: Services): Handlers<'deleteAccount'> {
  return {
    async deleteAccount(request, reply) {
      const session = await lookupSession(s, request);
      if (session.state !== 'valid') throw problems.noSession(404);
      const { account } = session;
      await refuseWithoutSecondFactor(s, account.id);
      requireRecentSignIn(s, session);
      await take(s.db, s.clock, [
        { key: limitKeys.accountDeletion(account.id), limit: s.config.limits.accountDeletionsPerAccount },
      ]);
      try {
        await s.db.transaction(async (tx) => {
          // The row locked, as the desk's command and the clock lock it: a submission at the same moment waits.
          const locked = (
            await tx.query<{ id: string; email: string }>(
              'select id::text as id, email from accounts where id = $1 for update',
              [account.id],
            )
          )[0];
          if (!locked) throw problems.noSession(404);
          await deleteAccountIn(tx, locked);
          // After the deletion, which removes every mail to the address: this one goes, and is then
          // housekept as every sent mail is (docs/security.md#change-notices).
          await s.mailer.send(tx, notice('accountDeleted', locked.email, s.clock.now()));
        });
      } catch (error) {
        if (error instanceof AwaitingDecision) throw awaitingDecision(error);
        throw error;
      }
      clearSessionCookie(s, request, reply);
      audit(request, 'account.deleted', { accountId: account.id });
      audit(request, 'notice.queued', { accountId: account.id, mail: 'accountDeletedNotice' });
      return reply.code(204).send();
    },
  };
}
