import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within, type Mock } from 'storybook/test';
import { useIntl } from 'react-intl';
import { ConsentAnswer } from './ConsentAnswer';
import { rightsOf, type ActionResult, type ConsentDecision } from '../model';
import { consentRequestIn, consentWords, dataTexts, deskLists } from '../testing/fixtures';
import { storyLocale, storyText, withDeskPage } from '../testing/story';

interface StoryArgs {
  /** What the server answers: nothing (done) or a failure. */
  answer: ActionResult;
  onDecide: Mock<(decision: ConsentDecision) => Promise<ActionResult>>;
  onReload: Mock<() => void>;
}

/** The answer of a waiting request, for the supervisor it names; the server's answer is the story's `answer`. */
function AnswerStory({ answer, onDecide, onReload }: StoryArgs) {
  const { locale } = useIntl();
  return (
    <ConsentAnswer
      request={consentRequestIn('requested')}
      lists={deskLists(locale)}
      locale={locale === 'ja' ? 'ja' : 'en'}
      rights={rightsOf('supervisor')}
      onDecide={async (decision) => {
        await onDecide(decision);
        return answer;
      }}
      onReload={onReload}
    />
  );
}

const meta = {
  title: 'Desk/ConsentAnswer',
  component: AnswerStory,
  tags: ['autodocs'],
  decorators: [withDeskPage],
  args: { answer: undefined, onDecide: fn().mockName('onDecide'), onReload: fn().mockName('onReload') },
  parameters: { layout: 'fullscreen', pseudoLocale: { allow: dataTexts() } },
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Opens the dialog from its button, once it is visible (it fades in). */
async function openDialog(canvasElement: HTMLElement, t: ReturnType<typeof storyText>) {
  await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).toBeNull());
  await userEvent.click(
    await within(canvasElement).findByRole('button', { name: t('desk.consent.decide.open') }),
  );
  const dialog = await page(canvasElement).findByRole('dialog', { name: t('desk.consent.decide.title') });
  await waitFor(() => expect(dialog).toBeVisible());
  return within(dialog);
}

const reasonText = (globals: Record<string, unknown>) =>
  storyLocale(globals) === 'ja'
    ? '受け入れ可能な人数を超えたため。'
    : 'The supervisor cannot take more students this year.';

/**
 * Decline: nothing chosen, the error summary says to choose; declining needs a reason from the acceptor reject
 * reasons and a message; sent as the contract's body, the dialog closes, focus is back on the button and a
 * status says the answer was sent.
 */
export const Decline: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const dialog = await openDialog(canvasElement, t);
    const confirm = dialog.getByRole('button', { name: t('desk.consent.decide.confirm') });
    await userEvent.click(confirm);
    await expect(
      within(await dialog.findByRole('alert')).getByText(t('desk.consent.decide.outcomeRequired'), {
        exact: false,
      }),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('radio', { name: t('desk.consent.decide.decline') }));
    await userEvent.click(confirm);
    const summary = within(await dialog.findByRole('alert'));
    await expect(summary.getByText(t('desk.consent.decide.reasonRequired'), { exact: false })).toBeVisible();
    await expect(summary.getByText(t('desk.consent.decide.messageRequired'), { exact: false })).toBeVisible();
    await expect(args.onDecide).not.toHaveBeenCalled();
    await userEvent.selectOptions(
      dialog.getByRole('combobox', { name: t('desk.consent.decide.reason') }),
      reasonText(globals),
    );
    await userEvent.type(
      dialog.getByRole('textbox', { name: t('desk.consent.response') }),
      consentWords.response,
    );
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(args.onDecide).toHaveBeenCalledWith({
        outcome: 'declined',
        reasonId: 2,
        message: consentWords.response,
      }),
    );
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(
        within(canvasElement).getByRole('button', { name: t('desk.consent.decide.open') }),
      ).toHaveFocus(),
    );
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(t('desk.consent.done'));
  },
};

/** Give consent: the message is optional, and an empty one is not sent. */
export const Accept: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const dialog = await openDialog(canvasElement, t);
    await userEvent.click(dialog.getByRole('radio', { name: t('desk.consent.decide.accept') }));
    await expect(dialog.queryByRole('combobox')).toBeNull();
    await expect(dialog.getByRole('textbox', { name: t('desk.decision.messageOptional') })).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: t('desk.consent.decide.confirm') }));
    await waitFor(() => expect(args.onDecide).toHaveBeenCalledWith({ outcome: 'accepted' }));
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).toBeNull());
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(t('desk.consent.done'));
  },
};

/**
 * Answered in another tab, expired or withdrawn meanwhile (409 consent_not_pending): the dialog stays open
 * with what was typed, says so, and offers to reload the request.
 */
export const AlreadyClosed: Story = {
  args: { answer: 'closed' },
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const dialog = await openDialog(canvasElement, t);
    await userEvent.click(dialog.getByRole('radio', { name: t('desk.consent.decide.accept') }));
    await userEvent.type(
      dialog.getByRole('textbox', { name: t('desk.decision.messageOptional') }),
      consentWords.accepted,
    );
    await userEvent.click(dialog.getByRole('button', { name: t('desk.consent.decide.confirm') }));
    await waitFor(() => expect(args.onDecide).toHaveBeenCalledOnce());
    await expect(
      within(await dialog.findByRole('alert')).getByText(t('desk.consent.failure.closed'), { exact: false }),
    ).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: t('desk.decision.messageOptional') })).toHaveValue(
      consentWords.accepted,
    );
    await userEvent.click(dialog.getByRole('button', { name: t('desk.consent.failure.reload') }));
    await expect(args.onReload).toHaveBeenCalledOnce();
  },
};

/** The role was changed meanwhile (403 role_refused): said in the request's words, nothing lost, no reload. */
export const Refused: Story = {
  args: { answer: 'refused' },
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const dialog = await openDialog(canvasElement, t);
    await userEvent.click(dialog.getByRole('radio', { name: t('desk.consent.decide.accept') }));
    await userEvent.click(dialog.getByRole('button', { name: t('desk.consent.decide.confirm') }));
    await waitFor(() => expect(args.onDecide).toHaveBeenCalledOnce());
    await expect(
      within(await dialog.findByRole('alert')).getByText(t('desk.consent.failure.refused'), { exact: false }),
    ).toBeVisible();
    await expect(dialog.getByRole('radio', { name: t('desk.consent.decide.accept') })).toBeChecked();
    await expect(dialog.queryByRole('button', { name: t('desk.consent.failure.reload') })).toBeNull();
  },
};
