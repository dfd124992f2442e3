import type { IntlShape } from 'react-intl';

/** Whole seconds from `now` until `until`, rounded up, never below zero. */
export const secondsUntil = (until: Date, now: Date): number =>
  Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 1000));

/**
 * The wait, for the visible countdown and the announcements: '42 seconds' / '42秒' under a minute, else
 * minutes and seconds ('1 minute 5 seconds' / '1分5秒').
 */
export function formatWait(intl: IntlShape, seconds: number): string {
  if (seconds < 60) return intl.formatMessage({ id: 'account.mailResend.wait.seconds' }, { seconds });
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0
    ? intl.formatMessage({ id: 'account.mailResend.wait.minutes' }, { minutes })
    : intl.formatMessage({ id: 'account.mailResend.wait.minutesSeconds' }, { minutes, seconds: rest });
}
