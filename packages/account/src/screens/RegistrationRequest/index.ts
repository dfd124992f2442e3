export { RegistrationRequest } from './RegistrationRequest';
