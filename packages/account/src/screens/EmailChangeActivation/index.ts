export { EmailChangeActivation, type EmailChangeActivationProps } from './EmailChangeActivation';
