import type { z } from 'zod/mini';
import type { FormValues } from '@pre-admission/ui';
import { useAccount } from '../AccountContext';
import { useSchemaForm } from '../validation/useSchemaForm';
import { useFailures } from './useFailures';
import { useSubmit } from './useSubmit';

type Failures = ReturnType<typeof useFailures>;

/**
 * One account form's wiring: the schema's validation, the failures it presents and the single request in
 * flight (./useSubmit.ts). `action` gets the parsed values; `formProps` goes on the ui `Form` as it is.
 * A request that got no answer or failed on our side is said in the form's error summary; with
 * `onlyLogged`, any other thrown failure is logged rather than reported (docs/behaviour.md#error-catalogue).
 */
export function useAccountForm<Values extends Record<string, string>>(
  schema: z.ZodMiniType<Values>,
  context: string,
  action: (values: Values, failures: Failures) => Promise<void>,
  { onlyLogged = false }: { onlyLogged?: boolean } = {},
) {
  const form = useSchemaForm(schema);
  const failures = useFailures(context);
  const { reportError } = useAccount();
  const { presentInForm, logOrReport } = failures;
  const { submit, pending } = useSubmit(
    (values: FormValues) => action(form.parse(values), failures),
    // No answer or a 5xx: the form's summary (issue 27); anything else as the catalogue says.
    (error) => {
      if (presentInForm(error)) return;
      if (onlyLogged) logOrReport(error);
      else reportError(error);
    },
  );
  const formProps = {
    onSubmit: (values: FormValues) => void submit(values),
    validate: form.validate,
    errors: failures.errors,
  };
  return { failures, pending, formProps };
}
