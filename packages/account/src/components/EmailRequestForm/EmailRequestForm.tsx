import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MailAccepted } from '@pre-admission/api';
import type { MessageId } from '@pre-admission/i18n';
import { EmailField, Form } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import type { Presentation } from '../../failures/catalogue';
import { useAccountForm } from '../../failures/useAccountForm';
import { emailRequestSchema } from '../../validation/schemas';
import { FormActions } from '../FormActions';
import { rememberSentMail, type MailKind } from '../MailResend';

type Requested<Failure extends string> =
  { ok: true; data: MailAccepted } | { ok: false; failure: Failure; error: unknown };

export interface EmailRequestFormProps<Failure extends string> {
  /** For the log: 'registration request' and so on. */
  context: string;
  /** Which mail: its "mail sent" page reads the address and the next allowed send from sessionStorage. */
  mailKind: MailKind;
  /** Undefined: nothing was sent (the applicant closed the "Confirm it is you" dialog of an e-mail change). */
  request: (body: { email: string }) => Promise<Requested<Failure> | undefined>;
  catalogue: Readonly<Record<Failure, Presentation>>;
  /** The completion page the request leads to. */
  completeHref: string;
  emailLabel: MessageId;
  submit: MessageId;
  /** After the submit: Cancel or the way back. */
  children: ReactNode;
}

/**
 * The forms that send one e-mail address to ask for a mail (registration, password reset, e-mail change):
 * a mapped failure is presented from `catalogue` (docs/behaviour.md#error-catalogue), success goes to `completeHref`
 * after remembering the address and `nextSendAllowedAt` for its "send again" (docs/behaviour.md#link-states).
 */
export function EmailRequestForm<Failure extends string>({
  context,
  mailKind,
  request,
  catalogue,
  completeHref,
  emailLabel,
  submit,
  children,
}: EmailRequestFormProps<Failure>) {
  const intl = useIntl();
  const { navigate } = useAccount();
  const { pending, formProps } = useAccountForm(emailRequestSchema, context, async (body, failures) => {
    const outcome = await request(body);
    if (!outcome) return;
    if (!outcome.ok) return failures.present(catalogue[outcome.failure], outcome);
    failures.dismissToasts();
    rememberSentMail(mailKind, { email: body.email, nextSendAllowedAt: outcome.data.nextSendAllowedAt });
    navigate(completeHref);
  });
  return (
    <Form {...formProps}>
      <EmailField
        name="email"
        label={intl.formatMessage({ id: emailLabel })}
        autoComplete="email"
        isRequired
      />
      <FormActions submit={submit} pending={pending}>
        {children}
      </FormActions>
    </Form>
  );
}
