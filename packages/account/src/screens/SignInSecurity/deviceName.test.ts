import { describe, expect, it } from 'vitest';
import { describeDevice } from './deviceName';

describe('describeDevice', () => {
  it.each([
    [
      'Chrome on Android',
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      { browser: 'Chrome', os: 'Android' },
    ],
    [
      'Safari on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      { browser: 'Safari', os: 'iOS' },
    ],
    [
      'Edge on Windows, which also says Chrome and Safari',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      { browser: 'Edge', os: 'Windows' },
    ],
    [
      'Firefox on macOS',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
      { browser: 'Firefox', os: 'macOS' },
    ],
    ['nothing it knows', 'curl/8.0', { browser: undefined, os: undefined }],
  ])('reads %s from the user agent', (_what, userAgent, expected) => {
    expect(describeDevice({ userAgent })).toEqual(expected);
  });

  it('prefers Client Hints, past the grease brand and Chromium', () => {
    const userAgentData = {
      brands: [{ brand: 'Not(A:Brand' }, { brand: 'Chromium' }, { brand: 'Google Chrome' }],
      platform: 'Chrome OS',
    };
    expect(describeDevice({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', userAgentData })).toEqual({
      browser: 'Chrome',
      os: 'ChromeOS',
    });
  });

  it('treats an empty platform hint as unknown', () => {
    expect(describeDevice({ userAgent: '', userAgentData: { brands: [], platform: '' } })).toEqual({
      browser: undefined,
      os: undefined,
    });
  });
});
