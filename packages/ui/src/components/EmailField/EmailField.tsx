import { emailMaxLength } from '../../limits';
import { TextField, type TextFieldProps } from '../TextField';

export interface EmailFieldProps extends Omit<
  TextFieldProps,
  'type' | 'normalize' | 'maxLength' | 'inputMode'
> {
  /**
   * `username` on the sign-in form so password managers pair it with the password (`username webauthn`: and
   * offer passkeys in its suggestions); else `email`.
   */
  autoComplete?: 'email' | 'username' | 'username webauthn';
}

/** An email input. docs/behaviour.md#validation: left exactly as typed on blur, never normalised or trimmed. */
export function EmailField({ autoComplete = 'email', ...props }: EmailFieldProps) {
  return (
    <TextField
      {...props}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      maxLength={emailMaxLength}
      normalize={false}
      spellCheck={false}
      autoCorrect="off"
      autoCapitalize="off"
    />
  );
}
