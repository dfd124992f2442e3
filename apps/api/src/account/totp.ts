// Codes of an authenticator app: HOTP (RFC 4226) and TOTP (RFC 6238) with HMAC-SHA-1, 6 digits and 30-second
// steps, the parameters every authenticator app reads from an otpauth:// URI without asking
// (docs/security.md#second-factor). Hand-written on node:crypto: the whole algorithm is a dozen lines, and
// tests hold it to the RFCs' own test vectors.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted either side of now: a phone's clock a little off, a code typed as it turned over. */
export const TOTP_DRIFT_STEPS = 1;
/** The name an app shows above the account's codes (fixed English text: the app shows it as it is). */
export const TOTP_ISSUER = 'Pre-admission Support';
/** 160 bits, the length RFC 4226 recommends for an HMAC-SHA-1 key: 32 Base32 characters. */
const SECRET_BYTES = 20;

// RFC 4648 Base32 ------------------------------------------------------------------------------------------

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 Base32 without padding (what an otpauth:// URI and the apps' "enter a key" fields take). */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/**
 * The bytes of a Base32 key, as a person may have copied it: case, spaces and `=` padding are ignored.
 * Throws on any other character, or on trailing bits that are not zero (not a key this encoder wrote).
 */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) throw new Error('not a Base32 key');
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  // Five or more bits left over is a length no byte string has; set bits left over, a key written otherwise.
  if (bits >= 5 || (buffer & ((1 << bits) - 1)) !== 0) throw new Error('not a Base32 key');
  return Buffer.from(out);
}

// HOTP and TOTP ---------------------------------------------------------------------------------------------

/** RFC 4226 §5.3: HMAC-SHA-1 of the 8-byte counter, dynamic truncation, the last `digits` decimal digits. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** RFC 6238 §4: the time step of an instant (T0 = the Unix epoch). */
export const timeStep = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The code of the step `at` falls in. */
export const totp = (key: Uint8Array, at: Date, digits = TOTP_DIGITS): string =>
  hotp(key, timeStep(at), digits);

/**
 * The step whose code `code` is, within TOTP_DRIFT_STEPS of `at`, and later than `after` (the last step the
 * account accepted: a code at or before it has been used, and is refused however fresh it is). Undefined
 * when it is none of them. Each candidate is compared in constant time, and all of them are computed.
 */
export function matchTotp(
  secret: string,
  code: string,
  at: Date,
  after: number | null = null,
): number | undefined {
  if (!/^[0-9]{6}$/.test(code)) return undefined;
  const key = base32Decode(secret);
  const given = Buffer.from(code);
  const now = timeStep(at);
  let matched: number | undefined;
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step += 1) {
    const equal = timingSafeEqual(Buffer.from(hotp(key, step)), given);
    if (equal && (after === null || step > after) && matched === undefined) matched = step;
  }
  return matched;
}

/** A new secret for an app: 160 random bits in Base32 (32 characters). */
export const newTotpSecret = (): string => base32Encode(randomBytes(SECRET_BYTES));

/**
 * The otpauth:// URI a QR code carries (the Key Uri Format of Google Authenticator, which every app reads):
 * the label `issuer:account`, the secret, and the parameters spelled out even where they are the defaults.
 */
export function otpauthUri(secret: string, account: string): string {
  const label = `${encodeURIComponent(TOTP_ISSUER)}:${encodeURIComponent(account)}`;
  const query = [
    `secret=${secret}`,
    `issuer=${encodeURIComponent(TOTP_ISSUER)}`,
    'algorithm=SHA1',
    `digits=${TOTP_DIGITS}`,
    `period=${TOTP_PERIOD_SECONDS}`,
  ].join('&');
  return `otpauth://totp/${label}?${query}`;
}
