import type { ReactNode } from 'react';
import { TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { Description, FieldError, Label } from './parts';
import { useField } from './useField';
import * as styles from './Form.css';

/** What every public field (text, e-mail, password) takes from its screen. */
export interface FieldProps extends Omit<
  AriaTextFieldProps,
  'children' | 'className' | 'value' | 'defaultValue' | 'onChange' | 'validate' | 'isInvalid' | 'onBlur'
> {
  label: string;
  description?: ReactNode;
  defaultValue?: string;
  /** Told of every change of the value, typed or normalised on blur. */
  onChange?: (value: string) => void;
  onBlur?: () => void;
  /** Runs on blur and on submit; returns the error message, or nothing when valid. */
  validate?: (value: string) => string | null | undefined;
  /** An error from outside; overrides `validate`. */
  errorMessage?: string;
}

/**
 * The one private field the public ones are made of: label (with the required tag), description, error
 * (wired by aria-describedby), the value and error from the form's store, and the normalise-on-blur policy
 * of docs/behaviour.md#validation, which the public field chooses. The public field adds its input.
 */
export function Field({
  description,
  children,
  ...options
}: FieldProps & { normalize: boolean; children: (field: { inputId: string }) => ReactNode }) {
  // The field's own options go to the store; the rest (isRequired, autoComplete, …) to react-aria's field.
  const field = useField(options);
  const {
    label,
    validate: _validate,
    errorMessage: _errorMessage,
    normalize: _normalize,
    defaultValue: _defaultValue,
    onChange: _onChange,
    onBlur: _onBlur,
    id: _id,
    name: _name,
    ...props
  } = options;
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
      className={styles.field}
    >
      <Label isRequired={props.isRequired}>{label}</Label>
      {description && <Description>{description}</Description>}
      <FieldError>{field.error}</FieldError>
      {children({ inputId: field.inputId })}
    </AriaTextField>
  );
}
