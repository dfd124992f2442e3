// Fixed-window counters in the database, so several server processes share them. An attempt is counted
// BEFORE the work it guards (the password hash, the token lookup, the mail): one statement counts and
// returns, so any number of parallel requests get at most `max` slots between them, whatever the process.
import { isIPv6 } from 'node:net';
import type { Clock } from './clock.ts';
import type { Config, RateLimit } from './config.ts';
import type { Queryable } from './db.ts';
import { problems, type HttpProblem } from './problem.ts';

interface Window {
  count: number;
  windowStart: Date;
}

/** One counter and its limit; a slot taken in it can be given back (refund) in the same window. */
export interface Slot {
  key: string;
  limit: RateLimit;
}

export function retryAfterSeconds(window: Window, limit: RateLimit, now: Date): number {
  return Math.max(1, Math.ceil((window.windowStart.getTime() + limit.windowMs - now.getTime()) / 1000));
}

/**
 * Counts one event (starting a new window when the old one has passed) and returns the window. The count
 * stops at max + 1: refused attempts do not lengthen anything, and max + 1 says "refused".
 */
export async function hit(db: Queryable, clock: Clock, key: string, limit: RateLimit): Promise<Window> {
  const now = clock.now();
  const windowEnd = new Date(now.getTime() - limit.windowMs);
  const rows = await db.query<{ count: number; window_start: Date }>(
    `insert into rate_limits (key, window_start, count) values ($1, $2, 1)
     on conflict (key) do update set
       count = case when rate_limits.window_start <= $3 then 1 else least(rate_limits.count + 1, $4) end,
       window_start = case when rate_limits.window_start <= $3 then $2 else rate_limits.window_start end
     returning count, window_start`,
    [key, now, windowEnd, limit.max + 1],
  );
  return { count: Number(rows[0]!.count), windowStart: new Date(rows[0]!.window_start) };
}

/** The limit each refusal came from, for the metrics (../metrics.ts): the key's kind, never its address. */
const refusedBy = new WeakMap<object, string>();

/** The 429 for a full counter, remembering which limit it was (`sign-in:account`, `mail:cooldown`, ...). */
function refusal(key: string, retryAfter: number): HttpProblem {
  const problem = problems.rateLimited(retryAfter);
  refusedBy.set(problem, key.split(':').slice(0, 2).join(':'));
  return problem;
}

/** Which limit refused: set on the 429s thrown here. */
export function limitOf(error: object): string | undefined {
  return refusedBy.get(error);
}

/** Throws 429 when the key's window is full, without counting (a read: for tests and tools). */
export async function assertUnderLimit(
  db: Queryable,
  clock: Clock,
  key: string,
  limit: RateLimit,
): Promise<void> {
  const rows = await db.query<{ count: number; window_start: Date }>(
    'select count, window_start from rate_limits where key = $1',
    [key],
  );
  const now = clock.now();
  const window = rows[0] && { count: Number(rows[0].count), windowStart: new Date(rows[0].window_start) };
  if (!window || window.windowStart.getTime() + limit.windowMs <= now.getTime()) return;
  if (window.count >= limit.max) throw refusal(key, retryAfterSeconds(window, limit, now));
}

/**
 * Takes one slot in each counter, in order; when one is full, gives back the slots already taken and
 * throws 429 with the Retry-After of the full one. Nothing is hashed, looked up or sent before this.
 */
export async function take(db: Queryable, clock: Clock, slots: Slot[]): Promise<Window[]> {
  const taken: Slot[] = [];
  const windows: Window[] = [];
  for (const slot of slots) {
    const window = await hit(db, clock, slot.key, slot.limit);
    if (window.count > slot.limit.max) {
      await refund(db, clock, taken);
      throw refusal(slot.key, retryAfterSeconds(window, slot.limit, clock.now()));
    }
    taken.push(slot);
    windows.push(window);
  }
  return windows;
}

/**
 * When the next event is allowed in every one of the counters just taken: now, or the end of the latest
 * window that this event filled (docs/behaviour.md#link-states, send again).
 */
export function nextAllowedAt(slots: Slot[], windows: Window[], now: Date): Date {
  let next = now.getTime();
  slots.forEach(({ limit }, index) => {
    const window = windows[index]!;
    if (window.count >= limit.max) next = Math.max(next, window.windowStart.getTime() + limit.windowMs);
  });
  return new Date(next);
}

/** Gives a slot back (the attempt turned out not to be a failure), within the window it was taken in. */
export async function refund(db: Queryable, clock: Clock, slots: Slot[]): Promise<void> {
  for (const { key, limit } of slots) {
    await db.query(
      'update rate_limits set count = greatest(count - 1, 0) where key = $1 and window_start > $2',
      [key, new Date(clock.now().getTime() - limit.windowMs)],
    );
  }
}

/** Counts one event and throws 429 if it goes over the limit. */
export async function consume(db: Queryable, clock: Clock, key: string, limit: RateLimit): Promise<void> {
  await take(db, clock, [{ key, limit }]);
}

