// RFC 9457 problem details: every error the server answers is one of these.
import type { FastifyReply } from 'fastify';
import type { FieldError } from './contract.ts';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  errors?: FieldError[];
  /** Why a mailed link is refused (docs/behaviour.md#link-states), or which refusal of several a status means. */
  code?: string;
  /** When an expired link expired. */
  expiredAt?: string;
  /** The open draft a `draft_exists` conflict names (openapi.yaml ApplicationProblem). */
  applicationId?: string;
}

/** Why a token operation refused the token: only ever told to whoever presented it. */
export type LinkRefusal = { code: 'unknown' | 'used' | 'superseded' } | { code: 'expired'; expiredAt: Date };

/** A failure a handler throws on purpose; the error handler turns it into problem+json. */
type ProblemExtra = {
  detail?: string;
  errors?: FieldError[];
  retryAfterSeconds?: number;
  refusal?: LinkRefusal;
  /** Problem.code: which refusal of several the status means (`passkey_refused`, `confirmation_required`, …). */
  code?: string;
  /** ApplicationProblem.applicationId: the open draft of a `draft_exists` conflict. */
  applicationId?: string;
};

export class HttpProblem extends Error {
  readonly status: number;
  readonly kind: string;
  readonly title: string;
  readonly extra: ProblemExtra;
  constructor(status: number, kind: string, title: string, extra: ProblemExtra = {}) {
    super(title);
    this.status = status;
    this.kind = kind;
    this.title = title;
    this.extra = extra;
  }
}

export const problems = {
  validation: (errors: FieldError[]) =>
    new HttpProblem(400, 'validation', 'Some fields are invalid.', { errors }),
  badRequest: (detail: string) =>
    new HttpProblem(400, 'bad-request', 'The request is malformed.', { detail }),
  missingRequestId: () =>
    new HttpProblem(400, 'missing-request-id', 'The X-Request-Id header is missing or malformed.', {
      errors: [{ field: 'X-Request-Id', code: 'required' }],
    }),
  foreignOrigin: () => new HttpProblem(403, 'foreign-origin', 'Cross-origin requests are refused.'),
  accountNotFound: () =>
    new HttpProblem(404, 'account-not-found', 'No account exists for this e-mail address.'),
  wrongPassword: (status: 403 | 409) =>
    new HttpProblem(status, 'wrong-password', 'The password is incorrect.'),
  emailAlreadyRegistered: () =>
    new HttpProblem(409, 'email-already-registered', 'This e-mail address is already registered.'),
  emailInUse: () => new HttpProblem(409, 'email-in-use', 'This e-mail address is already in use.'),
  noSession: (status: 401 | 404) => new HttpProblem(status, 'no-session', 'You are not signed in.'),
  sessionRevoked: () => new HttpProblem(403, 'session-revoked', 'The session was disconnected.'),
  /** docs/behaviour.md#link-states: the status stays 404 whatever the reason; `code` says which. */
  tokenNotFound: (refusal: LinkRefusal = { code: 'unknown' }) =>
    new HttpProblem(404, 'token-not-found', 'This link is invalid or has expired.', { refusal }),
  notFound: () => new HttpProblem(404, 'not-found', 'Not found.'),
  rateLimited: (retryAfterSeconds: number) =>
    new HttpProblem(429, 'rate-limited', 'Too many attempts. Please wait before trying again.', {
      retryAfterSeconds,
    }),
  // Issue 28, passkeys and recent sign-in (docs/security.md#passkeys, docs/security.md#recent-sign-in).
  /** Which check refused is logged (passkeys.ts), never told. */
  passkeyRefused: () =>
    new HttpProblem(403, 'passkey-refused', 'The passkey was not accepted.', { code: 'passkey_refused' }),
  confirmationRequired: () =>
    new HttpProblem(403, 'confirmation-required', 'Confirm it is you.', { code: 'confirmation_required' }),
  /** confirmSignIn's wrong password: the same problem as sign-in's, with the code its 403 names. */
  wrongPasswordToConfirm: () =>
    new HttpProblem(403, 'wrong-password', 'The password is incorrect.', { code: 'wrong_password' }),
  passkeyNotFound: () =>
    new HttpProblem(404, 'not-found', 'The passkey was not found.', { code: 'passkey_not_found' }),
  passkeyExists: () =>
    new HttpProblem(409, 'conflict', 'This passkey is already added.', { code: 'passkey_exists' }),
  passkeyLimit: () =>
    new HttpProblem(409, 'conflict', 'No more passkeys can be added.', { code: 'passkey_limit' }),
  /** A staff role that does not serve the operation (docs/security.md#staff). */
  roleRefused: () =>
    new HttpProblem(403, 'role-refused', 'Your role does not allow this.', { code: 'role_refused' }),
  tooLarge: () => new HttpProblem(413, 'payload-too-large', 'The request body is too large.'),
  unavailable: () => new HttpProblem(503, 'unavailable', 'The database does not answer.'),
  internal: () => new HttpProblem(500, 'internal', 'An unexpected error occurred.'),
};

export function sendProblem(reply: FastifyReply, problem: HttpProblem): FastifyReply {
  const body: Problem = {
    type: `urn:pre-admission:problem:${problem.kind}`,
    title: problem.title,
    status: problem.status,
    instance: String(reply.request.id),
  };
  if (problem.extra.detail) body.detail = problem.extra.detail;
  if (problem.extra.errors) body.errors = problem.extra.errors;
  if (problem.extra.code) body.code = problem.extra.code;
  if (problem.extra.applicationId) body.applicationId = problem.extra.applicationId;
  const refusal = problem.extra.refusal;
  if (refusal) {
    body.code = refusal.code;
    if (refusal.code === 'expired') body.expiredAt = refusal.expiredAt.toISOString();
  }
  if (problem.extra.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(problem.extra.retryAfterSeconds));
  }
  return reply.code(problem.status).type('application/problem+json').send(body);
}
