// docs/security.md#common-passwords: the refusals of a new password beyond the rule of its characters, on the
// list and words of @pre-admission/rules that the screens check on blur too.
import { commonPasswordRefusal } from '@pre-admission/rules';
import { commonPasswords } from '@pre-admission/rules/commonPasswords';
import { problems } from '../platform/problem.ts';

/**
 * Throws the 400 that names `field` with `common_password` when the new password is refused. Checked before
 * the password is hashed, so a refused password costs no place in the hashing queue.
 */
export function refuseCommonPassword(
  field: 'password' | 'newPassword',
  password: string,
  email: string,
): void {
  const code = commonPasswordRefusal(password, { commonPasswords, email });
  if (code) throw problems.validation([{ field, code }]);
}
