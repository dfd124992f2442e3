export { AccountData } from './AccountData';
