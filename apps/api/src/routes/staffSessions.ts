// Staff sign-in, the second step, the current session and sign-out (docs/security.md#staff): the applicant's
// flows (routes/sessions.ts passwordSignIn, routes/secondStep.ts finishSecondStep) in the staff realm, with the
// staff's own cookies and tables. An unknown address answers as a wrong password.
import { staffRealm } from '../account/realm.ts';
import { secondFactorProblems, secondFactorsIn } from '../account/secondFactors.ts';
import { passkeysIn } from '../account/passkeys.ts';
import { sessionsIn } from '../account/sessions.ts';
import { audit } from '../platform/audit.ts';
import { problems } from '../platform/problem.ts';
import { limitKeys, take } from '../platform/rateLimits.ts';
import type { Handlers, Services, SessionLookup } from '../services.ts';
import { signedInStaffOf, staffCookies } from '../staff/access.ts';
import { findSignInStaff } from '../staff/staffAccounts.ts';
import { finishSecondStep } from './secondStep.ts';
import { passwordSignIn, sessionTimes, type PasswordSignIn } from './sessions.ts';

const staffSignIn: PasswordSignIn = { realm: staffRealm, find: findSignInStaff, unknown: 'wrongPassword' };

/** The body of getStaffSession and extendStaffSession: who, with the role as it is now, and until when. */
function currentStaffSession(s: Services, session: SessionLookup) {
  if (session.state === 'none') throw problems.noSession(401);
  if (session.state === 'invalid') throw problems.sessionRevoked();
  const staff = signedInStaffOf(session);
  return {
    email: staff.account.email,
    ...staff.assignment,
    secondFactorRequired: !staff.secondFactor,
    ...sessionTimes(s, staffRealm, session),
  };
}

export function staffSessionHandlers(
  s: Services,
): Handlers<
  | 'staffSignIn'
  | 'staffSignOut'
  | 'getStaffSession'
  | 'extendStaffSession'
  | 'startStaffPasskeyStep'
  | 'finishStaffSignIn'
> {
  const { db, clock, config } = s;
  const steps = secondFactorsIn(staffRealm);
  return {
    async staffSignIn(request, reply) {
      const { email, password } = request.body;
      return passwordSignIn(s, staffSignIn, request, reply, email, password);
    },

    async staffSignOut(request, reply) {
      const session = await staffCookies.lookupSession(s, request, { extend: false });
      if (session.state !== 'none') await sessionsIn(staffRealm).revokeSession(db, s, session.sessionId);
      staffCookies.clearSessionCookie(s, request, reply);
      audit(
        request,
        'sign-out',
        { accountId: session.state === 'valid' ? session.account.id : undefined },
        'staff',
      );
      return reply.code(204).send();
    },

    async getStaffSession(request) {
      return currentStaffSession(s, await staffCookies.lookupSession(s, request, { extend: false }));
    },

    async extendStaffSession(request) {
      return currentStaffSession(s, await staffCookies.lookupSession(s, request, { extend: true }));
    },

    // Only while a second step is under way: its cookie names a sign-in whose password was right.
    async startStaffPasskeyStep(request, reply) {
      const stepId = steps.secondStepCookieOf(s, request);
      if (!stepId || !(await steps.liveSecondStep(db, stepId, clock.now())))
        throw secondFactorProblems.noSecondStep();
      await take(db, clock, [
        {
          key: limitKeys.passkeyChallengesClient(request.ip),
          limit: config.limits.passkeyChallengesPerClient,
        },
      ]);
      return passkeysIn(staffRealm).startPasskeyChallenge(s, request, reply);
    },

    finishStaffSignIn: (request, reply) => finishSecondStep(s, staffRealm, request, reply, request.body),
  };
}
