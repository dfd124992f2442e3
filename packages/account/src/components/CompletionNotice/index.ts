export { CompletionNotice } from './CompletionNotice';
