export { InvalidLinkAlert, type InvalidLinkAlertProps, type Renewed } from './InvalidLinkAlert';
