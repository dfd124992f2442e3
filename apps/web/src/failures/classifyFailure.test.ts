import { ApiError, MalformedResponseError, NetworkError } from '@pre-admission/api';
import { describe, expect, it } from 'vitest';
import { classifyFailure } from './classifyFailure';

describe('failures nobody handled (docs/behaviour.md#routes, #error-catalogue)', () => {
  it('keeps the page for a call that got no answer: the site could not be reached, never "unsupported browser"', () => {
    expect(classifyFailure(new NetworkError(new TypeError('Failed to fetch')), false)).toEqual({
      kind: 'network',
    });
  });

  it('shows the problem page for a failure with a status, with the request id to quote', () => {
    const problem = { type: 'urn:x', title: 'Database unavailable', status: 503, instance: '99:1' };
    expect(classifyFailure(new ApiError(503, problem, undefined, undefined, '99:1'), false)).toEqual({
      kind: 'problem',
      requestId: '99:1',
    });
  });

  it('shows the problem page for a page that broke (a browser that passed the start-up check)', () => {
    expect(classifyFailure(new TypeError('x.at is not a function'), false)).toEqual({ kind: 'problem' });
    expect(classifyFailure('a string was thrown', false)).toEqual({ kind: 'problem' });
  });

  it('gives the stack in a development build only', () => {
    const error = new MalformedResponseError(200, new Error('bad'));
    expect(classifyFailure(error, false)).toEqual({ kind: 'problem' });
    const inDevelopment = classifyFailure(error, true);
    expect(inDevelopment.kind === 'problem' && inDevelopment.stack).toContain('MalformedResponseError');
  });
});
