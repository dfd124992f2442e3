import { useCallback, useState, useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import type { PasskeyAssertion } from '@pre-admission/api';
import { useAccount } from '../AccountContext';
import { startPasskeySignInCatalogue } from '../failures/catalogue';
import { useAccountForm } from '../failures/useAccountForm';
import { passkeyCeremony, supportsPasskeys } from './ceremony';

type Failures = ReturnType<typeof useAccountForm>['failures'];

/** The passkey button's form has no field: the button is its submit, its error summary says what failed. */
const noFields = z.object({});

/**
 * A passkey sign-in from a button (docs/security.md#passkeys): a challenge from the server, the browser's
 * dialog, then `finish` with the assertion (sign-in or the second step). A dialog the applicant closed is
 * `cancelled`, a calm message, not an error; the server's refusals and a 429 are the form's, as any form's.
 */
export function usePasskeyForm(
  context: string,
  finish: (assertion: PasskeyAssertion, failures: Failures) => Promise<void>,
) {
  const { api } = useAccount();
  const [cancelled, setCancelled] = useState(false);
  const form = useAccountForm(noFields, context, async (_values, failures) => {
    setCancelled(false);
    failures.dismissToasts();
    const options = await api.startPasskeySignIn();
    if (!options.ok) return failures.present(startPasskeySignInCatalogue[options.failure], options);
    const ceremony = await passkeyCeremony(options.data);
    if (ceremony.outcome === 'cancelled') return setCancelled(true);
    if (ceremony.outcome === 'aborted') return;
    await finish(ceremony.assertion, failures);
  });
  const clearCancelled = useCallback(() => setCancelled(false), []);
  return { ...form, cancelled, clearCancelled };
}

const unchanging = () => () => undefined;

/**
 * Whether to show passkeys: as the prerendered page has them (every recommended browser has WebAuthn), then,
 * once hydrated, whether this browser has it.
 */
export function usePasskeySupport(): boolean {
  return useSyncExternalStore(unchanging, supportsPasskeys, () => true);
}
