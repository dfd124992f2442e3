export { Registration, type RegistrationProps } from './Registration';
