import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  accountDeletion,
  handlers,
  MOCK_PASSWORD,
  recentSignIn,
  sessionHandlers,
} from '@pre-admission/api/mocks';
import { routes } from '../../routes';
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

/** The deletion's dialog, opened from "Delete your account…": it asks once more before anything is deleted. */
const openDeletion = async (canvasElement: HTMLElement, globals: Record<string, unknown>) => {
  const t = translator(globals);
  await userEvent.click(
    await within(canvasElement).findByRole('button', { name: t('account.security.deletion.start') }),
  );
  return page(canvasElement).findByRole('dialog', { name: t('account.security.deletion.dialogTitle') });
};

/**
 * docs/behaviour.md#delete-account: what goes and what stays; the dialog, then "Delete my account" deletes,
 * goes to the done page and ends the session there (the order matters: signed out first, this signed-in
 * page would send the applicant to the sign-in page instead).
 */
export const DeleteAccount: Story = {
  parameters: {
    account: recentlySignedIn,
    msw: { handlers: [sessionHandlers.signedIn, ...accountDeletion(), ...handlers] },
  },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 2, name: t('account.security.deletion.title') }),
    ).toBeInTheDocument();
    for (const id of ['signIn', 'plan', 'applications', 'mails'] as const)
      await expect(canvas.getByText(t(`account.security.deletion.${id}`))).toBeInTheDocument();
    await expect(canvas.getByText(t('account.security.deletion.stays'))).toBeInTheDocument();
    const dialog = await openDeletion(canvasElement, globals);
    await expect(args.navigate).not.toHaveBeenCalled();
    await userEvent.click(
      within(dialog).getByRole('button', { name: t('account.security.deletion.submit') }),
    );
    await waitFor(() => expect(args.onSignedOut).toHaveBeenCalled());
    await expect(args.navigate).toHaveBeenCalledWith(routes.accountDeleted, { replace: true });
    await expect(args.navigate.mock.invocationCallOrder[0]).toBeLessThan(
      args.onSignedOut.mock.invocationCallOrder[0] ?? 0,
    );
  },
};

/** Escape closes the dialog: nothing is deleted, the applicant stays signed in. */
export const DeletionKept: Story = {
  parameters: {
    account: recentlySignedIn,
    msw: { handlers: [sessionHandlers.signedIn, ...accountDeletion(), ...handlers] },
  },
  play: async ({ canvasElement, globals, args }) => {
    const dialog = await openDeletion(canvasElement, globals);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), { timeout: 10_000 });
    await expect(args.onSignedOut).not.toHaveBeenCalled();
    await expect(args.navigate).not.toHaveBeenCalled();
  },
};

/** An old sign-in: "Confirm it is you" opens when the server asks, and the deletion is tried again after it. */
export const DeletionConfirmItIsYou: Story = {
  parameters: {
    account: signedInLongAgo,
    msw: { handlers: [sessionHandlers.signedIn, ...accountDeletion({ confirmed: false }), ...handlers] },
  },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    const dialog = await openDeletion(canvasElement, globals);
    await userEvent.click(
      within(dialog).getByRole('button', { name: t('account.security.deletion.submit') }),
    );
    const confirming = await page(canvasElement).findByRole('dialog', {
      name: t('account.security.confirm.title'),
    });
    await fill(confirming, { password: MOCK_PASSWORD });
    await userEvent.click(
      within(confirming).getByRole('button', { name: t('account.security.confirm.submit') }),
    );
    await waitFor(() => expect(args.onSignedOut).toHaveBeenCalled(), { timeout: 10_000 });
    await expect(args.navigate).toHaveBeenCalledWith(routes.accountDeleted, { replace: true });
  },
};

/**
 * A submitted application awaits a decision (409 awaiting_decision): the page says why, what to do and the
 * desk's address; nothing was deleted and the applicant stays signed in.
 */
export const DeletionAwaitingDecision: Story = {
  parameters: {
    account: recentlySignedIn,
    msw: {
      handlers: [sessionHandlers.signedIn, ...accountDeletion({ awaitingDecision: true }), ...handlers],
    },
  },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    const dialog = await openDeletion(canvasElement, globals);
    await userEvent.click(
      within(dialog).getByRole('button', { name: t('account.security.deletion.submit') }),
    );
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(t('account.security.deletion.refusedTitle'));
    const desk = within(alert).getByRole('link');
    await expect(desk.getAttribute('href')).toMatch(/^mailto:.+@.+/);
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), { timeout: 10_000 });
    await expect(args.onSignedOut).not.toHaveBeenCalled();
    await expect(args.navigate).not.toHaveBeenCalled();
  },
};
