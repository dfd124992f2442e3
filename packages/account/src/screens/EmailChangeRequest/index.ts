export { EmailChangeRequest } from './EmailChangeRequest';
