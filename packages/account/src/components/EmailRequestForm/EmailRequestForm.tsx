import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { PasswordResetAccepted } from '@pre-admission/api';
import type { MessageId } from '@pre-admission/i18n';
import { Banner, EmailField, Form } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import type { Presentation } from '../../failures/catalogue';
import { useAccountForm } from '../../failures/useAccountForm';
import { emailRequestSchema } from '../../validation/schemas';
import { FormActions } from '../FormActions';
import { alreadySentMessage, rememberSentMail, type MailKind } from '../MailResend';

/** A mail request's 202; only a reset request's may carry `sentAt` (docs/security.md#already-sent). */
type Requested<Failure extends string> =
  { ok: true; data: PasswordResetAccepted } | { ok: false; failure: Failure; error: unknown };

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
 * A 202 with `sentAt` sent no mail (a reset link went to the address moments ago, docs/security.md#already-sent):
 * the form stays, and an announced banner says when that link was sent and when to ask again.
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
  // The instants, not the text: a change of language while it shows says it again in the new one.
  const [alreadySent, setAlreadySent] = useState<{ sentAt: Date; nextSendAllowedAt: Date }>();
  const { pending, formProps } = useAccountForm(emailRequestSchema, context, async (body, failures) => {
    setAlreadySent(undefined);
    const outcome = await request(body);
    if (!outcome) return;
    if (!outcome.ok) return failures.present(catalogue[outcome.failure], outcome);
    failures.dismissToasts();
    const { sentAt, nextSendAllowedAt } = outcome.data;
    if (sentAt) {
      setAlreadySent({ sentAt, nextSendAllowedAt });
      return;
    }
    rememberSentMail(mailKind, { email: body.email, nextSendAllowedAt });
    navigate(completeHref);
  });
  return (
    <Form {...formProps}>
      {alreadySent && (
        <Banner tone="info" announce>
          {alreadySentMessage(intl, alreadySent.sentAt, alreadySent.nextSendAllowedAt)}
        </Banner>
      )}
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
