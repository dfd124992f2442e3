import type { ReactNode } from 'react';
import {
  Input,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { Description, FieldError, Label } from '../Form/parts';
import { useField } from '../Form/useField';
import * as formStyles from '../Form/Form.css';

export interface TextFieldProps extends Omit<
  AriaTextFieldProps,
  | 'children'
  | 'className'
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'validate'
  | 'isInvalid'
  | 'onBlur'
  | 'spellCheck'
> {
  label: string;
  description?: ReactNode;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  /** Runs on blur and on submit; returns the error message, or nothing when valid. */
  validate?: (value: string) => string | null | undefined;
  /** An error from outside (the server); overrides `validate`. */
  errorMessage?: string;
  /** Spec 5: NFKC-normalise and trim on blur. Default true. */
  normalize?: boolean;
  inputMode?: 'text' | 'email' | 'numeric' | 'tel' | 'url' | 'search' | 'none' | 'decimal';
  spellCheck?: boolean;
  autoCapitalize?: 'off' | 'none' | 'on' | 'sentences' | 'words' | 'characters';
}

/** A labelled text input: validates on blur and turns full-width characters half-width (spec 5). */
export function TextField({
  label,
  description,
  validate,
  errorMessage,
  normalize = true,
  value,
  defaultValue,
  onChange,
  onBlur,
  id,
  name,
  inputMode,
  spellCheck,
  autoCapitalize,
  ...props
}: TextFieldProps) {
  const field = useField({
    label,
    validate,
    errorMessage,
    normalize,
    value,
    defaultValue,
    onChange,
    onBlur,
    id,
    name,
    isRequired: props.isRequired,
  });
  return (
    <AriaTextField
      {...props}
      id={field.inputId}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      isInvalid={field.error !== undefined}
      validationBehavior="aria"
      className={formStyles.field}
    >
      <Label isRequired={props.isRequired}>{label}</Label>
      {description && <Description>{description}</Description>}
      <FieldError>{field.error}</FieldError>
      <Input
        className={formStyles.input}
        inputMode={inputMode}
        spellCheck={spellCheck}
        autoCapitalize={autoCapitalize}
      />
    </AriaTextField>
  );
}
