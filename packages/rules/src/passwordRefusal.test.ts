import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commonPasswords } from './commonPasswords/index.ts';
import { commonPasswordRefusal, emailWords, siteWords } from './passwordRefusal.ts';

const listed = [...commonPasswords];
const rule = /^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]{8,100}$/;

/** A listed password with each letter's case chosen at random. */
const recased = fc
  .tuple(fc.constantFrom(...listed), fc.infiniteStream(fc.boolean()))
  .map(([password, upper]) => [...password].map((c) => (upper.next().value ? c.toUpperCase() : c)).join(''));

describe('the list of refused common passwords (docs/security.md#common-passwords)', () => {
  it('holds at least the 10,000 most common passwords the site’s rule lets through, in lower case', () => {
    expect(commonPasswords.size).toBeGreaterThanOrEqual(10_000);
    for (const password of commonPasswords) {
      expect(password).toMatch(rule);
      expect(password).toBe(password.toLowerCase());
    }
  });

  it.each(['password1', 'Passw0rd', 'abc12345', 'qwerty123', 'iloveyou1', '12345678a', 'aaaaaaa1'])(
    'refuses %s (issue 25, finding 3)',
    (password) => {
      expect(commonPasswordRefusal(password, { commonPasswords })).toBe('common_password');
    },
  );

  it('refuses every listed password whatever the case of its letters', () => {
    fc.assert(
      fc.property(recased, (password) => {
        expect(commonPasswordRefusal(password, { commonPasswords })).toBe('common_password');
      }),
    );
  });

  it('refuses any password containing a word of the site, in any case, with anything around it', () => {
    const around = fc.stringMatching(/^[A-Za-z0-9]{0,10}$/);
    fc.assert(
      fc.property(
        around,
        fc.constantFrom(...siteWords),
        around,
        fc.boolean(),
        (before, word, after, upper) => {
          const password = `${before}${upper ? word.toUpperCase() : word}${after}1`;
          expect(commonPasswordRefusal(password, { commonPasswords })).toBe('common_password');
        },
      ),
    );
  });

  it('refuses the words of the applicant’s own address, and only runs of four letters or more', () => {
    const email = 'Yamada.Taro1990@example.ac.jp';
    expect(emailWords(email)).toEqual(['yamada', 'taro']);
    expect(emailWords('li.wu@example.com')).toEqual([]);
    expect(commonPasswordRefusal('TaroY1990x', { commonPasswords, email })).toBe('common_password');
    expect(commonPasswordRefusal('1990YAMADAq', { commonPasswords, email })).toBe('common_password');
    // The same password for someone else: the address's words are this applicant's only.
    expect(commonPasswordRefusal('TaroY1990x', { commonPasswords, email: 'li.wu@example.com' })).toBe(
      undefined,
    );
    // The domain is not the applicant's: "example" alone is not refused.
    expect(commonPasswordRefusal('example7Kq2vW', { commonPasswords, email })).toBe(undefined);
  });

  it('lets through a random password of 12 letters and digits (the site’s own example too)', () => {
    const strong = fc
      .stringMatching(/^[A-Za-z0-9]{12}$/)
      .filter((p) => /[A-Za-z]/.test(p) && /[0-9]/.test(p))
      .filter((p) => !siteWords.some((word) => p.toLowerCase().includes(word)));
    fc.assert(
      fc.property(strong, (password) => {
        expect(commonPasswordRefusal(password, { commonPasswords })).toBe(undefined);
      }),
    );
    expect(commonPasswordRefusal('Passw0rd2026', { commonPasswords })).toBe(undefined);
  });
});
