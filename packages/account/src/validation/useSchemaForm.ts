import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { z } from 'zod/mini';
import type { FormValidate } from '@pre-admission/ui';
import { fieldIssues } from './schemas';

/**
 * Binds a form to one schema of docs/behaviour.md#validation. `validate` is the ui Form's rule across
 * fields: given every value, each field's first issue, translated. The Form runs it on blur and on submit
 * and owns the values, so a rule across fields (the confirmation) is checked again when either changes.
 */
export function useSchemaForm<Values extends Record<string, string>>(schema: z.ZodMiniType<Values>) {
  const intl = useIntl();

  const validate = useCallback<FormValidate>(
    (values) => {
      const issues = fieldIssues(schema, values);
      return Object.fromEntries(
        Object.entries(issues).map(([name, id]) => [name, id && intl.formatMessage({ id })]),
      );
    },
    [intl, schema],
  );

  /** The submitted values, checked against the schema (the ui Form only submits when every field is valid). */
  const parse = useCallback((submitted: Record<string, string>) => schema.parse(submitted), [schema]);

  return { validate, parse };
}
