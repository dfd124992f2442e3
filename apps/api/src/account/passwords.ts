// Password hashing: scrypt (memory-hard) from node:crypto, a random salt per account, the parameters stored
// with the hash so they can be raised later without breaking old hashes.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Config, ScryptParams } from '../platform/config.ts';
import type { OperationId } from '../platform/contract.ts';
import { HttpProblem } from '../platform/problem.ts';

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

/**
 * The operations whose requests hash a password (or may): the hashing slots are theirs, so they are not
 * another request being served (`PasswordHasher.serving`, app.ts). One missing here only costs the spare
 * slot while it runs.
 */
export const hashingOperations: ReadonlySet<OperationId> = new Set<OperationId>([
  'signIn',
  'confirmSignIn',
  'changePassword',
  'finishRegistration',
  'finishPasswordReset',
  'staffSignIn',
  'acceptStaffInvitation',
]);

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
 * the sign-in ends. `verify` uses the place; `release` ends it, used or not (the account was unknown, a
 * limit refused, the hash is done): call it in a `finally`.
 */
export interface HashPlace {
  verify(password: string, stored: string): Promise<boolean>;
  release(): void;
}

/**
 * Who a place is for: the client (rateLimits.clientKey) and the account as typed (lower case). Each holds at
 * most one place at a time (docs/security.md#hashing).
 */
export interface PlaceOwner {
  client: string;
  account?: string;
}

/** A request waiting in its client's or account's line for the place they hold to end. */
interface Lined {
  ids: string[];
  resolve: (place: HashPlace) => void;
}

/**
 * Password hashing with bounded concurrency: `concurrency` hashes run, `queue` wait, the rest are refused
 * at once with 503. A sign-in flood thus costs a fixed share of the CPU and the thread pool, and the
 * requests that need no hash (session checks, lists) keep being answered (docs/security.md#hashing).
 *
 * While another request is being served (`serving`), only `whileServing` hashes start (one core fewer than
 * `concurrency` by default): hashes run on libuv's pool at the event loop's priority, so with every core
 * hashing that request would wait for the scheduler. A hash already running finishes; the spare slot is
 * taken again as soon as the last such request ends, so a server signing applicants in and doing nothing
 * else hashes on every core.
 *
 * The places are shared fairly: a client, and an account, hold at most one place at a time, whatever the
 * outcome. A further sign-in from the same client or for the same account waits in their line (at most
 * `queue` long, beyond that 503), outside the queue, and takes a place when theirs ends. The queue itself is
 * first come first served, so with one place each the clients are served in turn: a client flooding the
 * server, even with right passwords, gets one hash per round and cannot push the others to 503.
 */
export class PasswordHasher {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Requests in flight that are not hashing (`serving`). */
  private others = 0;
  /** When the last of them ended (performance.now()), and the timer that starts waiting hashes after quietMs. */
  private lastServed = -Infinity;
  private quietTimer: NodeJS.Timeout | undefined;
  /** Places reserved by requests still running their queries before the hash. */
  private reserved = 0;
  /** Refusals waiting out their hold (`admit`). */
  private held = 0;
  /** The clients and accounts that hold a place now. */
  private readonly holders = new Set<string>();
  /** Sign-ins waiting for their client's or account's place to end, oldest first. */
  private readonly lined: Lined[] = [];
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
   * The owner's client and account hold the place until it is released.
   */
  reserve(owner?: PlaceOwner): HashPlace {
    if (!this.hasRoom()) throw hashingBusy();
    return this.place(owner ? ownerIds(owner) : []);
  }

