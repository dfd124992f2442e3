import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lists } from './fixtures.ts';
import { requiredSchoolingYears, schooling, schoolingYears } from './schooling.ts';
import type { EducationEntryAnswers } from './types.ts';

const bachelor: EducationEntryAnswers = {
  countryId: 156,
  educationTypeId: 4,
  from: '2017-09',
  to: '2021-07',
};

describe('years of schooling (docs/behaviour.md#applications)', () => {
  it('asks 16 years for master’s and research students, 18 for doctoral, none for exchange', () => {
    expect(requiredSchoolingYears('master')).toBe(16);
    expect(requiredSchoolingYears('researchStudent')).toBe(16);
    expect(requiredSchoolingYears('doctoral')).toBe(18);
    expect(requiredSchoolingYears('exchange')).toBeUndefined();
    expect(schooling(lists, 'exchange', [])).toEqual({ years: 0, required: undefined, enough: true });
  });

  it('adds the country’s school years before a first entry at university', () => {
    // September to July: 47 months, short of 4 years by less than a summer.
    expect(schoolingYears(lists, [bachelor])).toBe(4 + 12);
    expect(schooling(lists, 'master', [bachelor])).toEqual({ years: 16, required: 16, enough: true });
    expect(schoolingYears(lists, [{ ...bachelor, countryId: 410 }])).toBe(4 + 11);
    // No country details: 12 years.
    expect(schoolingYears(lists, [{ ...bachelor, countryId: 392 }])).toBe(4 + 12);
    expect(schooling(lists, 'doctoral', [bachelor])).toEqual({ years: 16, required: 18, enough: false });
  });

  it('counts a run more than three months short of a year as the years it completes', () => {
    expect(schoolingYears(lists, [{ ...bachelor, educationTypeId: 3, from: '2017-09', to: '2018-05' }])).toBe(
      1,
    );
    expect(schoolingYears(lists, [{ ...bachelor, educationTypeId: 3, from: '2017-09', to: '2018-04' }])).toBe(
      0,
    );
  });

  it('counts from school when the first entry is not a university', () => {
    const entries: EducationEntryAnswers[] = [
      { countryId: 392, educationTypeId: 1, from: '2002-04', to: '2008-03' },
      { countryId: 392, educationTypeId: 2, from: '2008-04', to: '2011-03' },
      { countryId: 392, educationTypeId: 3, from: '2011-04', to: '2014-03' },
      { countryId: 392, educationTypeId: 4, from: '2014-04', to: '2018-03' },
    ];
    expect(schooling(lists, 'master', entries)).toEqual({ years: 16, required: 16, enough: true });
    // The list's order does not matter.
    expect(schoolingYears(lists, [...entries].reverse())).toBe(16);
  });

  it('counts a month attended twice once, and an entry still going on until the month given', () => {
    const double: EducationEntryAnswers = { ...bachelor, educationTypeId: 4, from: '2019-09', to: '2021-07' };
    expect(schoolingYears(lists, [bachelor, double])).toBe(16);
    const current: EducationEntryAnswers = { ...bachelor, to: undefined };
    expect(schoolingYears(lists, [current], '2021-07')).toBe(16);
    expect(schoolingYears(lists, [current])).toBe(12);
  });

  it('counts nothing for an entry without a valid start or ending before it starts', () => {
    expect(schoolingYears(lists, [{ ...bachelor, from: undefined }])).toBe(0);
    expect(schoolingYears(lists, [{ ...bachelor, from: '2017-13' }])).toBe(0);
    expect(schoolingYears(lists, [{ ...bachelor, to: '2016-01' }])).toBe(0);
  });

  const month = fc
    .record({ year: fc.integer({ min: 1990, max: 2030 }), month: fc.integer({ min: 1, max: 12 }) })
    .map(({ year, month }) => `${year}-${String(month).padStart(2, '0')}`);
  const entry = fc.record({
    countryId: fc.constantFrom(156, 392, 410),
    educationTypeId: fc.integer({ min: 1, max: 6 }),
    from: month,
    to: month,
  });

  it('never counts more years of school than the months spanned, and never fewer for one entry more', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), entry, (entries, more) => {
        const school = entries.map((e) => ({ ...e, educationTypeId: 1 }));
        const count = (e: typeof school) =>
          e.reduce((sum, { from, to }) => sum + Math.max(0, toMonths(to) - toMonths(from) + 1), 0);
        expect(schoolingYears(lists, school)).toBeLessThanOrEqual(
          Math.floor((count(school) + 3 * school.length) / 12),
        );
        expect(schoolingYears(lists, [...school, { ...more, educationTypeId: 1 }])).toBeGreaterThanOrEqual(
          schoolingYears(lists, school),
        );
      }),
    );
  });
});

const toMonths = (text: string) => Number(text.slice(0, 4)) * 12 + Number(text.slice(5, 7)) - 1;
