export { InvalidLinkAlert, type InvalidLinkAlertProps } from './InvalidLinkAlert';
