export { InvalidLinkAlert, supersededLinkText, type Renewed } from './InvalidLinkAlert';
