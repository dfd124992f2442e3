import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { plannerMessages } from '@pre-admission/i18n/planner';
import type { CompiledCatalogue } from '@pre-admission/i18n';
import { countryOptions, universityName } from './names';
import { countries } from './testing/fixtures';

const intlIn = (locale: 'ja' | 'en') =>
  createIntl({ locale, messages: plannerMessages[locale] as CompiledCatalogue, defaultLocale: 'ja' });

describe('the names of the lists (issue 38 item 6)', () => {
  it('tells apart two countries of the same name, and leaves the others as they are', () => {
    const english = countryOptions(countries, intlIn('en')).map((country) => country.name);
    expect(english).toContain('Congo (COG)');
    expect(english).toContain('Congo (COD)');
    expect(english).toContain('China');
    expect(new Set(english).size).toBe(english.length);
    const japanese = countryOptions(countries, intlIn('ja')).map((country) => country.name);
    expect(japanese).toContain('コンゴ共和国');
    expect(japanese).toContain('コンゴ民主共和国');
  });

  it('says in Japanese that a university has an English name only', () => {
    expect(universityName(intlIn('ja'), { name: 'Peking University' })).toBe(
      'Peking University（英語名のみ）',
    );
    expect(universityName(intlIn('en'), { name: 'Peking University' })).toBe('Peking University');
  });
});
