import { useEffect, useMemo, useState } from 'react';
import type { PasswordCheck } from '../AccountContext';
import { useAccount } from '../AccountContext';
import type { CommonPasswordCheck } from './schemas';

/** The loaded check, kept for the next screen that asks (the list is loaded once per page load). */
let loaded: PasswordCheck | undefined;

/**
 * docs/security.md#common-passwords: the common-password check of the screens where a new password is typed,
 * bound to the account's address; undefined until AccountContext's `loadPasswordCheck` has loaded it (a
 * dynamic import, so the list is off every other page's load). A failed load leaves it undefined: the
 * server refuses the same passwords with the same message.
 */
export function useCommonPasswordCheck(email: string | undefined): CommonPasswordCheck | undefined {
  const { loadPasswordCheck } = useAccount();
  const [check, setCheck] = useState(() => loaded);
  useEffect(() => {
    if (check || !loadPasswordCheck) return;
    let live = true;
    loadPasswordCheck().then(
      (value) => {
        loaded = value;
        if (live) setCheck(() => value);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [check, loadPasswordCheck]);
  return useMemo(() => check && ((password: string) => check(password, email)), [check, email]);
}

/** For stories and tests: whether the check has loaded, so a play types only once the field can refuse. */
export const isPasswordCheckLoaded = (): boolean => loaded !== undefined;
