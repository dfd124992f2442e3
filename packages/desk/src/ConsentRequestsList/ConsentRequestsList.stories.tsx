import { useIntl } from 'react-intl';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, type Mock } from 'storybook/test';
import { ConsentRequestsList, type ConsentListState } from './ConsentRequestsList';
import type { StaffConsentRequest } from '../model';
import { consentRequestIn, consentRequests, dataTexts, deskLists } from '../testing/fixtures';
import { storyLocale, storyText, withDeskPage } from '../testing/story';

interface StoryArgs {
  state: 'loaded' | 'loading' | 'failed';
  requests: StaffConsentRequest[];
  onRetry: Mock<() => void>;
}

/** The list as the desk app mounts it: the query's state, the requests the server listed. */
function ListStory({ state, requests, onRetry }: StoryArgs) {
  const { locale } = useIntl();
  const shown: ConsentListState =
    state === 'loading'
      ? { status: 'loading' }
      : state === 'failed'
        ? { status: 'failed', onRetry }
        : { status: 'loaded', requests };
  return (
    <ConsentRequestsList
      state={shown}
      lists={deskLists(locale)}
      requestHref={(id) => `/desk/consent/${id}`}
    />
  );
}

const meta = {
  title: 'Desk/ConsentRequestsList',
  component: ListStory,
  tags: ['autodocs'],
  decorators: [withDeskPage],
  args: { state: 'loaded', requests: consentRequests(), onRetry: fn().mockName('onRetry') },
  parameters: { layout: 'fullscreen', pseudoLocale: { allow: dataTexts() } },
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const rows = (canvas: HTMLElement) => within(canvas).getAllByRole('row').slice(1);

/**
 * A supervisor's requests: how many wait, and those waiting first (the one due soonest at the top), each
 * with its applicant (linked), programme, the day asked, the time due (Japan time) and its state.
 */
export const Pending: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(t('desk.consent.waiting', { count: 2 }));
    const shown = rows(canvasElement);
    await expect(shown).toHaveLength(6);
    const statuses = shown.map((row) => within(row).getAllByRole('cell').at(-1)!.textContent);
    await expect(statuses).toEqual(
      (['requested', 'requested', 'accepted', 'declined', 'expired', 'withdrawn'] as const).map((status) =>
        t(`desk.consent.status.${status}`),
      ),
    );
    // Of the two waiting, the one asked earlier is due sooner: it comes first.
    const first = within(shown[0]!);
    const soonest = consentRequestIn('requested', 3);
    await expect(first.getByRole('link')).toHaveAttribute('href', `/desk/consent/${soonest.id}`);
    await expect(first.getByRole('link')).toHaveTextContent(
      `${soonest.applicant.familyName} ${soonest.applicant.givenNames}`,
    );
    // Asked at 20:00 UTC on 27 November, which is 28 November in Japan: the days are Japan's.
    const day = new Intl.DateTimeFormat(storyLocale(globals), { dateStyle: 'long', timeZone: 'Asia/Tokyo' });
    await expect(first.getByText(day.format(new Date(soonest.requestedAt)))).toBeVisible();
    await expect(first.getByText(day.format(new Date(soonest.expiresAt)), { exact: false })).toBeVisible();
    await expect(day.format(new Date(soonest.requestedAt))).toMatch(/28/);
    const programme = deskLists(storyLocale(globals)).programmes.find((p) => p.id === soonest.programId)!;
    await expect(first.getByRole('cell', { name: programme.name })).toBeVisible();
  },
};

/** Every request answered or closed: none waits, and the table still shows them. */
export const Decided: Story = {
  args: { requests: consentRequests().filter((request) => request.status !== 'requested') },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(t('desk.consent.waiting', { count: 0 }));
    await expect(rows(canvasElement)).toHaveLength(4);
    await expect(canvas.getByText(t('desk.consent.status.declined'))).toBeVisible();
  },
};

/** Past its due date the request reads as expired, and none waits. */
export const Expired: Story = {
  args: { requests: [consentRequestIn('expired'), consentRequestIn('expired', 4)] },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText(t('desk.consent.status.expired'))).toHaveLength(2);
    await expect(canvas.getByRole('status')).toHaveTextContent(t('desk.consent.waiting', { count: 0 }));
  },
};

/** No request yet: said, with what will bring one. */
export const Empty: Story = {
  args: { requests: [] },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: t('desk.consent.empty.title') })).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** While the list loads. */
export const Loading: Story = {
  args: { state: 'loading' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    await expect(within(canvasElement).getByText(t('desk.consent.loading'))).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole('table')).toBeNull();
  },
};

/** The list could not be read: said in an alert, with a retry. */
export const Failed: Story = {
  args: { state: 'failed' },
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const alert = within(within(canvasElement).getByRole('alert'));
    await expect(alert.getByRole('heading', { name: t('desk.consent.failed.title') })).toBeVisible();
    await userEvent.click(alert.getByRole('button', { name: t('desk.list.retry') }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};
