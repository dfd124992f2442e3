export { PasswordResetRequest } from './PasswordResetRequest';
