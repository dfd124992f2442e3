export { PasswordChange } from './PasswordChange';
