// Sign in, sign out, the current session (spec 4 session states, spec 8 errors).
import { createSession, findAccount, revokeSession } from '../accounts.ts';
import { verifyPassword } from '../passwords.ts';
import { problems } from '../problem.ts';
import { assertUnderLimit, hit, reset } from '../rateLimits.ts';
import {
  clearSessionCookie,
  emailKey,
  lookupSession,
  setSessionCookie,
  type Handlers,
  type Services,
} from '../services.ts';

export const signInKeys = {
  account: (email: string) => `sign-in:account:${emailKey(email)}`,
  client: (ip: string) => `sign-in:client:${ip}`,
};

export function sessionHandlers(s: Services): Handlers<'signIn' | 'signOut' | 'getCurrentSession'> {
  const { db, clock, config } = s;
  return {
    async signIn(request, reply) {
      const { email, password } = request.body as { email: string; password: string };
      const clientKey = signInKeys.client(request.ip);
      const accountKey = signInKeys.account(email);
      await assertUnderLimit(db, clock, clientKey, config.limits.signInFailuresPerClient);
      await assertUnderLimit(db, clock, accountKey, config.limits.signInFailuresPerAccount);
      const account = await findAccount(db, email);
      if (!account) {
        await hit(db, clock, clientKey, config.limits.signInFailuresPerClient);
        throw problems.accountNotFound();
      }
      if (!(await verifyPassword(password, account.passwordHash))) {
        await hit(db, clock, clientKey, config.limits.signInFailuresPerClient);
        await hit(db, clock, accountKey, config.limits.signInFailuresPerAccount);
        throw problems.wrongPassword(403);
      }
      await reset(db, accountKey);
      // A new id at every sign-in; the session the browser held before (if any) ends (no fixation).
      const previous = request.cookies.pre_admission_session;
      if (previous) await revokeSession(db, s, previous);
      setSessionCookie(s, request, reply, await createSession(db, s, account.id));
      return { signedIn: true, email: account.email };
    },

    async signOut(request, reply) {
      const previous = request.cookies.pre_admission_session;
      if (previous) await revokeSession(db, s, previous);
      clearSessionCookie(s, request, reply);
      return reply.code(204).send();
    },

    async getCurrentSession(request) {
      const session = await lookupSession(s, request);
      if (session.state === 'none') throw problems.noSession(401);
      if (session.state === 'invalid') throw problems.sessionRevoked();
      return { email: session.account.email };
    },
  };
}
