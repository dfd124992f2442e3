import { Input } from 'react-aria-components';
import { Field, type FieldProps } from '../Form/Field';
import * as formStyles from '../Form/Form.css';

export interface TextFieldProps extends Omit<FieldProps, 'spellCheck'> {
  /** docs/behaviour.md#validation: NFKC-normalise and trim on blur. Default true. */
  normalize?: boolean;
  inputMode?: 'text' | 'email' | 'numeric' | 'tel' | 'url' | 'search' | 'none' | 'decimal';
  spellCheck?: boolean;
  autoCapitalize?: 'off' | 'none' | 'on' | 'sentences' | 'words' | 'characters';
}

/** A labelled text input: validates on blur and turns full-width characters half-width. */
export function TextField({
  normalize = true,
  inputMode,
  spellCheck,
  autoCapitalize,
  ...props
}: TextFieldProps) {
  return (
    <Field {...props} normalize={normalize}>
      {() => (
        <Input
          className={formStyles.input}
          inputMode={inputMode}
          spellCheck={spellCheck}
          autoCapitalize={autoCapitalize}
        />
      )}
    </Field>
  );
}
