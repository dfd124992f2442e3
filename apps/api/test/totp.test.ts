// The authenticator app's codes against the RFCs' own test vectors, and the ±1 step, no-reuse check.
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  otpauthUri,
  timeStep,
  totp,
} from '../src/account/totp.ts';

/** The key of both RFCs' test vectors: the ASCII bytes of "12345678901234567890". */
const rfcKey = Buffer.from('12345678901234567890', 'ascii');

describe('Base32 (RFC 4648)', () => {
  it.each([
    // RFC 4648 §10's test vectors, without their padding.
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('%j is %s', (text, encoded) => {
    expect(base32Encode(Buffer.from(text))).toBe(encoded);
    expect(base32Decode(encoded).toString()).toBe(text);
  });

  it('reads a key as a person copies it: lower case, spaces, padding', () => {
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
  });

  it('refuses what is not a Base32 key', () => {
    expect(() => base32Decode('MZXW1')).toThrow(/Base32/); // 1 is not in the alphabet
    expect(() => base32Decode('MZXW6YTBO')).toThrow(/Base32/); // a length no byte string has
    expect(() => base32Decode('MY')).not.toThrow();
    expect(() => base32Decode('MZ')).toThrow(/Base32/); // bits set past the last byte
  });

  it('a new secret is 160 random bits: 32 characters, different every time', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });
});

describe('HOTP (RFC 4226, appendix D)', () => {
  const expected = [
    '755224',
    '287082',
    '359152',
    '969429',
    '338314',
    '254676',
    '287922',
    '162583',
    '399871',
    '520489',
  ];
  it.each(expected.map((code, counter) => [counter, code]))('counter %i gives %s', (counter, code) => {
    expect(hotp(rfcKey, counter)).toBe(code);
  });
});

describe('TOTP (RFC 6238, appendix B, SHA-1)', () => {
  // The RFC's table gives 8 digits; the app's 6 are their last six (the same truncation, mod 10^6).
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i s the code is %s', (seconds, code) => {
    const at = new Date(seconds * 1000);
    expect(totp(rfcKey, at, 8)).toBe(code);
    expect(totp(rfcKey, at)).toBe(code.slice(2));
  });

  it('steps are 30 seconds from the Unix epoch', () => {
    expect(timeStep(new Date(0))).toBe(0);
    expect(timeStep(new Date(29_999))).toBe(0);
    expect(timeStep(new Date(30_000))).toBe(1);
    expect(timeStep(new Date(59_000))).toBe(1);
  });
});

describe('matchTotp: the check a sign-in makes', () => {
  const secret = base32Encode(rfcKey);
  const at = new Date(1111111111 * 1000);
  const step = timeStep(at);
  const codeAt = (s: number) => hotp(rfcKey, s);

  it('accepts the code of now, of the step before and of the step after, and says which', () => {
    expect(matchTotp(secret, codeAt(step), at)).toBe(step);
    expect(matchTotp(secret, codeAt(step - 1), at)).toBe(step - 1);
    expect(matchTotp(secret, codeAt(step + 1), at)).toBe(step + 1);
  });

  it('refuses a code two steps away, a wrong code and what is not six digits', () => {
    expect(matchTotp(secret, codeAt(step - 2), at)).toBeUndefined();
    expect(matchTotp(secret, codeAt(step + 2), at)).toBeUndefined();
    const wrong = String((Number(codeAt(step)) + 1) % 1_000_000).padStart(6, '0');
    expect(matchTotp(secret, wrong, at)).toBeUndefined();
    expect(matchTotp(secret, ` ${codeAt(step)}`, at)).toBeUndefined();
    expect(matchTotp(secret, codeAt(step).slice(1), at)).toBeUndefined();
  });

  it('refuses a code at or before the last accepted step: no code is used twice', () => {
    expect(matchTotp(secret, codeAt(step), at, step)).toBeUndefined();
    expect(matchTotp(secret, codeAt(step - 1), at, step)).toBeUndefined();
    expect(matchTotp(secret, codeAt(step), at, step - 1)).toBe(step);
    expect(matchTotp(secret, codeAt(step + 1), at, step)).toBe(step + 1);
  });
});

describe('otpauthUri', () => {
  it('names the issuer and the account, and spells out SHA-1, 6 digits and 30 s', () => {
    const uri = new URL(otpauthUri('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'applicant@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Pre-admission Support:applicant@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      issuer: 'Pre-admission Support',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });

  it('matches the example of openapi.yaml', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'applicant@example.com')).toBe(
      'otpauth://totp/Pre-admission%20Support:applicant%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Pre-admission%20Support&algorithm=SHA1&digits=6&period=30',
    );
  });
});
