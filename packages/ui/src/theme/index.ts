import './global.css';

export { vars } from './vars.css';
export { focusRing, heading, paragraph, visuallyHidden } from './shared.css';
export * as tokens from './tokens';
export { contrastRatio } from './contrast';
