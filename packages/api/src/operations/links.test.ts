import { describe, expect, it } from 'vitest';
import { ApiError, type Problem } from '../client/errors';
import { linkRefusal } from './links';

const refused = (status: number, extra: Record<string, unknown>) =>
  new ApiError(status, {
    type: 'urn:pre-admission:problem:token-not-found',
    title: 'This link is invalid or has expired.',
    status,
    ...extra,
  } as Problem);

describe('linkRefusal (docs/behaviour.md#link-states)', () => {
  it.each(['used', 'superseded', 'unknown'] as const)('reads the code %s', (code) => {
    expect(linkRefusal(refused(404, { code }))).toEqual({ code });
  });

  it('reads an expired link with when it expired, as a Date', () => {
    expect(linkRefusal(refused(404, { code: 'expired', expiredAt: '2026-11-21T09:30:00Z' }))).toEqual({
      code: 'expired',
      expiredAt: new Date('2026-11-21T09:30:00Z'),
    });
  });

  it.each([
    ['no code (an older provider)', 404, {}],
    ['a code the contract does not name', 404, { code: 'revoked' }],
    ['expired without a time', 404, { code: 'expired' }],
    ['expired with a malformed time', 404, { code: 'expired', expiredAt: 'yesterday' }],
    ['another status', 429, { code: 'used' }],
  ])('is unknown for %s', (_name, status, extra) => {
    expect(linkRefusal(refused(status, extra))).toEqual({ code: 'unknown' });
  });
});
