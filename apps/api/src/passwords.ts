// Password hashing: scrypt (memory-hard) from node:crypto, a random salt per account, the parameters stored
// with the hash so they can be raised later without breaking old hashes.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Config, ScryptParams } from './config.ts';
import { HttpProblem } from './problem.ts';

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

export type HashWork = 'hash' | 'verify';

export interface HasherOptions {
  params: ScryptParams;
  limits: Config['hashing'];
  /** How long a refusal waits before it is sent, and how many may wait (`admit`); none when absent. */
  busyHold?: Config['busyHold'];
  /**
   * Awaited before each hash starts (a queue slot already held). Tests use it to hold a hash in flight
   * and change the account meanwhile; production passes nothing.
   */
  beforeHash?: (work: HashWork) => Promise<void>;
}

/** 503 when the hashing queue is full: the client may try again shortly. */
export const hashingBusy = () =>
  new HttpProblem(503, 'busy', 'The server is busy. Please try again in a moment.', {
    retryAfterSeconds: 1,
  });

/**
 * A place in the hashing queue, held from the moment a sign-in is admitted (before its first query) until
 * its hash ends. `verify` uses the place; `release` gives it back unused (the account was unknown, a limit
 * refused): call it in a `finally`, it does nothing once the place was used.
 */
export interface HashPlace {
  verify(password: string, stored: string): Promise<boolean>;
  release(): void;
}

/**
 * Password hashing with bounded concurrency: `concurrency` hashes run, `queue` wait, the rest are refused
 * at once with 503. A sign-in flood thus costs a fixed share of the CPU and the thread pool, and the
 * requests that need no hash (session checks, lists) keep being answered (docs/security.md#hashing).
 */
export class PasswordHasher {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Places reserved by requests still running their queries before the hash. */
  private reserved = 0;
  /** Refusals waiting out their hold (`admit`). */
  private held = 0;
  private readonly options: HasherOptions;

  constructor(options: HasherOptions) {
    this.options = options;
  }

  hash(password: string): Promise<string> {
    return this.run('hash', () => hashPassword(password, this.options.params), false);
  }

  verify(password: string, stored: string): Promise<boolean> {
    return this.run('verify', () => verifyPassword(password, stored), false);
  }

  /**
   * Takes a place for a password check to come, or throws the 503 at once when none is left. Called before
   * a sign-in's first query, so that a flood past the queue costs no database work: on the embedded
   * database every query runs on the event loop, and the refused requests' queries held up the session
   * checks (bench:abuse). The place counts from now on, not only once the hash starts: a burst of sign-ins
   * arriving together would otherwise all pass this check while the first ones still ran their queries.
   */
  reserve(): HashPlace {
    const { concurrency, queue } = this.options.limits;
    if (this.running + this.waiting.length + this.reserved >= concurrency + queue) throw hashingBusy();
    this.reserved += 1;
    let held = true;
    const giveBack = () => {
      if (!held) return false;
      held = false;
      this.reserved -= 1;
      return true;
    };
    return {
      verify: (password, stored) => {
        if (!giveBack()) throw new Error('a hashing place is used once');
        return this.run('verify', () => verifyPassword(password, stored), true);
      },
      release: () => void giveBack(),
    };
  }

  /**
   * `reserve`, with a refusal held for `busyHold.ms` before it is thrown. A client that sends its next
   * sign-in as soon as the last is answered (as brute-force tools do, over a fixed number of connections)
   * thus gets one refusal per hold instead of as many as the event loop can send: answered at once, 64
   * such connections kept the event loop busy refusing and every other request waited (bench:abuse). The
   * hold costs a timer and an idle socket; beyond `busyHold.max` held at once, the refusal goes at once.
   */
  async admit(): Promise<HashPlace> {
    try {
      return this.reserve();
    } catch (busy) {
      const hold = this.options.busyHold;
      if (hold && hold.ms > 0 && this.held < hold.max) {
        this.held += 1;
        try {
          await delay(hold.ms);
        } finally {
          this.held -= 1;
        }
      }
      throw busy;
    }
  }

  /** Hashes running and waiting now, and places reserved (the bench and the tests read it). */
  get load(): { running: number; waiting: number; reserved: number } {
    return { running: this.running, waiting: this.waiting.length, reserved: this.reserved };
  }

  /** `placed`: the caller held a reserved place, which always fits; otherwise reserved places count. */
  private async run<T>(work: HashWork, fn: () => Promise<T>, placed: boolean): Promise<T> {
    const { concurrency, queue } = this.options.limits;
    if (this.running >= concurrency) {
      if (!placed && this.waiting.length + this.reserved >= queue) throw hashingBusy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      await this.options.beforeHash?.(work);
      return await fn();
    } finally {
      // The slot passes straight to the next waiter (running stays), or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
