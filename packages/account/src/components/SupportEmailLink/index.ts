export { SupportEmailLink } from './SupportEmailLink';
