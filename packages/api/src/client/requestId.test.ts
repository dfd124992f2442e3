import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRequestId, REQUEST_ID_EPOCH, REQUEST_ID_RANDOM_BOUND } from './requestId';

describe('createRequestId', () => {
  it('is whole milliseconds since 2021-01-01, a colon, and an integer from 0 to 4095', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: REQUEST_ID_EPOCH, max: REQUEST_ID_EPOCH + 10 * 365 * 86_400_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (now, random) => {
          const id = createRequestId(now, () => random);
          expect(id).toMatch(/^\d+:\d{1,4}$/);
          const [elapsed, nonce] = id.split(':').map(Number);
          expect(elapsed).toBe(now - REQUEST_ID_EPOCH);
          expect(nonce).toBeGreaterThanOrEqual(0);
          expect(nonce).toBeLessThanOrEqual(REQUEST_ID_RANDOM_BOUND);
        },
      ),
    );
  });

  it('reaches both ends of the random range', () => {
    expect(createRequestId(REQUEST_ID_EPOCH, () => 0)).toBe('0:0');
    expect(createRequestId(REQUEST_ID_EPOCH + 1, () => 0.999_999_999)).toBe('1:4095');
  });

  it('drops fractions of a millisecond', () => {
    expect(createRequestId(REQUEST_ID_EPOCH + 1234.9, () => 0.5)).toBe('1234:2048');
  });
});
