import { describe, expect, it } from 'vitest';
import { chooseLocale, isLocale } from './locales';

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
