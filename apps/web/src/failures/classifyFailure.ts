import { failureCause, failureRequestId } from '@pre-admission/api';

export type Failure =
  /** No answer came: the page stays, with the connection notice and "Try again". */
  | { readonly kind: 'network' }
  /** Anything else: the problem page, with the reference to quote (and the stack in development). */
  | { readonly kind: 'problem'; readonly requestId?: string; readonly stack?: string };

/**
 * docs/behaviour.md#routes and #error-catalogue (issue 27): a failure nobody handled is never taken for an
 * unsupported browser; the browser was tested once, at start (startup/browserSupport.ts). A call that got no
 * answer keeps the page; any other failure gets the problem page.
 */
export function classifyFailure(error: unknown, development: boolean): Failure {
  if (failureCause(error) === 'network') return { kind: 'network' };
  const requestId = failureRequestId(error);
  const stack = development && error instanceof Error ? error.stack : undefined;
  return {
    kind: 'problem',
    ...(requestId === undefined ? {} : { requestId }),
    ...(stack === undefined ? {} : { stack }),
  };
}
