export { RegistrationComplete } from './RegistrationComplete';
