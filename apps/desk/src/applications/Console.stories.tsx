import type { Meta, StoryObj } from '@storybook/react-vite';
import { applicationHandlers, referenceDataHandlers, schemaExamples } from '@pre-admission/api/mocks';
import { staffFixtureApplications, staffWorld } from '@pre-admission/api/staff-mocks';
import type { MessageId } from '@pre-admission/i18n';
import { intlOf } from '@pre-admission/i18n/all';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { StoryConsole } from '../testing/StoryConsole';

/**
 * The console wired: packages/desk's list and application page in the console's frame, on the staff adapter
 * over `@pre-admission/api/staff-mocks` (a signed-in desk member, 42 applications) and the public reference
 * data's mocks.
 */
/** What the note story types: data, as a staff member's words are. */
const noteText = 'Checked with the office.';

/** Every text of the mocks' data (names, references, file names, reference data): data, not words to translate. */
function dataTexts(): string[] {
  const texts = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') texts.add(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(staffFixtureApplications());
  walk(schemaExamples);
  for (const { answers } of staffFixtureApplications())
    texts.add([answers.personal.familyName, answers.personal.givenNames].join(' '));
  // Dates and sizes are formatted by Intl in the page's language (English month names, kB, MB).
  const months = Array.from({ length: 12 }, (_, month) =>
    new Intl.DateTimeFormat('en', { month: 'long' }).format(new Date(2026, month, 1)),
  );
  return [...[...texts].filter((text) => /[A-Za-z]/.test(text)), ...months, 'kB', 'MB', noteText];
}

const meta = {
  title: 'Desk/Console',
  component: StoryConsole,
  parameters: { layout: 'fullscreen', pseudoLocale: { allow: dataTexts() } },
} satisfies Meta<typeof StoryConsole>;

export default meta;
type Story = StoryObj<typeof meta>;

const text = (globals: Record<string, unknown>) => {
  const intl = intlOf(globals);
  return (id: MessageId, values: Record<string, string | number> = {}) => intl.formatMessage({ id }, values);
};
const handlers = () => ({
  msw: {
    handlers: [
      ...staffWorld().handlers,
      ...Object.values(referenceDataHandlers),
      applicationHandlers.periodsOpen,
    ],
  },
});
/** The newest submission: the list's first row. */
const first = staffFixtureApplications().sort((a, b) =>
  (b.submittedAt ?? '').localeCompare(a.submittedAt ?? ''),
)[0]!;

/** The list, newest first, 25 a page, with the count of all. */
export const List: Story = {
  args: { path: '/applications' },
  parameters: handlers(),
  play: async ({ canvasElement, globals }) => {
    const t = text(globals);
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: t('desk.list.title') })).toBeVisible();
    await expect(
      await canvas.findByText(t('desk.list.count', { count: 42 }), { exact: false }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: t('desk.console.nav.applications') })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** Filters from the address (a shared link): the returned master's applications. */
export const Filtered: Story = {
  args: { path: '/applications?status=returned&kind=master' },
  parameters: handlers(),
  play: async ({ canvasElement, globals }) => {
    const t = text(globals);
    const canvas = within(canvasElement);
    const count = staffFixtureApplications().filter(
      (a) => a.status === 'returned' && a.studentType === 'master',
    ).length;
    await expect(await canvas.findByText(t('desk.list.count', { count }), { exact: false })).toBeVisible();
  },
};

/** An application's page, opened from the list. */
export const Application: Story = {
  args: { path: '/applications' },
  // The page is packages/desk's ApplicationView, whose own stories check it in en-XA; here the mocks' image
  // size line ("JPEG, 1.6 MB") is taken for English by the check.
  parameters: { ...handlers(), pseudoLocale: { test: 'off' } },
  play: async ({ canvasElement, globals }) => {
    const t = text(globals);
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('link', { name: first.reference }));
    await expect(
      await canvas.findByRole('heading', {
        level: 1,
        name: t('desk.application.title', { reference: first.reference! }),
      }),
    ).toBeVisible();
  },
};

