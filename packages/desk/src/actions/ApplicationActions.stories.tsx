import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within, type Mock } from 'storybook/test';
import { useIntl } from 'react-intl';
import { ApplicationActions } from './ApplicationActions';
import {
  rightsOf,
  type ActionResult,
  type ApplicationStatus,
  type DecisionRequest,
  type NewNote,
  type ReturnForChanges as ReturnRequest,
  type ScreeningOutcomeRequest,
  type StaffRole,
} from '../model';
import {
  applicationIn,
  dataTexts,
  deskLists,
  deskWords,
  screenedApplication,
  screeningWords,
  type ScreeningCase,
} from '../testing/fixtures';
import { storyLocale, storyText, withDeskPage } from '../testing/story';

interface StoryArgs {
  status: ApplicationStatus;
  role: StaffRole;
  /** How the application was screened (the desk's view); none by default. */
  screening?: ScreeningCase;
  /** What the server answers to every action: nothing (done) or a failure. */
  answer: ActionResult;
  onReturn: Mock<(request: ReturnRequest) => Promise<ActionResult>>;
  onDecide: Mock<(request: DecisionRequest) => Promise<ActionResult>>;
  onAddNote: Mock<(note: NewNote) => Promise<ActionResult>>;
  onRecordScreening: Mock<(request: ScreeningOutcomeRequest) => Promise<ActionResult>>;
  onReload: Mock<() => void>;
}

/** The actions as the application's page mounts them; the server's answer is the story's `answer`. */
function ActionsStory({
  status,
  role,
  screening,
  answer,
  onReturn,
  onDecide,
  onAddNote,
  onRecordScreening,
  onReload,
}: StoryArgs) {
  const { locale } = useIntl();
  const answered =
    <T,>(spy: Mock<(request: T) => Promise<ActionResult>>) =>
    async (request: T) => {
      await spy(request);
      return answer;
    };
  return (
    <ApplicationActions
      application={screening ? screenedApplication(status, screening) : applicationIn(status)}
      lists={deskLists(locale)}
      rights={rightsOf(role)}
      onReturn={answered(onReturn)}
      onDecide={answered(onDecide)}
      onAddNote={answered(onAddNote)}
      onRecordScreening={answered(onRecordScreening)}
      onReload={onReload}
      now={new Date('2026-12-02T03:00:00.000Z')}
    />
  );
}

const meta = {
  title: 'Desk/ApplicationActions',
  component: ActionsStory,
  tags: ['autodocs'],
  decorators: [withDeskPage],
  args: {
    status: 'underReview',
    role: 'desk',
    answer: undefined,
    onReturn: fn().mockName('onReturn'),
    onDecide: fn().mockName('onDecide'),
    onAddNote: fn().mockName('onAddNote'),
    onRecordScreening: fn().mockName('onRecordScreening'),
    onReload: fn().mockName('onReload'),
  },
  parameters: { layout: 'fullscreen', pseudoLocale: { allow: dataTexts() } },
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Opens an action's dialog from its button; the dialog, found by its title. */
async function openDialog(canvasElement: HTMLElement, button: string, title: string) {
  // The story before may have left its modal closing (the page hidden from the accessibility tree till gone).
  await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).toBeNull());
  await userEvent.click(await within(canvasElement).findByRole('button', { name: button }));
  const dialog = await page(canvasElement).findByRole('dialog', { name: title });
  // Found as soon as it is in the accessibility tree, it may still be fading in (the overlay at opacity 0 till
  // its first frame, which a loaded machine delays): a person sees it before they use it, and so does the play.
  await waitFor(() => expect(dialog).toBeVisible());
  return within(dialog);
}

/**
 * Return for changes: submitted empty, the error summary names each missing answer; then a document and the
 * documents section chosen, a message and a due date: sent as the contract's body, the dialog closes and
 * focus is back on the button.
 */
