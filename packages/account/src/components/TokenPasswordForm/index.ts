export { TokenPasswordForm } from './TokenPasswordForm';
