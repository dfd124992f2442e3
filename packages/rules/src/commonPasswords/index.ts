import { commonPasswordRefusal } from '../passwordRefusal.ts';
import { commonPasswordLines } from './list.generated.ts';

/**
 * The refused common passwords (./README.md), in lower case: a Set, so a lookup costs the same whatever the
 * list's length. Its own entry point (`@pre-admission/rules/commonPasswords`): the screens load it with a
 * dynamic import where a new password is typed, so the sign-in page's first load does not carry it.
 */
export const commonPasswords: ReadonlySet<string> = new Set(commonPasswordLines.split('\n'));

/**
 * Whether a new password is refused as common (docs/security.md#common-passwords), for the account screens:
 * what AccountContext's `loadPasswordCheck` resolves to.
 */
export const isCommonPassword = (password: string, email: string | undefined): boolean =>
  commonPasswordRefusal(password, { commonPasswords, email }) !== undefined;
