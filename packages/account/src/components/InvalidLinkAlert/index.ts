export { InvalidLinkAlert, type Renewed } from './InvalidLinkAlert';
