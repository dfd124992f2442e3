export { ConfirmationProvider, useConfirmed, type Confirmed } from './Confirmation';
