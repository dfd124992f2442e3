import { describe, expect, it } from 'vitest';
import { ApiError, failureLogLevel, MalformedResponseError, NetworkError } from './errors';

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
