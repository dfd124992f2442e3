import { describe, expect, it } from 'vitest';
import {
  ApiError,
  failureCause,
  failureLogLevel,
  failureRequestId,
  MalformedResponseError,
  NetworkError,
} from './errors';

describe('failureLogLevel', () => {
  it.each([
    [500, 'error'],
    [503, 'error'],
    [499, 'warn'],
    [404, 'warn'],
    [400, 'warn'],
  ] as const)('logs status %i at %s level', (status, level) => {
    expect(failureLogLevel(new ApiError(status, undefined))).toBe(level);
  });

  it('logs a malformed success body by its status', () => {
    expect(failureLogLevel(new MalformedResponseError(200, new Error('bad shape')))).toBe('warn');
  });

  it('logs a failure without a status at error level', () => {
    expect(failureLogLevel(new NetworkError(new Error('offline')))).toBe('error');
    expect(failureLogLevel(new TypeError('structuredClone is not a function'))).toBe('error');
    expect(failureLogLevel('a string was thrown')).toBe('error');
  });
});

describe('failureCause (issue 27)', () => {
  it('tells no answer from our side from anything else', () => {
    expect(failureCause(new NetworkError(new TypeError('Failed to fetch')))).toBe('network');
    expect(failureCause(new ApiError(500, undefined))).toBe('server');
    expect(failureCause(new ApiError(503, undefined))).toBe('server');
    expect(failureCause(new MalformedResponseError(200, new Error('bad shape')))).toBe('server');
    expect(failureCause(new ApiError(418, undefined))).toBe('other');
    expect(failureCause(new TypeError('x is not a function'))).toBe('other');
  });

  it('gives the request id of an answer, none without one', () => {
    expect(failureRequestId(new ApiError(500, undefined, undefined, undefined, '12:3'))).toBe('12:3');
    expect(failureRequestId(new NetworkError(new Error('offline')))).toBeUndefined();
  });
});
