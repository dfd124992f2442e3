import type { z } from 'zod/mini';
import type { FormValues } from '@pre-admission/ui';
import { useSchemaForm } from '../validation/useSchemaForm';
import { useFailures } from './useFailures';
import { useSubmit } from './useSubmit';

type Failures = ReturnType<typeof useFailures>;

/**
 * One account form's wiring: the schema's validation, the failures it presents and the single request in
 * flight (./useSubmit.ts). `action` gets the parsed values; `formProps` goes on the ui `Form` as it is.
 * With `onlyLogged`, a thrown failure is logged rather than reported (docs/behaviour.md#error-catalogue).
 */
export function useAccountForm<Values extends Record<string, string>>(
  schema: z.ZodMiniType<Values>,
  context: string,
  action: (values: Values, failures: Failures) => Promise<void>,
  { onlyLogged = false }: { onlyLogged?: boolean } = {},
) {
  const form = useSchemaForm(schema);
  const failures = useFailures(context);
  const { submit, pending } = useSubmit(
    (values: FormValues) => action(form.parse(values), failures),
    onlyLogged ? failures.logOrReport : undefined,
  );
  const formProps = {
    onSubmit: (values: FormValues) => void submit(values),
    validate: form.validate,
    errors: failures.errors,
  };
  return { failures, pending, formProps };
}
