// The test's own authenticator app against RFC 6238 Appendix B (8-digit codes at the listed times) and the
// site's shape (6 digits, SHA-1, 30 s).
import { describe, expect, it } from 'vitest';
import { base32Decode, msUntilNextStep, timeStep, totp } from './totp.ts';

/** RFC 4648 Base32 of an ASCII seed, to give the RFC's seeds the form the set-up screen shows. */
function base32(text: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const byte of Buffer.from(text, 'ascii')) bits += byte.toString(2).padStart(8, '0');
  let out = '';
  for (let i = 0; i < bits.length; i += 5) out += alphabet[parseInt(bits.slice(i, i + 5).padEnd(5, '0'), 2)];
  return out;
}

const seeds = {
  sha1: '12345678901234567890',
  sha256: '12345678901234567890123456789012',
  sha512: '1234567890123456789012345678901234567890123456789012345678901234',
} as const;

// RFC 6238, Appendix B: time (s), then the code for SHA-1, SHA-256, SHA-512.
const vectors: Array<[number, string, string, string]> = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('the test authenticator app (RFC 6238)', () => {
  it('decodes the RFC seed from Base32, with the groups and case a screen may show', () => {
    expect(base32('12345678901234567890')).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv-gy3t qojq gezd gnbv gy3t qojq').toString('ascii')).toBe(seeds.sha1);
    expect(() => base32Decode('GEZ1')).toThrow(/not a Base32 key/);
  });

  it.each(vectors)('gives the RFC codes at %i s', (seconds, sha1, sha256, sha512) => {
    const at = seconds * 1000;
    expect(totp(base32(seeds.sha1), { at, digits: 8 })).toBe(sha1);
    expect(totp(base32(seeds.sha256), { at, digits: 8, algorithm: 'sha256' })).toBe(sha256);
    expect(totp(base32(seeds.sha512), { at, digits: 8, algorithm: 'sha512' })).toBe(sha512);
  });

  it("defaults to the site's 6 digits: the last six of the SHA-1 code, a new one each 30 s", () => {
    expect(totp(base32(seeds.sha1), { at: 59_000 })).toBe('287082');
    expect(totp(base32(seeds.sha1), { at: 1_111_111_109_000 })).toBe('081804');
    expect(timeStep(59_000)).toBe(1);
    expect(timeStep(60_000)).toBe(2);
    expect(msUntilNextStep(59_000)).toBe(1_000);
    expect(msUntilNextStep(60_000)).toBe(30_000);
  });
});
