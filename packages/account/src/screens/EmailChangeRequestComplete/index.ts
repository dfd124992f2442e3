export { EmailChangeRequestComplete } from './EmailChangeRequestComplete';
