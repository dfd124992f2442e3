// Issue 39 item 10: the wait in Japanese read 「15 分後」 (the browser's relative time has a space), which broke
// as 「15 分」/「後に」 on a phone; the site's style has no space between a number and Japanese.
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { messages } from '@pre-admission/i18n/all';
import { rateLimitedMessage } from './rateLimitedMessage';

const intlFor = (locale: 'ja' | 'en') => createIntl({ locale, messages: messages[locale] });

describe('rateLimitedMessage', () => {
  it('issue 39 item 10: says the wait in Japanese without a space: 「15分後」', () => {
    const text = rateLimitedMessage(intlFor('ja'), 15 * 60);
    expect(text).toContain('15分後');
    expect(text).not.toMatch(/\d\s+[分秒]/);
    expect(rateLimitedMessage(intlFor('ja'), 30)).toContain('30秒後');
  });

  it('keeps English as it is: "in 15 minutes"', () => {
    expect(rateLimitedMessage(intlFor('en'), 15 * 60)).toContain('in 15 minutes');
  });
});
