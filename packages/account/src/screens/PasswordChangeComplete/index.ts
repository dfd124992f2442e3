export { PasswordChangeComplete } from './PasswordChangeComplete';
