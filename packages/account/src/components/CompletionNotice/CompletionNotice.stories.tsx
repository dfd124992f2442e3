import type { ComponentType } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { MessageId } from '@pre-admission/i18n';
import { routes } from '../../routes';
import { AccountDeleted } from '../../screens/AccountDeleted';
import { EmailChangeRequestComplete } from '../../screens/EmailChangeRequestComplete';
import { PasswordChangeComplete } from '../../screens/PasswordChangeComplete';
import { PasswordResetComplete } from '../../screens/PasswordResetComplete';
import { PasswordResetRequestComplete } from '../../screens/PasswordResetRequestComplete';
import { RegistrationComplete } from '../../screens/RegistrationComplete';
import { RegistrationRequestComplete } from '../../screens/RegistrationRequestComplete';
import { screenMeta, type AccountSpies } from '../../testing/AccountDecorator';
import { translator } from '../../testing/play';

/** The six "done" and "mail sent" screens of docs/behaviour.md#routes, one story each from one factory. */
const meta = {
  title: 'Account/CompletionNotices',
  tags: ['autodocs'],
  // The screen sends no request here: MSW's happy path is there unused.
  ...screenMeta(),
} satisfies Meta<AccountSpies>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A screen's story: its heading, what happened, and the link onwards. */
function notice(
  Screen: ComponentType,
  expected: { title: MessageId; body: MessageId; next: { label: MessageId; href: string } },
): Story {
  return {
    render: () => <Screen />,
    play: async ({ canvasElement, globals }) => {
      const t = translator(globals);
      const canvas = within(canvasElement);
      await expect(canvas.getByRole('heading', { level: 1, name: t(expected.title) })).toBeInTheDocument();
      await expect(canvas.getByText(t(expected.body))).toBeInTheDocument();
      await expect(canvas.getByRole('link', { name: t(expected.next.label) })).toHaveAttribute(
        'href',
        expected.next.href,
      );
    },
  };
}

/** A mail was sent with the URL to complete the password registration. */
export const RegistrationRequestSent = notice(RegistrationRequestComplete, {
  title: 'account.registrationRequestComplete.title',
  body: 'account.registrationRequestComplete.body',
  next: { label: 'account.common.backToSignIn', href: routes.signIn },
});

/** Registration done; sign in from the top page. */
export const Registered = notice(RegistrationComplete, {
  title: 'account.registrationComplete.title',
  body: 'account.registrationComplete.body',
  next: { label: 'account.common.toTopPage', href: routes.signIn },
});

/** The mail with the reset URL was sent. */
export const PasswordResetRequestSent = notice(PasswordResetRequestComplete, {
  title: 'account.passwordResetRequestComplete.title',
  body: 'account.passwordResetRequestComplete.body',
  next: { label: 'account.common.backToSignIn', href: routes.signIn },
});

/** The new password is set. */
export const PasswordResetDone = notice(PasswordResetComplete, {
  title: 'account.passwordResetComplete.title',
  body: 'account.passwordResetComplete.body',
  next: { label: 'account.common.toTopPage', href: routes.signIn },
});

/** The confirmation mail went to the new address. */
export const EmailChangeRequestSent = notice(EmailChangeRequestComplete, {
  title: 'account.emailChangeRequestComplete.title',
  body: 'account.emailChangeRequestComplete.body',
  next: { label: 'account.common.backToApplications', href: routes.applications },
});

/** The password is changed and the applicant is signed out (docs/behaviour.md#session). */
export const PasswordChanged = notice(PasswordChangeComplete, {
  title: 'account.passwordChangeComplete.title',
  body: 'account.passwordChangeComplete.body',
  next: { label: 'account.common.toTopPage', href: routes.signIn },
});

/** The applicant deleted the account (docs/behaviour.md#delete-account): done, and signed out. */
export const AccountDeletedDone = notice(AccountDeleted, {
  title: 'account.security.deleted.title',
  body: 'account.security.deleted.body',
  next: { label: 'account.common.toTopPage', href: routes.signIn },
});
