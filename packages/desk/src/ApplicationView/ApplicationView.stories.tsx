import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { useIntl } from 'react-intl';
import { intlOf } from '@pre-admission/i18n/all';
import { ApplicationView } from './ApplicationView';
import { ApplicationActions } from '../actions/ApplicationActions';
import { rightsOf, type ApplicationStatus, type StaffRole } from '../model';
import {
  applicationIn,
  applicationWithConsent,
  consentWords,
  dataTexts,
  deskLists,
  deskWords,
  screenedApplication,
  screeningWords,
  type ScreeningCase,
} from '../testing/fixtures';
import { storyLocale, storyText, withDeskPage } from '../testing/story';

interface ViewArgs {
  status: ApplicationStatus;
  /** The application whose consent took every turn (`applicationWithConsent`), submitted. */
  consent?: boolean;
  /** The signed-in role, when the page shows its actions. */
  role?: StaffRole;
  /** How it was screened (the desk's view only: `screening` comes to no other role); none by default. */
  screening?: ScreeningCase;
}

/** The page as the desk app mounts it, for an application in `status` (with the role's actions). */
function ViewStory({ status, role, consent, screening }: ViewArgs) {
  const { locale } = useIntl();
  const done = () => Promise.resolve(undefined);
  const application = screening ? screenedApplication(status, screening) : applicationIn(status);
  return (
    <ApplicationView
      application={consent ? applicationWithConsent() : application}
      lists={deskLists(locale)}
      locale={locale === 'ja' ? 'ja' : 'en'}
      listHref="/desk/applications?status=submitted"
      documentHref={(id) => `/api/staff/applications/q3ZbV1n8R0K7yXw2LmA9tQ/documents/${id}`}
      previewHref={(id) => `/api/staff/applications/q3ZbV1n8R0K7yXw2LmA9tQ/documents/${id}/preview`}
      archiveHref="/api/staff/applications/q3ZbV1n8R0K7yXw2LmA9tQ/documents.zip"
      actions={
        role && (
          <ApplicationActions
            application={application}
            lists={deskLists(locale)}
            rights={rightsOf(role)}
            onReturn={done}
            onDecide={done}
            onAddNote={done}
            onRecordScreening={done}
          />
        )
      }
    />
  );
}

const meta = {
  title: 'Desk/ApplicationView',
  component: ViewStory,
  tags: ['autodocs'],
  decorators: [withDeskPage],
  args: { status: 'submitted' },
  parameters: {
    layout: 'fullscreen', // Sizes are formatted by Intl (kB, MB), as on the applicant's documents page.
    pseudoLocale: { allow: [...dataTexts(), 'kB', 'MB'] },
  },
} satisfies Meta<ViewArgs>;

export default meta;

/** A text as a pattern that matches it literally (the pseudo-locale's brackets are no class). */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
type Story = StoryObj<typeof meta>;

/**
 * Just submitted: every section's answers, the documents with their links and the download of them all, one
 * history entry, no notes.
 */
export const Submitted: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', {
        level: 1,
        name: t('desk.application.title', { reference: 'M27-4KX7-9QF2' }),
      }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: t('desk.application.back') })).toHaveAttribute(
      'href',
      '/desk/applications?status=submitted',
    );
    for (const section of [
      'choices',
      'personal',
      'contact',
      'education',
      'documents',
      'declarations',
    ] as const)
      await expect(
        canvas.getByRole('heading', { level: 3, name: t(`desk.section.${section}`) }),
      ).toBeVisible();
    await expect(canvas.getByText('+86 138 0013 8000')).toBeVisible();
    await expect(
      canvas.getByText(storyLocale(globals) === 'ja' ? '陳 暁明' : 'YAMADA Hanako / Informatics', {
        exact: false,
      }),
    ).toBeVisible();
    // A PDF: download only; an image: a preview too, each named with the file.
    const download = (file: string) => t('desk.document.of', { action: t('desk.document.download'), file });
    const preview = (file: string) => t('desk.document.of', { action: t('desk.document.preview'), file });
    await expect(canvas.getByRole('link', { name: download('graduation-certificate.pdf') })).toHaveAttribute(
      'href',
      '/api/staff/applications/q3ZbV1n8R0K7yXw2LmA9tQ/documents/Zp4c0YlM8aQe2HnTq1Wv7A',
    );
    await expect(canvas.queryByRole('link', { name: preview('graduation-certificate.pdf') })).toBeNull();
    // Every document in one zip: a download link, described by its hint.
    const archive = canvas.getByRole('link', { name: t('desk.export.documents') });
    await expect(archive).toHaveAttribute(
      'href',
      '/api/staff/applications/q3ZbV1n8R0K7yXw2LmA9tQ/documents.zip',
    );
    await expect(archive).toHaveAttribute('download');
    await expect(archive).toHaveAccessibleDescription(t('desk.export.documentsHint'));
    await expect(
      canvas.getByRole('link', { name: new RegExp(escaped(preview('transcript-page-1.jpg'))) }),
    ).toHaveAttribute(
      'href',
      '/api/staff/applications/q3ZbV1n8R0K7yXw2LmA9tQ/documents/Kq8sV2bN5mXe7RtY1uWz3A/preview',
    );
    const intl = intlOf(globals);
    const kilobytes = intl.formatNumber(471, { style: 'unit', unit: 'kilobyte' });
    const megabytes = intl.formatNumber(1.7, { style: 'unit', unit: 'megabyte' });
    await expect(
      canvas.getByText(t('desk.document.fileDetails', { format: 'PDF', size: kilobytes })),
    ).toBeVisible();
    await expect(
      canvas.getByText(t('desk.document.fileDetails', { format: 'JPEG', size: megabytes })),
    ).toBeVisible();
    await expect(canvas.getByText(t('desk.history.submitted'))).toBeVisible();
    await expect(canvas.getByText(t('desk.notes.private'))).toBeVisible();
    await expect(canvas.getByText(t('desk.notes.none'))).toBeVisible();
  },
};

