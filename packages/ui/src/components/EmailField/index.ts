export { EmailField, emailMaxLength, type EmailFieldProps } from './EmailField';
