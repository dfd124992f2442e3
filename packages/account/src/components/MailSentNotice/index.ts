export { MailSentNotice } from './MailSentNotice';
