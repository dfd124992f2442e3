import { StrictMode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { MessageId } from '@pre-admission/i18n';
import { expect, waitFor, within } from 'storybook/test';
import { emailChangeHandlers, handlers, http, problem } from '@pre-admission/api/mocks';
import { routes } from '../../routes';
import { tokenPageMeta, type AccountSpies } from '../../testing/AccountDecorator';
import { expectLogged, page, translator } from '../../testing/play';
import { EmailChangeActivation } from './EmailChangeActivation';

const meta = {
  title: 'Account/EmailChangeActivation',
  component: EmailChangeActivation,
  tags: ['autodocs'],
  ...tokenPageMeta(),
} satisfies Meta<AccountSpies & { token: string }>;

export default meta;
type Story = StoryObj<typeof meta>;

let activations = 0;
const countingActivation = http.patch('/api/applicant/email-change-requests/{token}', ({ response }) => {
  activations += 1;
  return response(204).empty();
});

/**
 * docs/behaviour.md#routes, #session: the change is activated on opening the page, then the applicant is signed out and told to
 * sign in from the top page. Rendered in StrictMode: the token is spent once, not twice.
 */
export const Activated: Story = {
  decorators: [
    (Story) => {
      activations = 0;
      return (
        <StrictMode>
          <Story />
        </StrictMode>
      );
    },
  ],
  parameters: { msw: { handlers: [countingActivation, ...handlers] } },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('account.emailChangeActivation.doneTitle') }),
    ).toBeInTheDocument();
    await expect(args.onSignedOut).toHaveBeenCalledTimes(1);
    await expect(activations).toBe(1);
    await expect(canvas.getByRole('link', { name: t('account.common.toTopPage') })).toHaveAttribute(
      'href',
      routes.signIn,
    );
    await expect(
      canvasElement.ownerDocument.head.querySelector('meta[name="referrer"][content="no-referrer"]'),
    ).not.toBeNull();
  },
};

/** While the activation is in flight: the heading says the change is being made, never that it is made. */
export const Activating: Story = {
  parameters: { msw: { handlers: [emailChangeHandlers.activatePending, ...handlers] } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await expect(
      within(canvasElement).getByRole('heading', {
        level: 1,
        name: t('account.emailChangeActivation.title'),
      }),
    ).toBeInTheDocument();
    await expect(
      within(canvasElement).getByRole('progressbar', { name: t('account.emailChangeActivation.activating') }),
    ).toBeInTheDocument();
  },
};

/** docs/behaviour.md#error-catalogue only logs activation errors; the kit also says so on the page and in a toast. */
export const InvalidToken: Story = {
  parameters: { msw: { handlers: [emailChangeHandlers.activateInvalidToken, ...handlers] } },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await expect(
      await within(canvasElement).findByRole('heading', {
        level: 1,
        name: t('account.emailChangeActivation.failedTitle'),
      }),
    ).toBeInTheDocument();
    await expect(await page(canvasElement).findByText(t('account.error.linkUsed'))).toBeInTheDocument();
    await expectLogged('warn', 404);
    await expect(args.onSignedOut).not.toHaveBeenCalled();
    await expect(args.reportError).not.toHaveBeenCalled();
  },
};

/** docs/behaviour.md#link-states: the page names the link's state, logs it, and shows no "change failed" toast. */
const linkState =
  (title: MessageId, body: MessageId, values?: Record<string, Date>): Story['play'] =>
  async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: t(title) })).toBeInTheDocument();
    await expect(canvas.getByText(t(body, values))).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: t('account.common.toTopPage') })).toHaveAttribute(
      'href',
      routes.signIn,
    );
    await expectLogged('warn', 404);
    await expect(page(canvasElement).queryByText(t('account.error.emailChangeFailed'))).toBeNull();
    await expect(args.onSignedOut).not.toHaveBeenCalled();
    await expect(args.reportError).not.toHaveBeenCalled();
  };

/** Used by the change it made: "your address has already been changed"; sign in with the new one. */
export const LinkUsed: Story = {
  parameters: { msw: { handlers: [emailChangeHandlers.activateUsed, ...handlers] } },
  play: linkState('account.emailChangeActivation.used.title', 'account.emailChangeActivation.used.body'),
};

/** Expired: when it expired (the contract's example, in the page's language); request the change again. */
export const LinkExpired: Story = {
  parameters: { msw: { handlers: [emailChangeHandlers.activateExpired, ...handlers] } },
  play: linkState('account.linkState.expired.title', 'account.emailChangeActivation.expired.body', {
    expiredAt: new Date('2026-11-21T09:30:00Z'),
  }),
};

/** Superseded: a newer mail went to the same new address; use its link. */
export const LinkSuperseded: Story = {
  parameters: { msw: { handlers: [emailChangeHandlers.activateSuperseded, ...handlers] } },
  play: linkState('account.linkState.superseded.title', 'account.linkState.superseded.body'),
};

/** Any other failure is logged too (level by status), with the generic toast. */
export const ServerError: Story = {
  parameters: {
    msw: {
      handlers: [
        http.patch('/api/applicant/email-change-requests/{token}', () =>
          problem('activateEmailChange', '500'),
        ),
        ...handlers,
      ],
    },
  },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await expect(await page(canvasElement).findByText(t('account.error.generic.text'))).toBeInTheDocument();
    await expectLogged('error', 500);
    await waitFor(() => expect(args.reportError).not.toHaveBeenCalled());
  },
};
