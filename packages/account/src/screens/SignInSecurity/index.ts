export { SignInSecurity } from './SignInSecurity';
