import { describe, expect, it } from 'vitest';
import { filtersFromSearch, searchOfFilters } from './filters';

describe("the list's filters in the address", () => {
  it('round-trip, leaving the defaults out', () => {
    const filters = {
      status: 'returned',
      kind: 'master',
      programme: 11,
      course: 2,
      period: '2027-april-master',
      nationality: 156,
      consent: 'notAsked',
      q: '陳 小明',
      sort: 'reference',
      page: 3,
    } as const;
    const search = searchOfFilters(filters);
    expect(search.toString()).toBe(
      'status=returned&kind=master&programme=11&course=2&period=2027-april-master&nationality=156&consent=notAsked&q=%E9%99%B3+%E5%B0%8F%E6%98%8E&sort=reference&page=3',
    );
    expect(filtersFromSearch(search)).toEqual(filters);
    expect(searchOfFilters({ sort: '-submitted', page: 1 }).toString()).toBe('');
  });

  it('drop a value that is none of the list’s, as a hand-edited link may carry', () => {
    expect(
      filtersFromSearch(
        new URLSearchParams(
          'status=draft&kind=x&programme=0&course=-1&period=A B&consent=none&page=99999&sort=name&q=%20',
        ),
      ),
    ).toEqual({});
    expect(filtersFromSearch(new URLSearchParams('nationality=704&colour=red'))).toEqual({
      nationality: 704,
    });
  });
});
