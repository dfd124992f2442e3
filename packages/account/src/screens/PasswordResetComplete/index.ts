export { PasswordResetComplete } from './PasswordResetComplete';
