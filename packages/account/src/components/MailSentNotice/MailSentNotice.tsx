import type { Api } from '@pre-admission/api';
import { useMessageParts, type MessageId } from '@pre-admission/i18n';
import { useAccount } from '../../AccountContext';
import {
  requestEmailChangeCatalogue,
  requestPasswordResetCatalogue,
  requestRegistrationCatalogue,
} from '../../failures/catalogue';
import { routes } from '../../routes';
import { CompletionNotice } from '../CompletionNotice';
import { MailResend, type MailKind } from '../MailResend';
import type { MailResendProps } from '../MailResend/MailResend';

interface MailSentPage {
  readonly title: MessageId;
  readonly body: MessageId;
  readonly next: { readonly href: string; readonly label: MessageId };
  /** For the log, as MailResend's `context`. */
  readonly context: string;
  /** The request the form made, sent again by "send the email again". */
  readonly request: (api: Api) => MailResendProps<string>['request'];
  readonly catalogue: MailResendProps<string>['catalogue'];
}

/** The three "mail sent" pages of docs/behaviour.md#routes, by the kind of mail: what differs between them. */
const pages: Readonly<Record<MailKind, MailSentPage>> = {
  registration: {
    title: 'account.registrationRequestComplete.title',
    body: 'account.registrationRequestComplete.body',
    next: { href: routes.signIn, label: 'account.common.backToSignIn' },
    context: 'registration resend',
    request: (api) => api.requestRegistration,
    catalogue: requestRegistrationCatalogue,
  },
  passwordReset: {
    title: 'account.passwordResetRequestComplete.title',
    body: 'account.passwordResetRequestComplete.body',
    next: { href: routes.signIn, label: 'account.common.backToSignIn' },
    context: 'password reset resend',
    request: (api) => api.requestPasswordReset,
    catalogue: requestPasswordResetCatalogue,
  },
  emailChange: {
    title: 'account.emailChangeRequestComplete.title',
    body: 'account.emailChangeRequestComplete.body',
    next: { href: routes.applications, label: 'account.common.backToApplications' },
    context: 'email change resend',
    request: (api) => api.requestEmailChange,
    catalogue: requestEmailChangeCatalogue,
  },
};

/** A "mail sent" page: the mail went out with its link; it can be sent again (docs/behaviour.md#link-states). */
export function MailSentNotice({ kind }: { kind: MailKind }) {
  useMessageParts('mail');
  const { api } = useAccount();
  const page = pages[kind];
  return (
    <CompletionNotice title={page.title} body={[page.body]} next={page.next}>
      <MailResend kind={kind} context={page.context} request={page.request(api)} catalogue={page.catalogue} />
    </CompletionNotice>
  );
}