  /**
   * `reserve`, waiting in line first when the owner's client or account already holds a place, with a
   * refusal held for `busyHold.ms` before it is thrown. A client that sends its next sign-in as soon as the
   * last is answered (as brute-force tools do, over a fixed number of connections) thus gets one refusal
   * per hold instead of as many as the event loop can send: answered at once, 64 such connections kept the
   * event loop busy refusing and every other request waited (bench:abuse). The hold costs a timer and an
   * idle socket; beyond `busyHold.max` held at once, the refusal goes at once.
   */
  async admit(owner?: PlaceOwner): Promise<HashPlace> {
    try {
      const ids = owner ? ownerIds(owner) : [];
      if (ids.some((id) => this.holders.has(id))) return await this.line(ids);
      return this.reserve(owner);
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

  /**
   * Counts a request that hashes nothing (a page, a list, a session check) as being served until the
   * returned function is called (once it is answered or its client has gone; further calls do nothing).
   * app.ts calls it for every request but those of the operations that hash (`hashingOperations`).
   */
  serving(): () => void {
    this.others += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.others -= 1;
      if (this.others > 0) return;
      this.lastServed = performance.now();
      this.startWhenQuiet();
    };
  }

  /** Hashes running and waiting now, and places reserved (the bench and the tests read it). */
  get load(): { running: number; waiting: number; reserved: number } {
    return { running: this.running, waiting: this.waiting.length, reserved: this.reserved };
  }

  /** Sign-ins waiting in their client's or account's line (outside the queue). */
  get inLine(): number {
    return this.lined.length;
  }

  /**
   * How many hashes may run now: one core is kept for the event loop while another request is served, and
   * until none has been for `quietMs` (a steady stream of short requests has gaps between them, and a hash
   * started in a gap holds the next request up for its whole length).
   */
  private get limit(): number {
    const { concurrency, whileServing, quietMs = 0 } = this.options.limits;
    if (whileServing === undefined) return concurrency;
    const quiet = this.others === 0 && performance.now() - this.lastServed >= quietMs;
    return quiet ? concurrency : whileServing;
  }

  /** Starts the waiting hashes once no other request has been served for `quietMs`. */
  private startWhenQuiet(): void {
    const { quietMs = 0 } = this.options.limits;
    if (quietMs <= 0) return this.startWaiting();
    if (this.quietTimer) return;
    const check = () => {
      const left = this.lastServed + quietMs - performance.now();
      if (this.others === 0 && left > 0) {
        this.quietTimer = setTimeout(check, left).unref();
        return;
      }
      this.quietTimer = undefined;
      this.startWaiting();
    };
    this.quietTimer = setTimeout(check, quietMs).unref();
  }

  /** Starts the waiting hashes the limit now allows, oldest first. */
  private startWaiting(): void {
    while (this.waiting.length > 0 && this.running < this.limit) {
      this.running += 1;
      this.waiting.shift()!();
    }
  }

  private hasRoom(): boolean {
    const { concurrency, queue } = this.options.limits;
    return this.running + this.waiting.length + this.reserved < concurrency + queue;
  }

  /**
   * Waits for the owner's client and account to be free and a place to be left. A line is at most `queue`
   * long per client and per account: a client sending more at once than a full queue holds is refused as a
   * full queue refuses, while everyone else's sign-ins go on.
   */
  private line(ids: string[]): Promise<HashPlace> {
    const { queue } = this.options.limits;
    for (const id of ids)
      if (this.lined.filter((entry) => entry.ids.includes(id)).length >= queue) throw hashingBusy();
    return new Promise((resolve) => this.lined.push({ ids, resolve }));
  }

  /**
   * Gives each freed place to the oldest sign-in in line whose client and account are both free. It runs
   * before any later request can reserve, so those already waiting go first.
   */
  private promote(): void {
    for (let index = 0; index < this.lined.length && this.hasRoom();) {
      const entry = this.lined[index]!;
      if (entry.ids.some((id) => this.holders.has(id))) {
        index += 1;
        continue;
      }
      this.lined.splice(index, 1);
      entry.resolve(this.place(entry.ids));
    }
  }

  /** A place counted as reserved until its hash starts, its owner's ids held until it is released. */
  private place(ids: string[]): HashPlace {
    this.reserved += 1;
    for (const id of ids) this.holders.add(id);
    let unused = true;
    let held = true;
    const unreserve = () => {
      if (!unused) return false;
      unused = false;
      this.reserved -= 1;
      return true;
    };
    return {
      verify: (password, stored) => {
        if (!unreserve()) throw new Error('a hashing place is used once');
        return this.run('verify', () => verifyPassword(password, stored), true);
      },
      release: () => {
        if (!held) return;
        held = false;
        unreserve();
        for (const id of ids) this.holders.delete(id);
        this.promote();
      },
    };
  }

  /** `placed`: the caller held a reserved place, which always fits; otherwise reserved places count. */
  private async run<T>(work: HashWork, fn: () => Promise<T>, placed: boolean): Promise<T> {
    const { queue } = this.options.limits;
    if (this.running >= this.limit) {
      if (!placed && this.waiting.length + this.reserved >= queue) throw hashingBusy();
      // startWaiting counts this hash as running before it resolves.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      await this.options.beforeHash?.(work);
      return await fn();
    } finally {
      this.running -= 1;
      this.startWaiting();
      this.promote();
    }
  }
}

/** The holder ids of a place's owner: a client and an account never share an id. */
const ownerIds = ({ client, account }: PlaceOwner): string[] =>
  account === undefined ? [`client ${client}`] : [`client ${client}`, `account ${account.toLowerCase()}`];
