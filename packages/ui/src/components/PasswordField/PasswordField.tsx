import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  Button as AriaButton,
  Input,
  TextField as AriaTextField,
  type KeyboardEvent,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { visuallyHidden } from '../../theme/shared.css';
import { Description, FieldError, Label } from '../Form/parts';
import { useField } from '../Form/useField';
import * as formStyles from '../Form/Form.css';
import * as styles from './PasswordField.css';

/** Spec 9: a password input accepts at most 10000 characters (the rule itself is 8 to 100). */
export const passwordMaxLength = 10000;

export interface PasswordFieldProps extends Omit<
  AriaTextFieldProps,
  | 'children'
  | 'className'
  | 'type'
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'validate'
  | 'isInvalid'
  | 'onBlur'
  | 'autoComplete'
  | 'maxLength'
> {
  label: string;
  description?: ReactNode;
  /** `current-password` to sign in or confirm, `new-password` to set one (password managers rely on it). */
  autoComplete: 'current-password' | 'new-password';
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  validate?: (value: string) => string | null | undefined;
  errorMessage?: string;
}

/**
 * A password input with a show/hide toggle (spec 5). Never normalised or trimmed. The password is hidden again
 * when its form is submitted and when the page is restored from the back-forward cache, so it is never left
 * on screen. The state change and Caps Lock are announced politely.
 */
export function PasswordField({
  label,
  description,
  autoComplete,
  validate,
  errorMessage,
  value,
  defaultValue,
  onChange,
  onBlur,
  id,
  name,
  ...props
}: PasswordFieldProps) {
  const intl = useIntl();
  const field = useField({
    label,
    validate,
    errorMessage,
    value,
    defaultValue,
    onChange,
    onBlur,
    id,
    name,
    isRequired: props.isRequired,
    normalize: false,
  });
  const [visible, setVisible] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [capsLock, setCapsLock] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const hide = () => {
      setVisible(false);
      setAnnouncement('');
    };
    const form = inputRef.current?.form;
    form?.addEventListener('submit', hide);
    window.addEventListener('pageshow', hide);
    return () => {
      form?.removeEventListener('submit', hide);
      window.removeEventListener('pageshow', hide);
    };
  }, []);

  const toggle = () => {
    const next = !visible;
    setVisible(next);
    setAnnouncement(intl.formatMessage({ id: next ? 'ui.passwordField.shown' : 'ui.passwordField.hidden' }));
  };

  const trackCapsLock = (event: KeyboardEvent) => {
    setCapsLock(event.getModifierState?.('CapsLock') ?? false);
    // react-aria stops keyboard events at the field unless told otherwise; the form needs Enter.
    event.continuePropagation();
  };

  return (
    <AriaTextField
      {...props}
      id={field.inputId}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={() => {
        setCapsLock(false);
        field.onBlur();
      }}
      onKeyDown={trackCapsLock}
      onKeyUp={trackCapsLock}
      isInvalid={field.error !== undefined}
      validationBehavior="aria"
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      maxLength={passwordMaxLength}
      className={formStyles.field}
    >
      <Label isRequired={props.isRequired}>{label}</Label>
      {description && <Description>{description}</Description>}
      <FieldError>{field.error}</FieldError>
      <div className={styles.row}>
        <Input
          ref={inputRef}
          className={`${formStyles.input} ${styles.input}`}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
        />
        <AriaButton
          className={styles.toggle}
          onPress={toggle}
          isDisabled={props.isDisabled}
          aria-controls={field.inputId}
        >
          {intl.formatMessage({ id: visible ? 'ui.passwordField.hide' : 'ui.passwordField.show' })}
        </AriaButton>
      </div>
      <div className={styles.capsLock} role="status">
        {capsLock ? intl.formatMessage({ id: 'ui.passwordField.capsLock' }) : ''}
      </div>
      <div className={visuallyHidden} aria-live="polite">
        {announcement}
      </div>
    </AriaTextField>
  );
}
