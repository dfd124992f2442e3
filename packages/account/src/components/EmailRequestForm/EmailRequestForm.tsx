import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@pre-admission/i18n';
import { EmailField, Form } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import type { Presentation } from '../../failures/catalogue';
import { useAccountForm } from '../../failures/useAccountForm';
import { emailRequestSchema } from '../../validation/schemas';
import { FormActions } from '../FormActions';

type Requested<Failure extends string> = { ok: true } | { ok: false; failure: Failure; error: unknown };

export interface EmailRequestFormProps<Failure extends string> {
  /** For the log: 'registration request' and so on. */
  context: string;
  request: (body: { email: string }) => Promise<Requested<Failure>>;
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
 * a mapped failure is presented from `catalogue` (docs/behaviour.md#error-catalogue), success goes to `completeHref`.
 */
export function EmailRequestForm<Failure extends string>({
  context,
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
    if (!outcome.ok) return failures.present(catalogue[outcome.failure], outcome);
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
