export { RegistrationRequestComplete } from './RegistrationRequestComplete';
