export { MailResend } from './MailResend';
export { alreadySentMessage, rememberSentMail, type MailKind } from './sentMail';
