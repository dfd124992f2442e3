import { describe, expect, it } from 'vitest';
import { plainWords } from './pseudoCheck';

describe('the pseudo-locale check’s plain words (issue 38)', () => {
  it('takes a reference number for the code it is, hyphenated or spaced', () => {
    expect(plainWords('[Ýöûŕ ñûɱƀéŕ] M27-4KX7-9QF2')).toEqual([]);
    expect(plainWords('M27 4KX7 9QF2')).toEqual([]);
    expect(plainWords('Your number M27 4KX7 9QF2')).toEqual(['Your', 'number']);
  });

  it('takes a date Intl wrote in English with its short weekday and time zone', () => {
    expect(plainWords('[Îñ ýöûŕ ţîɱé žöñé: Fri, January 15, 2027 at 11:15 GMT+8.]')).toEqual([]);
  });
});
