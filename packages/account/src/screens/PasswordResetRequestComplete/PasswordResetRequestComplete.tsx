import { MailSentNotice } from '../../components/MailSentNotice';

/** `/password-reset-request-complete` (docs/behaviour.md#routes): the mail with the reset URL was sent; it can be sent again (docs/behaviour.md#link-states). */
export function PasswordResetRequestComplete() {
  return <MailSentNotice kind="passwordReset" />;
}
