/**
 * docs/security.md#common-passwords: a new password that fits the rule of its characters is still refused when
 * it is one of the most common passwords, or contains a word an attacker would try first against this site
 * and this applicant. Shared by the screens (on blur) and the server (openapi.yaml FieldError codes).
 */

/** Why a new password is refused beyond its characters: the `code` of the 400's field error. */
export type PasswordRefusal = 'common_password' | 'same_as_current';

/**
 * Words of the site itself: its name (docs/glossary.md: Pre-admission Support for International Applicants)
 * and what a password field is called. The university's name belongs here too once the site names it
 * (the product names no university yet: its addresses are example.ac.jp).
 */
export const siteWords: readonly string[] = [
  'preadmission',
  'admission',
  'support',
  'international',
  'applicant',
  'password',
];

/**
 * Shorter runs are left out: a three-letter run ("tom", "abc") is in too many good passwords to refuse them
 * all, and the list already holds the common short ones.
 */
const minWordLength = 4;

/** The words of an e-mail address's local part: its runs of at least four letters, in lower case. */
export function emailWords(email: string | undefined): string[] {
  const local = email?.slice(0, Math.max(email.lastIndexOf('@'), 0)) ?? '';
  return (local.toLowerCase().match(/[a-z]+/g) ?? []).filter((word) => word.length >= minWordLength);
}

export interface PasswordContext {
  /** The refused common passwords, in lower case (`@pre-admission/rules/commonPasswords`). */
  readonly commonPasswords: ReadonlySet<string>;
  /** The account's e-mail address, whose local part's words are refused too. */
  readonly email?: string | undefined;
}

/**
 * `common_password` when the new password, in lower case, is on the list or contains a word of the site or
 * of the address; otherwise undefined. In lower case because a guesser tries `Password1` and `PASSWORD1`
 * right after `password1`: a change of case costs an attacker almost nothing, so it must not get a
 * listed password through (ASVS 5.0 6.2.4 asks for the list "that match the password policy", not for
 * exact spellings).
 */
export function commonPasswordRefusal(
  password: string,
  { commonPasswords, email }: PasswordContext,
): 'common_password' | undefined {
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower)) return 'common_password';
  for (const word of [...siteWords, ...emailWords(email)]) {
    if (lower.includes(word)) return 'common_password';
  }
  return undefined;
}
