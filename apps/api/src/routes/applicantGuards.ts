// The guard every applicant operation on an application begins with (routes/applications.ts, routes/consent.ts):
// the session's account, any other session state answering 404 (docs/behaviour.md#error-catalogue), a second
// factor where REQUIRE_SECOND_FACTOR asks for one, and for a change a slot of the account's write limit
// (docs/security.md#limits). Written once, so the two route groups cannot drift apart.
import type { FastifyRequest } from 'fastify';
import { refuseWithoutSecondFactor } from '../account/secondFactors.ts';
import { problems } from '../platform/problem.ts';
import { limitKeys, take } from '../platform/rateLimits.ts';
import { lookupSession, type Services } from '../services.ts';

export function applicantGuards(s: Services) {
  /** The session's account; any other session state is 404. */
  const signedIn = async (request: FastifyRequest) => {
    const session = await lookupSession(s, request);
    if (session.state !== 'valid') throw problems.noSession(404);
    await refuseWithoutSecondFactor(s, session.account.id);
    return session.account;
  };
  /** As signedIn, for a change: it also takes a slot of the account's write limit. */
  const changing = async (request: FastifyRequest) => {
    const account = await signedIn(request);
    await take(s.db, s.clock, [
      { key: limitKeys.applicationWrites(account.id), limit: s.config.limits.applicationWritesPerAccount },
    ]);
    return account;
  };
  return { signedIn, changing };
}
