import { describe, expect, it } from 'vitest';
import { acceptedLanguages, chooseLocale, isLocale, readLocaleCookie } from './choice';

describe('chooseLocale', () => {
  it('prefers the saved choice over the browser languages', () => {
    expect(chooseLocale('en', ['ja-JP'])).toBe('en');
    expect(chooseLocale('ja', ['en-US'])).toBe('ja');
  });

  it('ignores a saved value that is not a locale', () => {
    expect(chooseLocale('fr', ['en-GB'])).toBe('en');
  });

  it('takes the first Japanese or English browser language', () => {
    expect(chooseLocale(null, ['fr-FR', 'en-US', 'ja'])).toBe('en');
    expect(chooseLocale(null, ['zh-CN', 'JA-jp', 'en'])).toBe('ja');
  });

  it('falls back to Japanese', () => {
    expect(chooseLocale(null, [])).toBe('ja');
    expect(chooseLocale(undefined, ['ko-KR', 'zh-TW'])).toBe('ja');
  });

  it('does not take a language that merely starts with the letters', () => {
    expect(chooseLocale(null, ['jav', 'eng', 'en'])).toBe('en');
  });
});

describe('isLocale', () => {
  it('accepts only ja and en', () => {
    expect(['ja', 'en', 'fr', '', null].map(isLocale)).toEqual([true, true, false, false, false]);
  });
});

describe('the server side of the choice', () => {
  it('reads the saved language from a Cookie header and ignores anything else', () => {
    expect(readLocaleCookie('session=abc; pre-admission.locale=en; other=1')).toBe('en');
    expect(readLocaleCookie('pre-admission.locale=fr')).toBeUndefined();
    expect(readLocaleCookie('xpre-admission.locale=en')).toBeUndefined();
    expect(readLocaleCookie(undefined)).toBeUndefined();
  });

  it('orders Accept-Language by quality, keeps the header order on ties and drops q=0 and *', () => {
    expect(acceptedLanguages('fr;q=0.5, en-GB;q=0.8, ja')).toEqual(['ja', 'en-GB', 'fr']);
    expect(acceptedLanguages('zh-CN,en;q=0.9,ja;q=0.9')).toEqual(['zh-CN', 'en', 'ja']);
    expect(acceptedLanguages('ja;q=0, *;q=0.1, en')).toEqual(['en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('makes the same choice as the browser: cookie, else the first ja or en language, else Japanese', () => {
    const server = (cookie: string | undefined, header: string) =>
      chooseLocale(readLocaleCookie(cookie), acceptedLanguages(header));
    expect(server(undefined, 'zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('en');
    expect(server('pre-admission.locale=ja', 'en-US')).toBe('ja');
    expect(server(undefined, 'ko-KR')).toBe('ja');
  });
});
