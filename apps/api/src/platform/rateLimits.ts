// Fixed-window counters in the database, so several server processes share them. A password or token
// attempt is counted BEFORE the work it guards (the hash, the token lookup); a mail is counted in the
// transaction that writes it to the outbox, so only a mail that is sent spends a budget. One statement counts
// and returns, so any number of parallel requests get at most `max` slots between them, whatever the process.
import { isIPv6 } from 'node:net';
import type { Clock } from './clock.ts';
import type { Config, RateLimit } from './config.ts';
import type { Queryable } from './db.ts';
import { problems, type HttpProblem } from './problem.ts';
import { linkKinds, type LinkKind } from '../account/tokens.ts';

interface Window {
  count: number;
  windowStart: Date;
}

/** One counter and its limit; a slot taken in it can be given back (refund) in the same window. */
export interface Slot {
  key: string;
  limit: RateLimit;
  /**
   * False for a counter the event adds to without being refused by it (a reset mail counts toward its
   * mailbox and the site, but only its own account's budget refuses it: docs/security.md#locked-out).
   */
  refuses?: boolean;
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

/** The key's window while it lasts, without counting (a read); undefined when there is none or it has passed. */
async function currentWindow(
  db: Queryable,
  clock: Clock,
  key: string,
  limit: RateLimit,
): Promise<Window | undefined> {
  const rows = await db.query<{ count: number; window_start: Date }>(
    'select count, window_start from rate_limits where key = $1',
    [key],
  );
  const window = rows[0] && { count: Number(rows[0].count), windowStart: new Date(rows[0].window_start) };
  if (!window || window.windowStart.getTime() + limit.windowMs <= clock.now().getTime()) return undefined;
  return window;
}

/** Throws 429 when the key's window is full, without counting (a read). */
export async function assertUnderLimit(
  db: Queryable,
  clock: Clock,
  key: string,
  limit: RateLimit,
): Promise<void> {
  const window = await currentWindow(db, clock, key, limit);
  if (window && window.count >= limit.max) throw refusal(key, retryAfterSeconds(window, limit, clock.now()));
}

/**
 * After `spend` refused a mail with the resend cooldown (the first of `mailSlots`): whether the cooldown alone
 * refuses it, read without counting (docs/security.md#already-sent). Throws the 429 of any other counter of
 * `slots` that would refuse it (the account's reset budget, the client's); otherwise returns when the mail
 * that started the cooldown was sent (the window's start: the cooldown holds one mail, and only a mail sent
 * starts it) and when the cooldown ends. Undefined when the cooldown has ended meanwhile.
 */
export async function refusedOnlyByCooldown(
  db: Queryable,
  clock: Clock,
  slots: Slot[],
): Promise<{ sentAt: Date; nextSendAllowedAt: Date } | undefined> {
  const [cooldown, ...others] = slots;
  if (!cooldown?.key.startsWith('mail:cooldown:')) return undefined;
  for (const slot of others)
    if (slot.refuses !== false) await assertUnderLimit(db, clock, slot.key, slot.limit);
  const window = await currentWindow(db, clock, cooldown.key, cooldown.limit);
  if (!window || window.count < cooldown.limit.max) return undefined;
  return {
    sentAt: window.windowStart,
    nextSendAllowedAt: new Date(window.windowStart.getTime() + cooldown.limit.windowMs),
  };
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
 * Takes one slot in each counter, in order, inside the caller's transaction, and throws 429 at the first
 * full one that refuses: the caller's rollback then gives back what was taken. Counted in the transaction
 * that does the work (writes the mail to the outbox), so only work that is done spends a slot, and each
 * counter's row stays locked until the commit: parallel requests cannot take more than the limit between
 * them. Every caller must list the counters in the same order of kinds (mailSlots), or two transactions
 * could each hold the row the other waits for.
 */
export async function spend(tx: Queryable, clock: Clock, slots: Slot[]): Promise<Window[]> {
  const windows: Window[] = [];
  for (const slot of slots) {
    const window = await hit(tx, clock, slot.key, slot.limit);
    if (slot.refuses !== false && window.count > slot.limit.max)
      throw refusal(slot.key, retryAfterSeconds(window, slot.limit, clock.now()));
    windows.push(window);
  }
  return windows;
}

/**
 * When the next event is allowed in every one of the counters just taken that can refuse it: now, or the
 * end of the latest window that this event filled (docs/behaviour.md#link-states, send again).
 */
export function nextAllowedAt(slots: Slot[], windows: Window[], now: Date): Date {
  let next = now.getTime();
  slots.forEach(({ limit, refuses }, index) => {
    const window = windows[index]!;
    if (refuses !== false && window.count >= limit.max)
      next = Math.max(next, window.windowStart.getTime() + limit.windowMs);
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

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address reaches, for the mail limits (docs/security.md#limits): lower case, the `+tag` of
 * the local part removed, and for Gmail (gmail.com and googlemail.com, one service) the dots of the local part
 * removed and the domain written gmail.com. Gmail delivers every such spelling to one inbox; elsewhere a dot
 * may tell two people apart, so it stays. Only counter keys use this: the address is stored and mailed as
 * typed.
 */
export function mailbox(address: string): string {
  const lower = address.toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) {
    domain = 'gmail.com';
    local = local.replaceAll('.', '') || local;
  }
  return `${local}@${domain}`;
}

/** Counter keys. A space separates address and client: neither can contain one. */
export const limitKeys = {
  /**
   * An account's keys take its realm's prefix (account/realm.ts: '' for applicants, `staff-` for staff), so that
   * a staff account and an applicant's of the same address never share a counter (docs/security.md#staff).
   */
  signInAccountAndClient: (address: string, ip: string, realmPrefix = '') =>
    `${realmPrefix}sign-in:account-client:${email(address)} ${clientKey(ip)}`,
  signInAccount: (address: string, realmPrefix = '') => `${realmPrefix}sign-in:account:${email(address)}`,
  signInClient: (ip: string) => `sign-in:client:${clientKey(ip)}`,
  tokenClient: (ip: string) => `token:client:${clientKey(ip)}`,
  passkeyChallengesClient: (ip: string) => `passkey:challenges-client:${clientKey(ip)}`,
  /** Registration and e-mail-change mails to a mailbox (every spelling of it); reset mails count too. */
  mailMailbox: (address: string) => `mail:mailbox:${mailbox(address)}`,
  /** Reset mails to an account, by its address as stored (only an account gets one: no spelling is free). */
  mailAccount: (address: string) => `mail:reset:${email(address)}`,
  mailClient: (ip: string) => `mail:client:${clientKey(ip)}`,
  /** Every mail the site sends because someone asked for one. */
  mailSite: () => 'mail:site',
  /**
   * Per kind of mail: the cooldown is for sending the same mail again, not for the applicant's next step.
   * A reset's is the account's; the others' the mailbox's.
   */
  mailCooldown: (kind: LinkKind, address: string) =>
    `mail:cooldown:${kind}:${kind === 'passwordReset' ? email(address) : mailbox(address)}`,
  /** Every change to an account's applications, by the account's row id (docs/security.md#applications). */
  applicationWrites: (accountId: string) => `application:account:${accountId}`,
  /** Every upload an account starts (issue 38), by the account's id. */
  uploadAccount: (accountId: string) => `upload:account:${accountId}`,
  /** The account archives an account downloads (issue 42), by the account's id. */
  accountArchive: (accountId: string) => `archive:account:${accountId}`,
  /** The deletions an account asks for (issue 42), by the account's id. */
  accountDeletion: (accountId: string) => `deletion:account:${accountId}`,
  /** A staff member's returns, decisions and notes (issue 40), by the staff account's id. */
  deskWrites: (staffId: string) => `staff-desk:account:${staffId}`,
};

/**
 * A password attempt for an existing account: the client's budget, the (account, client) pair's (the
 * lock that others cannot trip for the owner) and the account's ceiling. An unknown account takes only the
 * client's budget.
 */
export function passwordSlots(
  limits: Config['limits'],
  ip: string,
  address?: string,
  realmPrefix = '',
): Slot[] {
  const client = { key: limitKeys.signInClient(ip), limit: limits.signInFailuresPerClient };
  if (address === undefined) return [client];
  return [
    client,
    {
      key: limitKeys.signInAccountAndClient(address, ip, realmPrefix),
      limit: limits.signInFailuresPerAccountAndClient,
    },
    { key: limitKeys.signInAccount(address, realmPrefix), limit: limits.signInFailuresPerAccount },
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
 * The counters a requested mail spends (docs/security.md#limits), taken by `spend` in the transaction that
 * writes it to the outbox, after the address was looked up: a request that sends nothing spends nothing.
 * Always in this order of kinds (cooldown, account, mailbox, client, site), so that no two transactions wait
 * for each other's rows.
 *
 * A registration or e-mail-change mail (to an address that may be nobody's) is refused by the mailbox's
 * cooldown, the mailbox's budget, the client's and the site's ceiling. A reset mail goes only to an account's
 * own mailbox and is the owner's way back: it is refused only by the account's cooldown and reset budget
 * (both filled by reset mails of that account alone, so when they refuse, the newest of those mails is still
 * live in the owner's mailbox) and by the client's budget; it counts toward the mailbox and the site without
 * being refused by them, so others cannot take it away by spending those (docs/security.md#locked-out).
 */
export function mailSlots(limits: Config['limits'], ip: string, kind: LinkKind, address: string): Slot[] {
  const reset = kind === 'passwordReset';
  return [
    ...(limits.mailResendCooldown.windowMs > 0
      ? [{ key: limitKeys.mailCooldown(kind, address), limit: limits.mailResendCooldown }]
      : []),
    ...(reset ? [{ key: limitKeys.mailAccount(address), limit: limits.resetMailsPerAccount }] : []),
    { key: limitKeys.mailMailbox(address), limit: limits.mailsPerAddress, refuses: !reset },
    { key: limitKeys.mailClient(ip), limit: limits.mailsPerClient },
    { key: limitKeys.mailSite(), limit: limits.mailsPerSite, refuses: !reset },
  ];
}

/** Clears an address's mail counters: its cooldowns, its mailbox's and account's budgets (provider states). */
export async function resetMailLimits(db: Queryable, address: string): Promise<void> {
  await reset(db, limitKeys.mailMailbox(address));
  await reset(db, limitKeys.mailAccount(address));
  for (const kind of linkKinds) await reset(db, limitKeys.mailCooldown(kind, address));
}

/**
 * Lifts every sign-in lock of an account (all its (account, client) counters and its ceiling): after a
 * password reset, since the guesses counted were guesses at a password that no longer exists.
 */
export async function resetSignInLocks(db: Queryable, address: string): Promise<void> {
  await resetPrefix(db, `sign-in:account-client:${email(address)} `);
  await reset(db, limitKeys.signInAccount(address));
}
