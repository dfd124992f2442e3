import { useMemo, useSyncExternalStore } from 'react';
import type { IntlShape } from 'react-intl';

/** The three mails a "mail sent" page can send again (docs/behaviour.md#link-states, send again). */
export type MailKind = 'registration' | 'passwordReset' | 'emailChange';

/** The address a mail went to and when the server accepts the next one to it (the 202's `nextSendAllowedAt`). */
export interface SentMail {
  /** Unknown after renewing an expired link: the server never names the address (then nothing to resend to). */
  readonly email?: string;
  readonly nextSendAllowedAt: Date;
}

/**
 * Kept in sessionStorage, one entry per kind of mail, so that a reload of the "mail sent" page still knows
 * the address and the instant the countdown runs to (the instant, never the seconds left). Never in the URL.
 */
export const sentMailKey = (kind: MailKind) => `pre-admission.mailSent.${kind}`;

const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // A browser that refuses storage (a privacy setting): the page works without sending again.
    return undefined;
  }
}

/** Remembers a sent mail for its "mail sent" page. */
export function rememberSentMail(kind: MailKind, mail: SentMail): void {
  try {
    storage()?.setItem(
      sentMailKey(kind),
      JSON.stringify({ email: mail.email, nextSendAllowedAt: mail.nextSendAllowedAt.toISOString() }),
    );
  } catch {
    // Storage full or refused: the page then offers no resend, as before.
  }
  for (const listener of listeners) listener();
}

function parse(raw: string | null): SentMail | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as { email?: unknown; nextSendAllowedAt?: unknown };
    if (value.email !== undefined && typeof value.email !== 'string') return undefined;
    if (typeof value.nextSendAllowedAt !== 'string') return undefined;
    const nextSendAllowedAt = new Date(value.nextSendAllowedAt);
    if (Number.isNaN(nextSendAllowedAt.getTime())) return undefined;
    return { email: value.email, nextSendAllowedAt };
  } catch {
    return undefined;
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The sent mail of a kind, or undefined. The prerendered page (and its hydration) has none: the stored one
 * appears right after, so the server's HTML and the first client render agree.
 */
export function useSentMail(kind: MailKind): SentMail | undefined {
  const raw = useSyncExternalStore(
    subscribe,
    () => storage()?.getItem(sentMailKey(kind)) ?? null,
    () => null,
  );
  // The raw string is the snapshot (stable between renders); the parsed value changes only with it.
  return useMemo(() => parse(raw), [raw]);
}

const MINUTE = 60_000;

/**
 * What a reset request that sent no mail says (docs/security.md#already-sent): when the link went to the
 * address, and from when a new one can be requested. That instant is shown as a time without seconds, so it is
 * rounded up to the minute: "after 18:32" is then never before the server accepts the request.
 */
export function alreadySentMessage(intl: IntlShape, sentAt: Date, nextSendAllowedAt: Date): string {
  const nextAt = new Date(Math.ceil(nextSendAllowedAt.getTime() / MINUTE) * MINUTE);
  return intl.formatMessage({ id: 'account.common.linkAlreadySent' }, { sentAt, nextAt });
}
