export { MailResend, type MailResendProps } from './MailResend';
export { rememberSentMail, sentMailKey, useSentMail, type MailKind, type SentMail } from './sentMail';
