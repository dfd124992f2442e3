import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button as AriaButton, Input, type KeyboardEvent } from 'react-aria-components';
import { passwordMaxLength } from '../../limits';
import { visuallyHidden } from '../../theme/shared.css';
import { Field, type FieldProps } from '../Form/Field';
import * as formStyles from '../Form/Form.css';
import * as styles from './PasswordField.css';

export interface PasswordFieldProps extends Omit<FieldProps, 'type' | 'autoComplete' | 'maxLength'> {
  /** `current-password` to sign in or confirm, `new-password` to set one (password managers rely on it). */
  autoComplete: 'current-password' | 'new-password';
}

/**
 * A password input with a show/hide toggle. Never normalised or trimmed (docs/behaviour.md#validation).
 * The password is hidden again when its form is submitted and when the page is restored from the
 * back-forward cache, so it is never left on screen. The state change and Caps Lock are announced politely.
 */
export function PasswordField({ autoComplete, onBlur, ...props }: PasswordFieldProps) {
  const intl = useIntl();
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
    <Field
      {...props}
      normalize={false}
      onBlur={() => {
        setCapsLock(false);
        onBlur?.();
      }}
      onKeyDown={trackCapsLock}
      onKeyUp={trackCapsLock}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      maxLength={passwordMaxLength}
    >
      {({ inputId }) => (
        <>
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
              aria-controls={inputId}
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
        </>
      )}
    </Field>
  );
}
