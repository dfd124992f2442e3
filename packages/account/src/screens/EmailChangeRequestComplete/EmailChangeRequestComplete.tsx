import { MailSentNotice } from '../../components/MailSentNotice';

/** `/email-change-request-complete` (docs/behaviour.md#routes): the confirmation mail went to the new address; it can be sent again (docs/behaviour.md#link-states). */
export function EmailChangeRequestComplete() {
  return <MailSentNotice kind="emailChange" />;
}
