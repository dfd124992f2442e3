export { AccountDeleted } from './AccountDeleted';
