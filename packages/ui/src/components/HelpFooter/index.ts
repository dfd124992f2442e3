export { HelpFooter, type HelpFooterProps } from './HelpFooter';
