import type { Meta, StoryObj } from '@storybook/react-vite';
import { applicationHandlers, http, referenceDataHandlers, schemaExamples } from '@pre-admission/api/mocks';
import {
  MOCK_SUPERVISOR_TEACHER_ID,
  staffFixtureConsentRequests,
  staffFixtureLists,
  staffWorld,
} from '@pre-admission/api/staff-mocks';
import type { MessageId } from '@pre-admission/i18n';
import { intlOf } from '@pre-admission/i18n/all';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { StoryConsole } from '../testing/StoryConsole';

/**
 * The console's consent pages wired: packages/desk's consent list, request and answer in the console's frame,
 * on the staff adapter over `@pre-admission/api/staff-mocks` (a supervisor, teacher 103, or a desk member)
 * and the public reference data's mocks, whose acceptor reject reasons are the staff mocks' (1 and 2).
 */
const declineMessage = 'I have no places this year; please ask Professor Sato.';

/** Every text of the mocks' data (names, messages, file names, reference data): data, not words to translate. */
function dataTexts(): string[] {
  const texts = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') texts.add(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(staffFixtureConsentRequests());
  walk(staffFixtureLists.rejectReasons);
  walk(schemaExamples);
  for (const { applicant } of staffFixtureConsentRequests())
    texts.add([applicant.familyName, applicant.givenNames].join(' '));
  // Dates and sizes are formatted by Intl in the page's language (English month names, AM and PM, kB).
  const months = Array.from({ length: 12 }, (_, month) =>
    new Intl.DateTimeFormat('en', { month: 'long' }).format(new Date(2026, month, 1)),
  );
  return [...[...texts].filter((text) => /[A-Za-z]/.test(text)), ...months, 'AM', 'PM', 'kB', declineMessage];
}

const meta = {
  title: 'Desk/Console/Consent',
  component: StoryConsole,
  parameters: { layout: 'fullscreen', pseudoLocale: { allow: dataTexts() } },
} satisfies Meta<typeof StoryConsole>;

export default meta;
type Story = StoryObj<typeof meta>;

const text = (globals: Record<string, unknown>) => {
  const intl = intlOf(globals);
  return (id: MessageId, values: Record<string, string | number> = {}) => intl.formatMessage({ id }, values);
};
/** The acceptor reject reasons the staff mocks decide with, as the reference data serves them. */
const rejectReasons = http.get('/api/acceptor-reject-reasons', ({ response }) =>
  response(200).json(
    Object.entries(staffFixtureLists.rejectReasons).map(([id, reason]) => ({
      id: Number(id),
      name: reason.en,
      nameJa: reason.ja,
    })),
  ),
);
const handlers = (role: 'desk' | 'supervisor') => ({
  msw: {
    handlers: [
      ...staffWorld({ role }).handlers,
      rejectReasons,
      ...Object.values(referenceDataHandlers),
      applicationHandlers.periodsOpen,
    ],
  },
});
const requests = staffFixtureConsentRequests();
const mine = requests.filter((r) => r.teacherId === MOCK_SUPERVISOR_TEACHER_ID);
/** The supervisor's waiting request due soonest: the list's first row. */
const soonest = mine
  .filter((r) => r.status === 'requested')
  .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt))[0]!;
const nameOf = (r: (typeof requests)[number]) => `${r.applicant.familyName} ${r.applicant.givenNames}`;

/** A supervisor at `/desk/` (where the mail links) lands on the consent requests naming them. */
export const SupervisorLanding: Story = {
  args: { path: '/' },
  parameters: handlers('supervisor'),
  play: async ({ canvasElement, globals }) => {
    const t = text(globals);
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('desk.consent.title') }),
    ).toBeVisible();
    const waiting = mine.filter((r) => r.status === 'requested').length;
    await expect(await canvas.findByText(t('desk.consent.waiting', { count: waiting }))).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(mine.length + 1);
    await expect(canvas.getByRole('link', { name: t('desk.console.nav.consent') })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/**
 * The supervisor opens the request due soonest, declines it with a reason and a message: decideConsentRequest
 * takes it, the page is read again and shows the answer, and focus goes to it.
 */
export const SupervisorDeclines: Story = {
  args: { path: '/consent' },
  parameters: handlers('supervisor'),
  play: async ({ canvasElement, globals }) => {
    const t = text(globals);
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('link', { name: nameOf(soonest) }));
    await expect(
      await canvas.findByRole('heading', {
        level: 1,
        name: t('desk.consent.request.title', { name: nameOf(soonest) }),
      }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t('desk.consent.decide.open') }));
    const body = within(canvasElement.ownerDocument.body);
    const dialogElement = await body.findByRole('dialog', { name: t('desk.consent.decide.title') });
    await waitFor(() => expect(dialogElement).toBeVisible());
    const dialog = within(dialogElement);
    await userEvent.click(dialog.getByRole('radio', { name: t('desk.consent.decide.decline') }));
    const reason = staffFixtureLists.rejectReasons[2]!;
    await userEvent.selectOptions(
      dialog.getByRole('combobox', { name: t('desk.consent.decide.reason') }),
      intlOf(globals).locale === 'ja' ? reason.ja : reason.en,
    );
    await userEvent.type(dialog.getByRole('textbox', { name: t('desk.consent.response') }), declineMessage);
    await userEvent.click(dialog.getByRole('button', { name: t('desk.consent.decide.confirm') }));
    const answer = within(await canvas.findByRole('region', { name: t('desk.consent.answer') }));
    await waitFor(() => expect(answer.getByText(declineMessage)).toBeVisible());
    await expect(answer.getAllByText(t('desk.consent.status.declined')).length).toBeGreaterThan(0);
    await expect(answer.getByRole('status')).toHaveTextContent(t('desk.consent.done'));
    await waitFor(() =>
      expect(answer.getByRole('heading', { name: t('desk.consent.answer') })).toHaveFocus(),
    );
    await waitFor(() => expect(dialogElement).not.toBeInTheDocument(), { timeout: 10_000 });
  },
};

/** The desk sees every request (another teacher's too) and reads one, without a button to answer it. */
export const DeskReads: Story = {
  args: { path: '/consent' },
  parameters: handlers('desk'),
  play: async ({ canvasElement, globals }) => {
    const t = text(globals);
    const canvas = within(canvasElement);
    const waiting = requests.filter((r) => r.status === 'requested').length;
    await expect(await canvas.findByText(t('desk.consent.waiting', { count: waiting }))).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(requests.length + 1);
    await userEvent.click(canvas.getByRole('link', { name: nameOf(soonest) }));
    await expect(await canvas.findByText(t('desk.consent.about.notYours'))).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t('desk.consent.decide.open') })).toBeNull();
  },
};

/** Another teacher's request, opened by address: said as not there, with the way back to the list. */
export const RequestNotFound: Story = {
  args: { path: `/consent/${requests.find((r) => r.teacherId !== MOCK_SUPERVISOR_TEACHER_ID)!.id}` },
  parameters: handlers('supervisor'),
  play: async ({ canvasElement, globals }) => {
    const t = text(globals);
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('desk.console.consentNotFound') }),
    ).toBeVisible();
    await expect(
      within(canvas.getByRole('main')).getByRole('link', { name: t('desk.console.nav.consent') }),
    ).toBeVisible();
  },
};
