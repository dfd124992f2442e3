import { StrictMode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { emailChangeHandlers, handlers, http, problem } from '@pre-admission/api/mocks';
import { routes } from '../../routes';
import { accountSpies, withAccount, type AccountSpies } from '../../testing/AccountDecorator';
import { expectLogged, page, translator, watchConsole } from '../../testing/play';
import { EmailChangeActivation } from './EmailChangeActivation';

const meta = {
  title: 'Account/EmailChangeActivation',
  component: EmailChangeActivation,
  tags: ['autodocs'],
  decorators: [withAccount],
  beforeEach: watchConsole,
  args: { ...accountSpies(), token: 'k3J9sQ2vX8bN1mZ4tY7wR0' },
  parameters: { layout: 'fullscreen', msw: { handlers } },
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

/** While the activation is in flight. */
export const Activating: Story = {
  parameters: { msw: { handlers: [emailChangeHandlers.activatePending, ...handlers] } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
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