export const ReturnForChanges: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const button = t('desk.return.open');
    const dialog = await openDialog(canvasElement, button, t('desk.return.title'));
    const confirm = dialog.getAllByRole('button', { name: button }).at(-1)!;
    await userEvent.click(confirm);
    const summary = within(await dialog.findByRole('alert'));
    for (const id of [
      'desk.return.whatRequired',
      'desk.return.messageRequired',
      'desk.return.dueRequired',
    ] as const)
      await expect(summary.getByText(t(id), { exact: false })).toBeVisible();
    await expect(args.onReturn).not.toHaveBeenCalled();

    await userEvent.click(dialog.getByRole('checkbox', { name: t('desk.section.documents') }));
    await userEvent.click(dialog.getByRole('checkbox', { name: /graduation-certificate\.pdf/ }));
    await userEvent.type(
      dialog.getByRole('textbox', { name: t('desk.return.message') }),
      deskWords.returnMessage,
    );
    // A due date today (Japan time) is refused: it must be after today.
    await userEvent.type(dialog.getByRole('textbox', { name: t('desk.date.year') }), '2026');
    await userEvent.type(dialog.getByRole('textbox', { name: t('desk.date.month') }), '12');
    await userEvent.type(dialog.getByRole('textbox', { name: t('desk.date.day') }), '2');
    await userEvent.click(confirm);
    await expect(
      within(await dialog.findByRole('alert')).getByText(t('desk.return.duePast'), { exact: false }),
    ).toBeVisible();
    await userEvent.clear(dialog.getByRole('textbox', { name: t('desk.date.year') }));
    await userEvent.type(dialog.getByRole('textbox', { name: t('desk.date.year') }), '2027');
    await userEvent.clear(dialog.getByRole('textbox', { name: t('desk.date.month') }));
    await userEvent.type(dialog.getByRole('textbox', { name: t('desk.date.month') }), '1');
    await userEvent.clear(dialog.getByRole('textbox', { name: t('desk.date.day') }));
    await userEvent.type(dialog.getByRole('textbox', { name: t('desk.date.day') }), '20');
    await userEvent.click(confirm);
    await waitFor(() => expect(args.onReturn).toHaveBeenCalledOnce());
    await expect(args.onReturn).toHaveBeenCalledWith({
      sections: ['documents'],
      documentIds: ['Zp4c0YlM8aQe2HnTq1Wv7A'],
      dueAt: '2027-01-20T14:59:59.000Z',
      message: deskWords.returnMessage,
    });
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: button })).toHaveFocus());
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(t('desk.done.return'));
  },
};

/** The return's dialog as a reviewer sees it when nothing was chosen: each missing answer, at its field too. */
export const ReturnInvalid: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const button = t('desk.return.open');
    const dialog = await openDialog(canvasElement, button, t('desk.return.title'));
    await userEvent.type(dialog.getByRole('textbox', { name: t('desk.date.year') }), '2027');
    await userEvent.click(dialog.getAllByRole('button', { name: button }).at(-1)!);
    const summary = within(await dialog.findByRole('alert'));
    await expect(summary.getByText(t('desk.return.dueInvalid'), { exact: false })).toBeVisible();
    // The field's own error is wired to its group.
    const legend = t('desk.return.sections');
    await expect(dialog.getByRole('group', { name: legend })).toHaveAccessibleDescription(
      t('desk.return.whatRequired'),
    );
    await expect(args.onReturn).not.toHaveBeenCalled();
  },
};

/**
 * The application changed meanwhile (409 not_reviewable): the dialog stays open with what was typed, says
 * what happened, and offers to reload the application.
 */
export const ReturnConflict: Story = {
  args: { answer: 'conflict' },
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const button = t('desk.return.open');
    const dialog = await openDialog(canvasElement, button, t('desk.return.title'));
    await userEvent.click(dialog.getByRole('checkbox', { name: t('desk.section.education') }));
    await userEvent.type(
      dialog.getByRole('textbox', { name: t('desk.return.message') }),
      deskWords.returnMessage,
    );
    await userEvent.type(dialog.getByRole('textbox', { name: t('desk.date.year') }), '2027');
    await userEvent.type(dialog.getByRole('textbox', { name: t('desk.date.month') }), '1');
    await userEvent.type(dialog.getByRole('textbox', { name: t('desk.date.day') }), '20');
    await userEvent.click(dialog.getAllByRole('button', { name: button }).at(-1)!);
    await waitFor(() => expect(args.onReturn).toHaveBeenCalledOnce());
    await expect(
      within(await dialog.findByRole('alert')).getByText(t('desk.failure.conflict'), { exact: false }),
    ).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: t('desk.return.message') })).toHaveValue(
      deskWords.returnMessage,
    );
    await expect(dialog.getByRole('checkbox', { name: t('desk.section.education') })).toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: t('desk.failure.reload') }));
    await expect(args.onReload).toHaveBeenCalledOnce();
  },
};

/**
 * Record a decision: not accepted needs a reason from the acceptor reject reasons; sent with the message,
 * the dialog closes and says it was done.
 */
