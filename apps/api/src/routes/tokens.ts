// What every token operation does first: count the attempt against the client, look the token up, and
// give the attempt back when the token is live. Nothing is hashed for a token that is not live
// (docs/security.md#limits). A refused token's 404 says why (docs/behaviour.md#link-states).
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../platform/db.ts';
import {
  peekRenewableToken,
  peekToken,
  tokenRefusal,
  type LinkKind,
  type TokenRecord,
} from '../account/tokens.ts';
import { problems, type LinkRefusal } from '../platform/problem.ts';
import { refund, take, tokenSlot } from '../platform/rateLimits.ts';
import type { Services } from '../services.ts';

export function liveToken(s: Services, request: FastifyRequest, kind: LinkKind, token: string) {
  return countedToken(s, request, kind, token, peekToken);
}

/**
 * The same for a renewal (docs/behaviour.md#link-states): only an expired link passes; any other (unknown,
 * used, superseded, or still live, which needs no renewal) is refused with its reason, and counts as a
 * failed token attempt.
 */
export function renewableToken(s: Services, request: FastifyRequest, kind: LinkKind, token: string) {
  return countedToken(s, request, kind, token, peekRenewableToken);
}

function countedToken(
  s: Services,
  request: FastifyRequest,
  kind: LinkKind,
  token: string,
  peek: typeof peekToken,
): Promise<TokenRecord> {
  return countedLink(
    s,
    request,
    () => peek(s.db, s, kind, token),
    () => tokenRefusal(s.db, s, kind, token),
  );
}

/**
 * A mailed link's first step, whatever its table (the applicants' tokens, the staff's invitations): the
 * attempt counted against the client, the link looked up, the attempt given back when it is live; otherwise
 * the 404 with the reason its own trace gives.
 */
export async function countedLink<T>(
  s: Services,
  request: FastifyRequest,
  peek: () => Promise<T | undefined>,
  refusal: () => Promise<LinkRefusal>,
): Promise<T> {
  const slot = tokenSlot(s.config.limits, request.ip);
  await take(s.db, s.clock, [slot]);
  const record = await peek();
  if (!record) throw problems.tokenNotFound(await refusal());
  await refund(s.db, s.clock, [slot]);
  return record;
}

/** The 404 for a token that is not live, with the reason its own trace gives (in the caller's transaction). */
export async function refused(s: Services, db: Queryable, kind: LinkKind, token: string) {
  return problems.tokenNotFound(await tokenRefusal(db, s, kind, token));
}
