import type { components } from '../generated/schema';

export type Problem = components['schemas']['Problem'];

/**
 * A call that reached the server and came back with a status outside 200-299 (docs/behaviour.md#api-calls), or with a body that
 * does not match the contract. A form shows a 5xx in its error summary; one outside a form gets the
 * problem page (docs/behaviour.md#routes, #error-catalogue).
 */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly status: number;
  readonly problem: Problem | undefined;
  /** Seconds from a 429's Retry-After header. */
  readonly retryAfter: number | undefined;
  /** The request's id, for the applicant to quote to the desk (issue 27); the server logs it. */
  readonly requestId: string | undefined;
  constructor(
    status: number,
    problem: Problem | undefined,
    retryAfter?: number,
    options?: ErrorOptions,
    requestId?: string,
  ) {
    super(problem?.detail ?? problem?.title ?? `status = ${status}`, options);
    this.status = status;
    this.problem = problem;
    this.retryAfter = retryAfter;
    this.requestId = requestId;
  }
}

/** A 2xx response whose body breaks the contract: a failure with its status, never a crash later. */
export class MalformedResponseError extends ApiError {
  override readonly name = 'MalformedResponseError';
  constructor(status: number, cause: unknown) {
    super(status, undefined, undefined, { cause });
    this.message = `The response (status ${status}) does not match the contract.`;
  }
}

/**
 * A call that never got an HTTP status: network down, CORS refusal, aborted. Never a sign of an unsupported
 * browser (the app tests the browser once, at start): the screen stays, says the site could not be reached
 * and offers to try again (docs/behaviour.md#error-catalogue).
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly status = undefined;
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'The request could not be sent.', { cause });
  }
}

/** The HTTP status of a failure, or undefined when it never reached a server. */
export function failureStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/**
 * Whose side a failure is on, as the applicant is told it (docs/behaviour.md#error-catalogue): `network`, no
 * answer came (try again when connected); `server`, a 5xx or an answer that breaks the contract (our side:
 * try again, or write to the desk with the request id); `other`, anything else (a status no table names, a
 * bug in the page).
 */
export function failureCause(error: unknown): 'network' | 'server' | 'other' {
  if (error instanceof NetworkError) return 'network';
  if (error instanceof MalformedResponseError || (error instanceof ApiError && error.status >= 500))
    return 'server';
  return 'other';
}

/** The request id of a failure that reached a server, to quote to the desk. */
export function failureRequestId(error: unknown): string | undefined {
  return error instanceof ApiError ? error.requestId : undefined;
}

/**
 * The level a failure is logged at (docs/behaviour.md#error-catalogue): a status of 500 or above is an
 * error, a lower status a warning; a failure that never reached a server (the network, the browser) is an
 * error too.
 */
export function failureLogLevel(error: unknown): 'error' | 'warn' {
  const status = failureStatus(error);
  return status !== undefined && status < 500 ? 'warn' : 'error';
}

const problemTypes = new Set(['application/problem+json', 'application/json']);

/** Reads an RFC 9457 body if there is one; anything else (HTML from a proxy, say) gives undefined. */
export async function readProblem(response: Response): Promise<Problem | undefined> {
  const type = response.headers.get('Content-Type')?.split(';')[0]?.trim().toLowerCase();
  if (!type || !problemTypes.has(type)) return undefined;
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'status' in body && 'title' in body) return body as Problem;
  } catch {
    // An unreadable error body still leaves the status to go by.
  }
  return undefined;
}

/** Retry-After as seconds: either delta-seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