export const RecordDecision: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const dialog = await openDialog(canvasElement, t('desk.decision.open'), t('desk.decision.title'));
    const confirm = dialog.getByRole('button', { name: t('desk.decision.confirm') });
    await userEvent.click(confirm);
    await expect(
      within(await dialog.findByRole('alert')).getByText(t('desk.decision.outcomeRequired'), {
        exact: false,
      }),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('radio', { name: t('desk.decision.notAccepted') }));
    await userEvent.click(confirm);
    await expect(
      within(await dialog.findByRole('alert')).getByText(t('desk.decision.reasonRequired'), { exact: false }),
    ).toBeVisible();
    await userEvent.selectOptions(
      dialog.getByRole('combobox', { name: t('desk.decision.reason') }),
      storyLocale(globals) === 'ja'
        ? '研究計画が指導教員の専門と合致しないため。'
        : "The research plan does not match the supervisor's field.",
    );
    await userEvent.type(
      dialog.getByRole('textbox', { name: t('desk.decision.messageOptional') }),
      deskWords.decisionMessage,
    );
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(args.onDecide).toHaveBeenCalledWith({
        outcome: 'notAccepted',
        reasonId: 1,
        message: deskWords.decisionMessage,
      }),
    );
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).toBeNull());
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(t('desk.done.decision'));
  },
};

/** The role was changed meanwhile and may no longer decide (403 role_refused): said, nothing lost. */
export const DecisionRefused: Story = {
  args: { answer: 'refused' },
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const dialog = await openDialog(canvasElement, t('desk.decision.open'), t('desk.decision.title'));
    await userEvent.click(dialog.getByRole('radio', { name: t('desk.decision.accepted') }));
    await userEvent.click(dialog.getByRole('button', { name: t('desk.decision.confirm') }));
    await waitFor(() => expect(args.onDecide).toHaveBeenCalledWith({ outcome: 'accepted' }));
    await expect(
      within(await dialog.findByRole('alert')).getByText(t('desk.failure.refused'), { exact: false }),
    ).toBeVisible();
    await expect(dialog.getByRole('radio', { name: t('desk.decision.accepted') })).toBeChecked();
    await expect(dialog.queryByRole('button', { name: t('desk.failure.reload') })).toBeNull();
  },
};

/** An internal note: required; sent, the dialog closes, focus back on its button. */
export const AddNote: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const button = t('desk.note.open');
    const dialog = await openDialog(canvasElement, button, t('desk.note.open'));
    // Said in the dialog too: the note is never shown to the applicant (visible once the dialog has faded in).
    await waitFor(() => expect(dialog.getByText(t('desk.notes.private'))).toBeVisible());
    await userEvent.click(dialog.getByRole('button', { name: t('desk.note.confirm') }));
    await expect(
      within(await dialog.findByRole('alert')).getByText(t('desk.note.required'), { exact: false }),
    ).toBeVisible();
    await userEvent.type(dialog.getByRole('textbox', { name: t('desk.note.label') }), deskWords.note);
    await userEvent.click(dialog.getByRole('button', { name: t('desk.note.confirm') }));
    await waitFor(() => expect(args.onAddNote).toHaveBeenCalledWith({ text: deskWords.note }));
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: button })).toHaveFocus());
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(t('desk.done.note'));
  },
};

/** A supervisor reads and annotates: no return, no decision, and the page says who does them. */
export const Supervisor: Story = {
  args: { role: 'supervisor' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t('desk.actions.supervisor'))).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t('desk.return.open') })).toBeNull();
    await expect(canvas.queryByRole('button', { name: t('desk.decision.open') })).toBeNull();
    await expect(canvas.getByRole('button', { name: t('desk.note.open') })).toBeVisible();
  },
};

/** Returned for changes: with the applicant, so neither returned again nor decided; notes still go. */
export const NotReviewable: Story = {
  args: { status: 'returned' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t('desk.actions.none'))).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t('desk.return.open') })).toBeNull();
    await expect(canvas.getByRole('button', { name: t('desk.note.open') })).toBeVisible();
  },
};

/**
 * The screening waits for the desk: "Record the screening outcome" is offered. Submitted empty, the summary
 * names the outcome and the reason; chosen and written, sent as the contract's body, the dialog closes and
 * says it was done.
 */
