export { PasswordField, passwordMaxLength, type PasswordFieldProps } from './PasswordField';