export async function reset(db: Queryable, key: string): Promise<void> {
  await db.query('delete from rate_limits where key = $1', [key]);
}

/** Deletes every counter whose key starts with the prefix (no LIKE: an address may hold `_` or `%`). */
export async function resetPrefix(db: Queryable, prefix: string): Promise<void> {
  await db.query('delete from rate_limits where left(key, $2) = $1', [prefix, prefix.length]);
}

/**
 * The client a per-client limit counts: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber usually holds a whole /64, so counting single addresses would give them 2^64 budgets).
 * An IPv4-mapped IPv6 address counts as the IPv4 address.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  // An embedded IPv4 tail takes two groups; it only ever sits in the low 64 bits, which are dropped.
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

// The limits of this API (docs/security.md#limits) ------------------------------------------------------

const email = (address: string): string => address.toLowerCase();

/** Counter keys. A space separates address and client: neither can contain one. */
export const limitKeys = {
  signInAccountAndClient: (address: string, ip: string) =>
    `sign-in:account-client:${email(address)} ${clientKey(ip)}`,
  signInAccount: (address: string) => `sign-in:account:${email(address)}`,
  signInClient: (ip: string) => `sign-in:client:${clientKey(ip)}`,
  tokenClient: (ip: string) => `token:client:${clientKey(ip)}`,
  mailAddress: (address: string) => `mail:address:${email(address)}`,
  mailClient: (ip: string) => `mail:client:${clientKey(ip)}`,
  /** Per kind of mail: the cooldown is for sending the same mail again, not for the applicant's next step. */
  mailCooldown: (kind: MailKind, address: string) => `mail:cooldown:${kind}:${email(address)}`,
};

/** The mails a person can ask for; each has its own resend cooldown. */
export type MailKind = 'registration' | 'passwordReset' | 'emailChange';
export const mailKinds: readonly MailKind[] = ['registration', 'passwordReset', 'emailChange'];

/**
 * A password attempt for an existing account: the client's budget, the (account, client) pair's (the
 * lock that others cannot trip for the owner) and the account's ceiling. An unknown account takes only the
 * client's budget.
 */
export function passwordSlots(limits: Config['limits'], ip: string, address?: string): Slot[] {
  const client = { key: limitKeys.signInClient(ip), limit: limits.signInFailuresPerClient };
  if (address === undefined) return [client];
  return [
    client,
    { key: limitKeys.signInAccountAndClient(address, ip), limit: limits.signInFailuresPerAccountAndClient },
    { key: limitKeys.signInAccount(address), limit: limits.signInFailuresPerAccount },
  ];
}

/**
 * Every sign-in of a client takes this slot, and keeps it whatever the outcome: a right password is no
 * reason to hash without end for one address (issue 25, finding 2). Its ceiling is high, for a school or an
 * agency behind one address (docs/security.md#limits).
 */
export const signInAttemptSlot = (limits: Config['limits'], ip: string): Slot => ({
  key: signInAttemptsKey(ip),
  limit: limits.signInAttemptsPerClient,
});
const signInAttemptsKey = (ip: string) => `sign-in:attempts-client:${clientKey(ip)}`;

export const tokenSlot = (limits: Config['limits'], ip: string): Slot => ({
  key: limitKeys.tokenClient(ip),
  limit: limits.tokenFailuresPerClient,
});

/**
 * A mail request: the client's budget, the address's, and the address's resend cooldown for that kind of
 * mail (one mail of a kind per cooldown; none when MAIL_RESEND_COOLDOWN_SECONDS is 0). All are counted
 * before the address is looked up, so they tell nothing about whether an account exists
 * (docs/security.md#limits).
 */
export const mailSlots = (limits: Config['limits'], ip: string, kind: MailKind, address: string): Slot[] => [
  { key: limitKeys.mailClient(ip), limit: limits.mailsPerClient },
  { key: limitKeys.mailAddress(address), limit: limits.mailsPerAddress },
  ...(limits.mailResendCooldown.windowMs > 0
    ? [{ key: limitKeys.mailCooldown(kind, address), limit: limits.mailResendCooldown }]
    : []),
];

/**
 * Lifts every sign-in lock of an account (all its (account, client) counters and its ceiling): after a
 * password reset, since the guesses counted were guesses at a password that no longer exists.
 */
export async function resetSignInLocks(db: Queryable, address: string): Promise<void> {
  await resetPrefix(db, `sign-in:account-client:${email(address)} `);
  await reset(db, limitKeys.signInAccount(address));
}

/** Every per-client counter of a client (the provider states clear the verifier's own). */
export async function resetClientLimits(db: Queryable, ip: string): Promise<void> {
  for (const key of [limitKeys.signInClient(ip), limitKeys.tokenClient(ip), limitKeys.mailClient(ip)])
    await reset(db, key);
  await reset(db, signInAttemptsKey(ip));
}
