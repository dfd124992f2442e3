import { failureStatus } from '@pre-admission/api';

export type FailureScreen =
  | { readonly screen: 'unsupportedBrowser' }
  | {
      readonly screen: 'unexpectedError';
      readonly status: number;
      readonly message?: string;
      readonly stack?: string;
    };

/**
 * docs/behaviour.md#routes and #error-catalogue: a failure that carries an HTTP status shows the unexpected-error screen; one without
 * (the network is down, or the browser threw because it lacks a feature) shows the unsupported-browser
 * screen.
 */
export function classifyFailure(error: unknown): FailureScreen {
  const status = failureStatus(error);
  if (status === undefined) return { screen: 'unsupportedBrowser' };
  const message = error instanceof Error && error.message ? error.message : undefined;
  const stack = error instanceof Error ? error.stack : undefined;
  return { screen: 'unexpectedError', status, message, stack };
}
