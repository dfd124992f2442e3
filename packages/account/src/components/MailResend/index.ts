export { MailResend } from './MailResend';
export { rememberSentMail, type MailKind } from './sentMail';
