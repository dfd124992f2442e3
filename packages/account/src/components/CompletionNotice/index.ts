export { CompletionNotice, type CompletionNoticeProps } from './CompletionNotice';
