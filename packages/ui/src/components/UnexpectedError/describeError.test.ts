import { describe, expect, it } from 'vitest';
import { describeError } from './describeError';

describe('describeError', () => {
  it('prefers the message', () => {
    expect(describeError({ message: 'boom', status: 500 })).toEqual({ kind: 'message', text: 'boom' });
  });

  it('falls back to the status, including 0', () => {
    expect(describeError({ message: '', status: 502 })).toEqual({ kind: 'status', status: 502 });
    expect(describeError({ status: 0 })).toEqual({ kind: 'status', status: 0 });
  });

  it('says unknown when there is neither', () => {
    expect(describeError({})).toEqual({ kind: 'unknown' });
    expect(describeError({ message: '  ', status: null })).toEqual({ kind: 'unknown' });
  });
});
