export { AccountUsername, NewPasswordFields } from './NewPasswordFields';