/** Opened by the desk: the history names the desk member; the first internal note. */
export const UnderReview: Story = {
  args: { status: 'underReview' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    const desk = t('desk.actor', { role: t('desk.role.desk'), id: '3' });
    await expect(canvas.getByText(t('desk.history.underReview', { actor: desk }))).toBeVisible();
    await expect(canvas.getByText(deskWords.note)).toBeVisible();
  },
};

/** Returned for changes: what is open to the applicant and until when, the document marked, the message. */
export const Returned: Story = {
  args: { status: 'returned' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText(deskWords.returnMessage).length).toBeGreaterThan(0);
    await expect(canvas.getByText(t('desk.document.reopened'))).toBeVisible();
    await expect(canvas.getByText(t('desk.history.documents', { count: 1 }))).toBeVisible();
    // A supervisor's note names the role: notes are staff-only.
    await expect(
      canvas.getByText(t('desk.actor', { role: t('desk.role.supervisor'), id: '12' }), { exact: false }),
    ).toBeVisible();
  },
};

/** Resubmitted by the applicant: back with the desk. */
export const Resubmitted: Story = {
  args: { status: 'resubmitted' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t('desk.history.resubmitted'))).toBeVisible();
    await expect(canvas.queryByText(t('desk.document.reopened'))).toBeNull();
  },
};

/** Decided by an office, not accepted: the reason in the page's language and the message as written. */
export const Decided: Story = {
  args: { status: 'decided' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    const office = t('desk.actor', { role: t('desk.role.office'), id: '7' });
    await expect(canvas.getByText(t('desk.history.notAccepted', { actor: office }))).toBeVisible();
    const reason =
      storyLocale(globals) === 'ja'
        ? '研究計画が指導教員の専門と合致しないため。'
        : "The research plan does not match the supervisor's field.";
    await expect(canvas.getAllByText(t('desk.history.reason', { reason })).length).toBe(2);
  },
};

/** Withdrawn by the applicant, with their reason. */
export const Withdrawn: Story = {
  args: { status: 'withdrawn' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t('desk.history.withdrawn'))).toBeVisible();
    await expect(canvas.getByText(t('desk.history.reason', { reason: deskWords.withdrawal }))).toBeVisible();
  },
};

/**
 * The supervisor's consent in the history, in time order before the submission: a request expired, one
 * declined with its reason and message, one withdrawn, one accepted, each naming the teacher asked.
 */
export const ConsentInHistory: Story = {
  args: { status: 'submitted', consent: true },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const history = within(canvasElement).getByRole('region', { name: t('desk.history.title') });
    const ja = storyLocale(globals) === 'ja';
    const sato = ja ? '佐藤 健' : 'SATO Ken';
    const yamada = ja ? '山田 花子' : 'YAMADA Hanako';
    const lines = within(history)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    const expected = [
      t('desk.history.consent.asked', { teacher: sato }),
      t('desk.history.consent.expired', { teacher: sato }),
      t('desk.history.consent.asked', { teacher: sato }),
      t('desk.history.consent.declined', { teacher: sato }),
      t('desk.history.consent.asked', { teacher: yamada }),
      t('desk.history.consent.withdrawn', { teacher: yamada }),
      t('desk.history.consent.asked', { teacher: yamada }),
      t('desk.history.consent.accepted', { teacher: yamada }),
      t('desk.history.submitted'),
    ];
    await expect(lines).toHaveLength(expected.length);
    for (const [index, text] of expected.entries()) await expect(lines[index]).toContain(text);
    const reason = ja
      ? '受け入れ可能な人数を超えたため。'
      : 'The supervisor cannot take more students this year.';
    await expect(lines[3]).toContain(t('desk.history.reason', { reason }));
    await expect(lines[3]).toContain(t('desk.history.message', { message: consentWords.response }));
    await expect(lines[7]).toContain(t('desk.history.message', { message: consentWords.accepted }));
  },
};

/** On a phone, 360 px wide: the page never scrolls sideways; the documents' table scrolls in its region. */
export const Phone: Story = {
  args: { status: 'returned' },
  parameters: { phone: true },
  play: async ({ canvasElement }) => {
    const root = canvasElement.ownerDocument.documentElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
  },
};