export const RecordScreeningOutcome: Story = {
  args: { screening: 'needsReview' },
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const dialog = await openDialog(canvasElement, t('desk.screening.open'), t('desk.screening.dialogTitle'));
    const confirm = dialog.getByRole('button', { name: t('desk.screening.confirm') });
    await userEvent.click(confirm);
    const summary = within(await dialog.findByRole('alert'));
    for (const id of ['desk.screening.outcomeRequired', 'desk.screening.reasonRequired'] as const)
      await expect(summary.getByText(t(id), { exact: false })).toBeVisible();
    await expect(args.onRecordScreening).not.toHaveBeenCalled();
    await userEvent.click(
      dialog.getByRole('radio', { name: t('desk.screening.outcome.cleared_with_conditions') }),
    );
    await userEvent.type(
      dialog.getByRole('textbox', { name: t('desk.screening.reason') }),
      screeningWords.reason,
    );
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(args.onRecordScreening).toHaveBeenCalledWith({
        outcome: 'cleared_with_conditions',
        reason: screeningWords.reason,
      }),
    );
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).toBeNull());
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(t('desk.done.screening'));
  },
};

/** The server refuses the reason (400 on `reason`): said, the dialog open, the choice and the reason kept. */
export const ScreeningOutcomeInvalid: Story = {
  args: { screening: 'needsReview', answer: 'invalid' },
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const dialog = await openDialog(canvasElement, t('desk.screening.open'), t('desk.screening.dialogTitle'));
    await userEvent.click(dialog.getByRole('radio', { name: t('desk.screening.outcome.not_cleared') }));
    await userEvent.type(
      dialog.getByRole('textbox', { name: t('desk.screening.reason') }),
      screeningWords.reason,
    );
    await userEvent.click(dialog.getByRole('button', { name: t('desk.screening.confirm') }));
    await waitFor(() => expect(args.onRecordScreening).toHaveBeenCalledOnce());
    await expect(
      within(await dialog.findByRole('alert')).getByText(t('desk.screening.failure.invalid'), {
        exact: false,
      }),
    ).toBeVisible();
    await expect(dialog.getByRole('radio', { name: t('desk.screening.outcome.not_cleared') })).toBeChecked();
    await expect(dialog.getByRole('textbox', { name: t('desk.screening.reason') })).toHaveValue(
      screeningWords.reason,
    );
  },
};

/** Another member of the desk recorded the outcome meanwhile (409 no_screening_waiting): said; reload. */
export const ScreeningOutcomeAlreadyRecorded: Story = {
  args: { screening: 'needsReview', answer: 'noScreeningWaiting' },
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const dialog = await openDialog(canvasElement, t('desk.screening.open'), t('desk.screening.dialogTitle'));
    await userEvent.click(dialog.getByRole('radio', { name: t('desk.screening.outcome.cleared') }));
    await userEvent.type(
      dialog.getByRole('textbox', { name: t('desk.screening.reason') }),
      screeningWords.reason,
    );
    await userEvent.click(dialog.getByRole('button', { name: t('desk.screening.confirm') }));
    await expect(
      within(await dialog.findByRole('alert')).getByText(t('desk.screening.failure.notWaiting'), {
        exact: false,
      }),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: t('desk.failure.reload') }));
    await expect(args.onReload).toHaveBeenCalledOnce();
  },
};

/**
 * "Accepted" refused while the screening waits (409 screening_outcome_required): the message says what to do
 * and where (the screening section, its action), not "reload"; the choice is kept.
 */
export const DecisionWaitsForScreening: Story = {
  args: { screening: 'needsReview', answer: 'screeningOutcomeRequired' },
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const dialog = await openDialog(canvasElement, t('desk.decision.open'), t('desk.decision.title'));
    await userEvent.click(dialog.getByRole('radio', { name: t('desk.decision.accepted') }));
    await userEvent.click(dialog.getByRole('button', { name: t('desk.decision.confirm') }));
    await waitFor(() => expect(args.onDecide).toHaveBeenCalledWith({ outcome: 'accepted' }));
    const message = t('desk.failure.screeningOutcomeRequired');
    await expect(within(await dialog.findByRole('alert')).getByText(message, { exact: false })).toBeVisible();
    // It names the section and the action, as the page words them (the pseudo-locale pads each message).
    if (globals.locale !== 'en-XA')
      for (const id of ['desk.screening.title', 'desk.screening.open'] as const)
        await expect(message).toContain(t(id));
    await expect(dialog.getByRole('radio', { name: t('desk.decision.accepted') })).toBeChecked();
    await expect(dialog.queryByRole('button', { name: t('desk.failure.reload') })).toBeNull();
  },
};
