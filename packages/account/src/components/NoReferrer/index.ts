export { NoReferrer } from './NoReferrer';
