import { useMessageParts } from '@pre-admission/i18n';
import { CompletionNotice } from '../../components/CompletionNotice';
import { routes } from '../../routes';

/**
 * `/account-deleted` (docs/behaviour.md#delete-account): the account is deleted and the applicant signed out;
 * a notice went to the address.
 */
export function AccountDeleted() {
  useMessageParts('security');
  return (
    <CompletionNotice
      title="account.security.deleted.title"
      body={['account.security.deleted.body']}
      next={{ href: routes.signIn, label: 'account.common.toTopPage' }}
    />
  );
}
