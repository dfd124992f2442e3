import { ApiError, MalformedResponseError, NetworkError } from '@pre-admission/api';
import { describe, expect, it } from 'vitest';
import { classifyFailure } from './classifyFailure';

describe('failure screens (docs/behaviour.md#routes, #error-catalogue)', () => {
  it('shows the unexpected-error screen for a failure with a status, with its message', () => {
    const problem = { type: 'urn:x', title: 'Database unavailable', status: 503 };
    expect(classifyFailure(new ApiError(503, problem))).toMatchObject({
      screen: 'unexpectedError',
      status: 503,
      message: 'Database unavailable',
    });
  });

  it('keeps the status and the stack of a body that broke the contract', () => {
    const failure = classifyFailure(new MalformedResponseError(200, new Error('bad')));
    expect(failure).toMatchObject({ screen: 'unexpectedError', status: 200 });
    expect(failure.screen === 'unexpectedError' && failure.stack).toContain('MalformedResponseError');
  });

  it('shows the unsupported-browser screen for a failure without a status', () => {
    expect(classifyFailure(new NetworkError(new TypeError('Failed to fetch')))).toEqual({
      screen: 'unsupportedBrowser',
    });
    expect(classifyFailure(new TypeError('structuredClone is not a function'))).toEqual({
      screen: 'unsupportedBrowser',
    });
    expect(classifyFailure('a string was thrown')).toEqual({ screen: 'unsupportedBrowser' });
  });
});
