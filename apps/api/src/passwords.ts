// Password hashing: scrypt (memory-hard) from node:crypto, a random salt per account, the parameters stored
// with the hash so they can be raised later without breaking old hashes.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptParams } from './config.ts';

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password,
      salt,
      params.keyLength,
      // maxmem must exceed 128 * N * r bytes.
      { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** Returns `scrypt$N$r$p$salt$hash` (salt and hash base64url). */
export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    keyLength: expected.length,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Spec 5: half-width letters and digits only, at least one of each, 8 to 100 characters. */
export const passwordRule = /^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]{8,100}$/;
