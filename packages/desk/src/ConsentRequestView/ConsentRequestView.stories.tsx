import { useIntl } from 'react-intl';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within, type Mock } from 'storybook/test';
import { ConsentAnswer } from '../actions/ConsentAnswer';
import { ConsentRequestView } from './ConsentRequestView';
import {
  rightsOf,
  type ActionResult,
  type ConsentDecision,
  type ConsentStatus,
  type StaffRole,
} from '../model';
import { consentRequestIn, consentWords, dataTexts, deskLists } from '../testing/fixtures';
import { storyLocale, storyText, withDeskPage } from '../testing/story';

interface StoryArgs {
  status: ConsentStatus;
  role: StaffRole;
  onDecide: Mock<(decision: ConsentDecision) => Promise<ActionResult>>;
}

/** A request's page as the desk app mounts it, with its answer (ConsentAnswer) for the role. */
function ViewStory({ status, role, onDecide }: StoryArgs) {
  const { locale } = useIntl();
  const lists = deskLists(locale);
  const request = consentRequestIn(status);
  return (
    <ConsentRequestView
      request={request}
      lists={lists}
      listHref="/desk/consent"
      researchPlanHref={`/api/staff/consent-requests/${request.id}/research-plan`}
      answer={
        <ConsentAnswer
          request={request}
          lists={lists}
          locale={locale === 'ja' ? 'ja' : 'en'}
          rights={rightsOf(role)}
          onDecide={onDecide}
        />
      }
    />
  );
}

const meta = {
  title: 'Desk/ConsentRequestView',
  component: ViewStory,
  tags: ['autodocs'],
  decorators: [withDeskPage],
  args: { status: 'requested', role: 'supervisor', onDecide: fn().mockName('onDecide') },
  parameters: { layout: 'fullscreen', pseudoLocale: { allow: [...dataTexts(), 'kB', 'MB'] } },
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Waiting for the supervisor it names: the applicant, programme, supervisor and dates, the message, the
 * research plan's download, and the button that answers.
 */
export const Pending: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', {
        level: 1,
        name: t('desk.consent.request.title', { name: 'CHEN XIAOMING' }),
      }),
    ).toBeVisible();
    await expect(canvas.getByText(t('desk.consent.status.requested'))).toBeVisible();
    await expect(canvas.getByText(consentWords.message)).toBeVisible();
    const download = canvas.getByRole('link', { name: new RegExp(consentWords.researchPlan) });
    await expect(download).toHaveAttribute(
      'href',
      `/api/staff/consent-requests/${consentRequestIn('requested').id}/research-plan`,
    );
    await expect(canvas.getByRole('button', { name: t('desk.consent.decide.open') })).toBeVisible();
    await expect(canvas.getByRole('link', { name: t('desk.consent.back') })).toHaveAttribute(
      'href',
      '/desk/consent',
    );
  },
};

/** The desk reads every request but does not answer: no button, and who does is said. */
export const PendingForTheDesk: Story = {
  args: { role: 'desk' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t('desk.consent.about.notYours'))).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t('desk.consent.decide.open') })).toBeNull();
  },
};

/** Declined: the answer, its reason in the page's language, and the message the applicant was sent. */
export const Declined: Story = {
  args: { status: 'declined' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    const answer = within(canvas.getByRole('region', { name: t('desk.consent.answer') }));
    await expect(answer.getByText(t('desk.consent.status.declined'))).toBeVisible();
    const reason = consentRequestIn('declined').reason!;
    await expect(
      answer.getByText(
        t('desk.history.reason', { reason: storyLocale(globals) === 'ja' ? reason.ja : reason.en }),
      ),
    ).toBeVisible();
    await expect(answer.getByText(consentWords.response)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t('desk.consent.decide.open') })).toBeNull();
  },
};

/** Accepted, with the supervisor's message; no button any more. */
export const Accepted: Story = {
  args: { status: 'accepted' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    const answer = within(canvas.getByRole('region', { name: t('desk.consent.answer') }));
    await expect(answer.getByText(t('desk.consent.status.accepted'))).toBeVisible();
    await expect(answer.getByText(consentWords.accepted)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t('desk.consent.decide.open') })).toBeNull();
  },
};

/** Nobody answered in time: expired, said what it means, and no button. */
export const Expired: Story = {
  args: { status: 'expired' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t('desk.consent.about.expired'))).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t('desk.consent.decide.open') })).toBeNull();
  },
};

/** Withdrawn by the applicant, who removed the research plan since: both said. */
export const Withdrawn: Story = {
  args: { status: 'withdrawn' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t('desk.consent.about.withdrawn'))).toBeVisible();
    await expect(canvas.getByText(t('desk.consent.researchPlan.none'))).toBeVisible();
    await expect(canvas.queryByRole('link', { name: new RegExp(consentWords.researchPlan) })).toBeNull();
  },
};
