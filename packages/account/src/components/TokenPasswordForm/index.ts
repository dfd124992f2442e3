export { TokenPasswordForm, type TokenPasswordFormProps } from './TokenPasswordForm';
