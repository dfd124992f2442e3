// The codes an authenticator app shows (RFC 6238 TOTP over RFC 4226 HOTP), computed in the test from the
// Base32 key the set-up screen shows, as a person's phone would, independently of the server's own code.
import { createHmac } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 Base32 to bytes; spaces, hyphens and padding are ignored (keys are shown in groups). */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`not a Base32 key: ${JSON.stringify(char)} in it`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

export interface TotpOptions {
  /** Unix time in milliseconds; the default is now. */
  at?: number;
  digits?: number;
  stepSeconds?: number;
  algorithm?: 'sha1' | 'sha256' | 'sha512';
}

/** The 30-second step `at` falls in (RFC 6238's T). */
export const timeStep = (at = Date.now(), stepSeconds = 30): number => Math.floor(at / 1000 / stepSeconds);

/** RFC 4226's HOTP of a counter, with the key as bytes. */
export function hotp(key: Buffer, counter: number, digits = 6, algorithm: TotpOptions['algorithm'] = 'sha1') {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code for a Base32 key at a time (defaults: SHA-1, 6 digits, 30 s, the site's settings). */
export function totp(base32Key: string, options: TotpOptions = {}): string {
  const step = timeStep(options.at ?? Date.now(), options.stepSeconds ?? 30);
  return hotp(base32Decode(base32Key), step, options.digits ?? 6, options.algorithm ?? 'sha1');
}

/** Milliseconds until the next 30-second step begins (a code refused as used is fresh again then). */
export const msUntilNextStep = (at = Date.now(), stepSeconds = 30): number =>
  stepSeconds * 1000 - (at % (stepSeconds * 1000));