/** As the desk sees it: the actions under the facts, before the answers. */
export const WithActions: Story = {
  args: { status: 'underReview', role: 'desk' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    const actions = within(canvas.getByRole('region', { name: t('desk.actions.title') }));
    for (const id of ['desk.return.open', 'desk.decision.open', 'desk.note.open'] as const)
      await expect(actions.getByRole('button', { name: t(id) })).toBeVisible();
  },
};

/** As a supervisor sees it: the same page, notes only. */
export const AsSupervisor: Story = {
  args: { status: 'underReview', role: 'supervisor' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const actions = within(within(canvasElement).getByRole('region', { name: t('desk.actions.title') }));
    await expect(actions.queryByRole('button', { name: t('desk.decision.open') })).toBeNull();
    await expect(actions.getByRole('button', { name: t('desk.note.open') })).toBeVisible();
    // The server sends a supervisor no screening: no section.
    await expect(within(canvasElement).queryByRole('region', { name: t('desk.screening.title') })).toBeNull();
  },
};

/** Screened at submission, clear: the section says so, no match, nothing to record; the step in the history. */
export const ScreeningClear: Story = {
  args: { status: 'submitted', role: 'desk', screening: 'clear' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    const section = within(canvas.getByRole('region', { name: t('desk.screening.title') }));
    await expect(section.getByText(t('desk.screening.result.clear'))).toBeVisible();
    await expect(section.getByText(t('desk.screening.noMatches'))).toBeVisible();
    await expect(section.getByText(screeningWords.listVersion)).toBeVisible();
    await expect(section.getByText(t('desk.screening.outcome.notNeeded'))).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t('desk.screening.open') })).toBeNull();
    const history = within(canvas.getByRole('region', { name: t('desk.history.title') }));
    await expect(
      history.getByText(
        t('desk.history.screened', {
          trigger: t('desk.screening.trigger.submission'),
          result: t('desk.screening.result.clear'),
        }),
      ),
    ).toBeVisible();
  },
};

/**
 * Needs review: each candidate match (the institution as written, the entry, the name that matched, the score
 * as a percentage, how it matched, the concerns, the entry's country), the countries with their groups; no
 * outcome yet, and the action to record one is offered.
 */
export const ScreeningNeedsReview: Story = {
  args: { status: 'submitted', role: 'desk', screening: 'needsReview' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const intl = intlOf(globals);
    const canvas = within(canvasElement);
    const section = within(canvas.getByRole('region', { name: t('desk.screening.title') }));
    await expect(section.getByText(t('desk.screening.result.needs_review'))).toBeVisible();
    await expect(
      section.getByText(
        t('desk.screening.match', { institution: screeningWords.institution, entry: screeningWords.entry }),
      ),
    ).toBeVisible();
    await expect(
      section.getByText(t('desk.screening.matchedName', { name: screeningWords.alias })),
    ).toBeVisible();
    const percent = (score: number) => intl.formatNumber(score, { style: 'percent' });
    await expect(
      section.getByText(
        t('desk.screening.score', { score: percent(1), kind: t('desk.screening.kind.alias') }),
      ),
    ).toBeVisible();
    await expect(
      section.getByText(
        t('desk.screening.score', { score: percent(0.87), kind: t('desk.screening.kind.similar') }),
      ),
    ).toBeVisible();
    await expect(
      section.getByText(
        t('desk.screening.concerns', {
          concerns: intl.formatList([`${screeningWords.missile} (M)`, `${screeningWords.nuclear} (N)`], {
            type: 'unit',
            style: 'short',
          }),
        }),
      ),
    ).toBeVisible();
    await expect(
      section.getByText(
        t('desk.screening.country', {
          role: t('desk.screening.role.nationality'),
          country: storyLocale(globals) === 'ja' ? '中国' : 'China',
          groups: t('desk.screening.group.none'),
        }),
      ),
    ).toBeVisible();
    await expect(section.getByText(t('desk.screening.outcome.waiting'))).toBeVisible();
    const actions = within(canvas.getByRole('region', { name: t('desk.actions.title') }));
    await expect(actions.getByRole('button', { name: t('desk.screening.open') })).toBeVisible();
  },
};

/** The desk recorded "cleared with conditions": who, when, the conditions; nothing left to record. */
export const ScreeningOutcomeRecorded: Story = {
  args: { status: 'underReview', role: 'desk', screening: 'outcomeRecorded' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    const section = within(canvas.getByRole('region', { name: t('desk.screening.title') }));
    const outcome = t('desk.screening.outcome.cleared_with_conditions');
    await expect(section.getByText(outcome)).toBeVisible();
    const desk = t('desk.actor', { role: t('desk.role.desk'), id: '3' });
    await expect(section.getByText(desk, { exact: false })).toBeVisible();
    await expect(
      section.getByText(t('desk.history.reason', { reason: screeningWords.reason })),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t('desk.screening.open') })).toBeNull();
    const history = within(canvas.getByRole('region', { name: t('desk.history.title') }));
    await expect(
      history.getByText(t('desk.history.screeningOutcome', { actor: desk, outcome })),
    ).toBeVisible();
  },
};