/** An id the role may not see, or no application at all: said as not there. */
export const ApplicationNotFound: Story = {
  args: { path: '/applications/AAAAAAAAAAAAAAAAAAAAAA' },
  parameters: handlers(),
  play: async ({ canvasElement, globals }) => {
    const t = text(globals);
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('desk.console.applicationNotFound') }),
    ).toBeVisible();
  },
};

/** An internal note through the action's dialog: sent to addApplicationNote, then the page read again shows it. */
export const NoteAdded: Story = {
  args: { path: `/applications/${first.id}` },
  parameters: { ...handlers(), pseudoLocale: { test: 'off' } },
  play: async ({ canvasElement, globals }) => {
    const t = text(globals);
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: t('desk.note.open') }));
    const dialogElement = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    const dialog = within(dialogElement);
    await userEvent.type(dialog.getByRole('textbox', { name: t('desk.note.label') }), noteText);
    await userEvent.click(dialog.getByRole('button', { name: t('desk.note.confirm') }));
    await waitFor(() => expect(canvas.getByText(noteText)).toBeVisible());
    // Shot once the dialog has gone (its exit animation ends before the screenshot: on a loaded machine it was
    // caught still shown, and the page was shot whole).
    await waitFor(() => expect(dialogElement).not.toBeInTheDocument(), { timeout: 10_000 });
  },
};

/** The first application whose screening waits for the desk (the mocks' fixture screenings, desk only). */
const waiting = staffFixtureApplications().find((a) => a.screening?.waiting)!;
const screeningReason = 'Checked the institution with the office: not the listed entity.';

/**
 * No dead end for "accepted" while the screening waits: the decision dialog says where to go (409
 * screening_outcome_required); the outcome recorded through its dialog (recordScreeningOutcome), the page is
 * read again: the outcome shown, the action gone, and "accepted" is then recorded.
 */
export const ScreeningThenDecision: Story = {
  args: { path: `/applications/${waiting.id}` },
  parameters: { ...handlers(), pseudoLocale: { test: 'off' } },
  play: async ({ canvasElement, globals }) => {
    const t = text(globals);
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: t('desk.decision.open') }));
    let dialog = within(await body.findByRole('dialog', { name: t('desk.decision.title') }));
    await userEvent.click(dialog.getByRole('radio', { name: t('desk.decision.accepted') }));
    await userEvent.click(dialog.getByRole('button', { name: t('desk.decision.confirm') }));
    await expect(
      within(await dialog.findByRole('alert')).getByText(t('desk.failure.screeningOutcomeRequired'), {
        exact: false,
      }),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: t('ui.dialog.cancel') }));
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });

    await userEvent.click(canvas.getByRole('button', { name: t('desk.screening.open') }));
    dialog = within(await body.findByRole('dialog', { name: t('desk.screening.dialogTitle') }));
    await userEvent.click(dialog.getByRole('radio', { name: t('desk.screening.outcome.cleared') }));
    await userEvent.type(dialog.getByRole('textbox', { name: t('desk.screening.reason') }), screeningReason);
    await userEvent.click(dialog.getByRole('button', { name: t('desk.screening.confirm') }));
    const section = within(canvas.getByRole('region', { name: t('desk.screening.title') }));
    await waitFor(() =>
      expect(section.getByText(t('desk.history.reason', { reason: screeningReason }))).toBeVisible(),
    );
    await expect(section.getByText(t('desk.screening.outcome.cleared'))).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t('desk.screening.open') })).toBeNull();
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });

    await userEvent.click(canvas.getByRole('button', { name: t('desk.decision.open') }));
    dialog = within(await body.findByRole('dialog', { name: t('desk.decision.title') }));
    await userEvent.click(dialog.getByRole('radio', { name: t('desk.decision.accepted') }));
    await userEvent.click(dialog.getByRole('button', { name: t('desk.decision.confirm') }));
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
    await expect(
      within(canvas.getByRole('region', { name: t('desk.application.decision') })).getByText(
        t('desk.decision.accepted'),
      ),
    ).toBeVisible();
  },
};
