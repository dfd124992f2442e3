export { EmailRequestForm } from './EmailRequestForm';
