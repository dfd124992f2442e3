import type { IntlShape } from 'react-intl';

/**
 * '2分後' / 'in 2 minutes' from Retry-After's seconds; a vaguer message when there is none. The browser's
 * Japanese relative time has a space ('2 分後'), which the site's style leaves out (issue 39 item 10,
 * docs/glossary.md): on a phone it broke as '15 分' / '後に'.
 */
export function rateLimitedMessage(intl: IntlShape, retryAfter: number | undefined): string {
  if (retryAfter === undefined) return intl.formatMessage({ id: 'account.error.rateLimitedNoWait' });
  const relative =
    retryAfter < 60
      ? intl.formatRelativeTime(Math.max(retryAfter, 1), 'second')
      : intl.formatRelativeTime(Math.ceil(retryAfter / 60), 'minute');
  const time = intl.locale.startsWith('ja') ? relative.replace(/(\d)\s+(?=\S)/gu, '$1') : relative;
  return intl.formatMessage({ id: 'account.error.rateLimited' }, { time });
}
