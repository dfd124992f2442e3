export { ConfirmationProvider, useConfirmed } from './Confirmation';
