export { PasswordResetRequestComplete } from './PasswordResetRequestComplete';
