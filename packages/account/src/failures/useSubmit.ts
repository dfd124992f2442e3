import { useCallback, useRef, useState } from 'react';
import { useAccount } from '../AccountContext';

/**
 * Runs a form's request: `pending` while it is in flight (the submit button shows it), and a second send
 * while one is in flight is ignored (docs/behaviour.md#validation), whether it comes from a click, Enter or a script. A failure
 * the screen does not map is thrown by the adapter and goes to `onThrown`, by default the app's
 * `reportError` (docs/behaviour.md#error-catalogue: "other errors are rethrown").
 */
export function useSubmit<Args extends unknown[]>(
  action: (...args: Args) => Promise<void>,
  onThrown?: (error: unknown) => void,
) {
  const { reportError } = useAccount();
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);

  const submit = useCallback(
    async (...args: Args) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setPending(true);
      try {
        await action(...args);
      } catch (error) {
        (onThrown ?? reportError)(error);
      } finally {
        inFlight.current = false;
        setPending(false);
      }
    },
    [action, onThrown, reportError],
  );

  return { submit, pending };
}
