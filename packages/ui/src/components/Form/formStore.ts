import type { ErrorSummaryItem } from '../ErrorSummary';
import { normalizeText } from './normalize';

export type FormValues = Record<string, string>;

/** Rules across the whole form (the account kit's zod schemas): each field's first error, by name. */
export type FormValidate = (values: Readonly<FormValues>) => Readonly<Record<string, string | undefined>>;

export interface FieldEntry {
  name: string;
  inputId: string;
  label: string;
  /** docs/behaviour.md#validation: NFKC and trim on blur; never in e-mail and password fields. */
  normalize: boolean;
  /** The field's own rules (required, its `validate`): an error, or nothing. */
  check: (value: string) => string | undefined;
  /** Told when normalisation changed the value. */
  normalised: (value: string) => void;
}

/**
 * The one owner of a form's state: values, errors (its own and the server's), which fields have been
 * checked, and the error summary of the last submit. `Form` makes one per form; a field outside a form
 * makes its own. React reads it through `subscribe` and the getters (useSyncExternalStore).
 */
export function createFormStore(serverErrors: Readonly<FormValues> = {}) {
  let fields: readonly FieldEntry[] = [];
  let validate: FormValidate | undefined;
  const values: FormValues = {};
  const errors: Record<string, string | undefined> = {};
  let server: Record<string, string> = { ...serverErrors };
  /** Fields checked at least once (left, or submitted): their errors follow the other fields' changes. */
  const checked = new Set<string>();
  /** The last submit's summary; `name` is the field an item is about. */
  let summary: ReadonlyArray<ErrorSummaryItem & { name?: string }> = [];
  let attempt = 0;
  let version = 0;
  const listeners = new Set<() => void>();
  const emit = () => {
    version += 1;
    for (const listener of listeners) listener();
  };

  /** Every field's value, '' for one not typed in yet: the form's rules see the whole form. */
  const allValues = (): FormValues => ({
    ...Object.fromEntries(fields.map(({ name }) => [name, ''])),
    ...values,
  });
  const errorOf = (entry: FieldEntry): string | undefined =>
    entry.check(values[entry.name] ?? '') ?? validate?.(allValues())[entry.name] ?? undefined;

  /** Normalises where the field does, and checks it and every field checked before (rules across fields). */
  const commit = (name: string) => {
    const entry = fields.find((field) => field.name === name);
    if (!entry) return;
    const before = values[name] ?? '';
    if (entry.normalize && normalizeText(before) !== before) {
      values[name] = normalizeText(before);
      entry.normalised(values[name]);
    }
    checked.add(name);
    for (const field of fields) if (checked.has(field.name)) errors[field.name] = errorOf(field);
  };

  /** The summary of one submit: each field's error in page order, then errors about fields the form lacks. */
  const summarise = (found: Readonly<Record<string, string | undefined>>) => [
    ...fields.flatMap(({ name, inputId, label }) => {
      const message = found[name];
      return message ? [{ message, fieldId: inputId, label, name }] : [];
    }),
    ...Object.entries(found)
      .filter(([name, message]) => message && !fields.some((field) => field.name === name))
      .map(([, message]) => ({ message: message as string, fieldId: undefined })),
  ];

  // Validation on blur changes the layout (an error line comes or goes). A field blurs on the pointerdown
  // of the next thing pressed, so a change then would move that thing (the submit button) from under the
  // pointer before pointerup, and its click would be lost: while a pointer is pressed, the check waits
  // for the release and its click.
  let pressed = false;
  const waiting: Array<() => void> = [];

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
    valueOf: (name: string): string | undefined => values[name],
    errorOf: (name: string): string | undefined => errors[name] ?? server[name],
    /**
     * Which fields the summary lists changes only at a submit (Form.tsx says why), but an item says what its
     * field says now (defect 5): a field changed to a value with another error shows that error in both
     * places. A field corrected since keeps its last error here until the next submit.
     */
    summary: (): { summary: ErrorSummaryItem[]; attempt: number } => ({
      summary: summary.map(({ name, ...item }) => {
        const now = name === undefined ? undefined : (errors[name] ?? server[name]);
        return { ...item, message: now ?? item.message };
      }),
      attempt,
    }),

    setValidate(next: FormValidate | undefined) {
      validate = next;
    },

    /** In page (mount) order; returns the unregistration. */
    register(entry: FieldEntry, defaultValue: string | undefined) {
      if (values[entry.name] === undefined && defaultValue !== undefined) values[entry.name] = defaultValue;
      const at = fields.findIndex(({ name }) => name === entry.name);
      fields = at === -1 ? [...fields, entry] : fields.map((old, index) => (index === at ? entry : old));
      return () => {
        fields = fields.filter((field) => field !== entry);
      };
    },

    /** Typing: the server's error about the field no longer applies. */
    change(name: string, value: string) {
      values[name] = value;
      if (name in server) {
        const { [name]: _gone, ...rest } = server;
        server = rest;
      }
      emit();
    },

    /** Leaving a field (after any pointer press has been released). */
    blur(name: string) {
      const run = () => {
        commit(name);
        emit();
      };
      if (pressed) waiting.push(run);
      else run();
    },

    /** Checks every field; the values (normalised) when all are valid, else null and the summary shows. */
    submit(formData: Readonly<FormValues>): FormValues | null {
      for (const field of fields) commit(field.name);
      server = {};
      summary = summarise(errors);
      const result = summary.length === 0 ? { ...formData, ...values } : null;
      if (!result) attempt += 1;
      emit();
      return result;
    },

    /** New errors from the server replace the old ones and count as a failed submit (the summary focuses). */
    setServerErrors(next: Readonly<FormValues> | undefined) {
      server = { ...next };
      summary = summarise(server);
      if (summary.length > 0) attempt += 1;
      emit();
    },

    /** Watches the pointer on `target` (the document) while the form is mounted; returns the cleanup. */
    watchPointer(target: Document) {
      const press = () => (pressed = true);
      const release = () => {
        if (!pressed) return;
        pressed = false;
        // After the click event of this press has been dispatched.
        setTimeout(() => {
          for (const task of waiting.splice(0)) task();
        });
      };
      target.addEventListener('pointerdown', press, true);
      target.addEventListener('pointerup', release, true);
      target.addEventListener('pointercancel', release, true);
      return () => {
        target.removeEventListener('pointerdown', press, true);
        target.removeEventListener('pointerup', release, true);
        target.removeEventListener('pointercancel', release, true);
      };
    },
  };
}

export type FormStore = ReturnType<typeof createFormStore>;
