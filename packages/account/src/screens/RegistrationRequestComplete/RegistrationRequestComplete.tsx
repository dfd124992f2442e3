import { MailSentNotice } from '../../components/MailSentNotice';

/** `/registrations-request-complete` (docs/behaviour.md#routes): a mail was sent with the URL to finish the registration; it can be sent again (docs/behaviour.md#link-states). */
export function RegistrationRequestComplete() {
  return <MailSentNotice kind="registration" />;
}
