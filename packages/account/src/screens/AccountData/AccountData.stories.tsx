import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { handlers, MOCK_PASSWORD, recentSignIn, sessionHandlers } from '@pre-admission/api/mocks';
import { type AccountSpies, screenMeta, signedIn } from '../../testing/AccountDecorator';
import { fill, page, translator } from '../../testing/play';
import { AccountData } from './AccountData';

const meta = {
  title: 'Account/AccountData',
  component: AccountData,
  tags: ['autodocs'],
  ...screenMeta({ account: signedIn }),
} satisfies Meta<AccountSpies>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The session's sign-in of the mocks (CurrentSession example): recent until 08:10 UTC. */
const recentlySignedIn = { ...signedIn, now: '2026-11-21T08:05:00.000Z' };
const signedInLongAgo = { ...signedIn, now: '2026-11-21T09:00:00.000Z' };

const downloadLink = async (canvasElement: HTMLElement, globals: Record<string, unknown>) =>
  within(canvasElement).findByRole('link', {
    name: translator(globals)('account.security.yourData.download'),
  });

/** `/your-data` (docs/behaviour.md#your-data), signed in recently: what the zip holds, and the link to it. */
export const Default: Story = {
  parameters: {
    account: recentlySignedIn,
    msw: { handlers: [sessionHandlers.signedIn, ...handlers] },
  },
  play: async ({ canvasElement, globals }) => {
    const link = await downloadLink(canvasElement, globals);
    await expect(link).toHaveAttribute('href', '/api/applicant/account/archive');
    await expect(link).toHaveAttribute('download');
    const items = within(canvasElement)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    for (const name of ['summary.txt', 'data.json', 'files/'])
      await expect(items.some((text) => text.includes(name))).toBe(true);
  },
};

/**
 * docs/security.md#recent-sign-in: the sign-in is older than the window, so the page asks to confirm it is
 * you before it offers the link (the server would answer 403 confirmation_required); once confirmed, it does.
 */
export const ConfirmItIsYou: Story = {
  parameters: {
    account: signedInLongAgo,
    msw: {
      handlers: [sessionHandlers.signedIn, recentSignIn({ confirmed: false }).handler, ...handlers],
    },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(t('account.security.yourData.confirmLead'))).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: t('account.security.yourData.download') })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: t('account.security.confirm.title') }));
    const confirming = await page(canvasElement).findByRole('dialog', {
      name: t('account.security.confirm.title'),
    });
    await fill(confirming, { password: MOCK_PASSWORD });
    await userEvent.click(
      within(confirming).getByRole('button', { name: t('account.security.confirm.submit') }),
    );
    await expect(await downloadLink(canvasElement, globals)).toBeInTheDocument();
    await waitFor(() => expect(confirming).not.toBeInTheDocument(), { timeout: 10_000 });
  },
};

/** Closing the dialog instead of confirming offers no link. */
export const ConfirmationClosed: Story = {
  parameters: { account: signedInLongAgo, msw: { handlers: [sessionHandlers.signedIn, ...handlers] } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: t('account.security.confirm.title') }));
    const confirming = await page(canvasElement).findByRole('dialog', {
      name: t('account.security.confirm.title'),
    });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(confirming).not.toBeInTheDocument(), { timeout: 10_000 });
    await expect(canvas.queryByRole('link', { name: t('account.security.yourData.download') })).toBeNull();
  },
};
