import { useCallback, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { z } from 'zod/mini';
import { fieldIssue } from './schemas';

/**
 * Binds a form's fields to one spec 5 schema. `field(name)` gives the `name`, `onChange` and `validate` props
 * of a ui field: the ui Form runs `validate` on blur and on submit (spec 5: validate on blur), and the whole
 * schema sees every current value, so a rule across fields (the confirmation) works on a single field.
 */
export function useSchemaForm<Values extends Record<string, string>>(schema: z.ZodMiniType<Values>) {
  const intl = useIntl();
  const values = useRef<Record<string, string>>({});

  const field = useCallback(
    (name: keyof Values & string) => ({
      name,
      onChange: (value: string) => {
        values.current[name] = value;
      },
      validate: (value: string) => {
        values.current[name] = value;
        const id = fieldIssue(schema, values.current, name);
        return id ? intl.formatMessage({ id }) : undefined;
      },
    }),
    [intl, schema],
  );

  /** The submitted values, checked against the schema (the ui Form only submits when every field is valid). */
  const parse = useCallback((submitted: Record<string, string>) => schema.parse(submitted), [schema]);

  return { field, parse };
}
