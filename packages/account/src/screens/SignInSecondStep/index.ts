export { SignInSecondStep } from './SignInSecondStep';
