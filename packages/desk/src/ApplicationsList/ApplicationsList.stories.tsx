import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within, type Mock } from 'storybook/test';
import { createStaffApi } from '@pre-admission/api/staff';
import { ApplicationsList, type ListState } from './ApplicationsList';
import type { ApplicationFilters } from '../model';
import { dataTexts, deskLists } from '../testing/fixtures';
import { filteredPage, storyLocale, storyText, withDeskPage } from '../testing/story';

interface StoryArgs {
  /** The filters the page opens with (from the address). */
  initial: ApplicationFilters;
  /** How many applications the desk holds. */
  size: number;
  state: 'loaded' | 'loading' | 'failed';
  onChange: Mock<(filters: ApplicationFilters) => void>;
  onRetry: Mock<() => void>;
}

/** The console's staff API, for its download link's address only (no call is made). */
const api = createStaffApi({ baseUrl: '' });

/** The list as the desk app mounts it: the filters held above it (the address), the page read from them. */
function ListStory({ initial, size, state, onChange, onRetry }: StoryArgs) {
  const [filters, setFilters] = useState(initial);
  const { locale } = useIntl();
  const shown: ListState =
    state === 'loading'
      ? { status: 'loading' }
      : state === 'failed'
        ? { status: 'failed', onRetry }
        : { status: 'loaded', list: filteredPage(filters, size) };
  return (
    <ApplicationsList
      filters={filters}
      onChange={(next) => {
        onChange(next);
        setFilters(next);
      }}
      state={shown}
      lists={deskLists(locale)}
      applicationHref={(id) => `/desk/applications/${id}`}
      exportHref={api.staffApplicationsExportUrl(filters)}
    />
  );
}

const meta = {
  title: 'Desk/ApplicationsList',
  component: ListStory,
  tags: ['autodocs'],
  decorators: [withDeskPage],
  args: {
    initial: {},
    size: 60,
    state: 'loaded',
    onChange: fn().mockName('onChange'),
    onRetry: fn().mockName('onRetry'),
  },
  parameters: { layout: 'fullscreen', pseudoLocale: { allow: dataTexts() } },
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const rows = (canvas: HTMLElement) => within(canvas).getAllByRole('row').slice(1);

/** Sixty applications, newest first, 25 a page: the count, the table, and paging to the next page. */
export const ManyRows: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(t('desk.list.count', { count: 60 }));
    await expect(rows(canvasElement)).toHaveLength(25);
    const first = within(rows(canvasElement)[0]!);
    await expect(first.getByRole('link')).toHaveAttribute(
      'href',
      '/desk/applications/app0000000000000000000',
    );
    await expect(first.getByText(t('desk.status.submitted'))).toBeVisible();
    await expect(first.getByRole('cell', { name: /CHEN XIAOMING/ })).toBeVisible();
    const paging = within(canvas.getByRole('navigation', { name: t('desk.paging.label') }));
    await expect(paging.getByText(t('desk.paging.position', { page: 1, pages: 3 }))).toBeVisible();
    await expect(paging.getByRole('button', { name: t('desk.paging.previous') })).toBeDisabled();
  },
};

/**
 * The CSV download carries the filters, search and sort shown, not the page (the file holds every match); the
 * browser downloads it.
 */
export const DownloadCsv: Story = {
  args: { initial: { status: 'returned', q: 'CHEN', sort: 'reference', page: 2 } },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const link = within(canvasElement).getByRole('link', { name: t('desk.export.csv') });
    await expect(link).toHaveAttribute(
      'href',
      '/api/staff/applications.csv?status=returned&q=CHEN&sort=reference',
    );
    await expect(link).toHaveAttribute('download');
  },
};

/** The next page: the page number goes to the address; the last page has no next. */
export const NextPage: Story = {
  args: { initial: { page: 2 } },
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    const paging = within(canvas.getByRole('navigation', { name: t('desk.paging.label') }));
    await expect(paging.getByText(t('desk.paging.position', { page: 2, pages: 3 }))).toBeVisible();
    await userEvent.click(paging.getByRole('button', { name: t('desk.paging.next') }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ page: 3 });
    await expect(paging.getByText(t('desk.paging.position', { page: 3, pages: 3 }))).toBeVisible();
    await expect(rows(canvasElement)).toHaveLength(10);
    await expect(paging.getByRole('button', { name: t('desk.paging.next') })).toBeDisabled();
    await userEvent.click(paging.getByRole('button', { name: t('desk.paging.previous') }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ page: 2 });
  },
};

/** Returned applications from India: filters from the address; a new filter goes back to page 1. */
export const Filtered: Story = {
  args: { initial: { status: 'returned', page: 1 } },
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText(t('desk.filter.status'))).toHaveValue('returned');
    await expect(canvas.getByRole('status')).toHaveTextContent(t('desk.list.count', { count: 10 }));
    await userEvent.selectOptions(
      canvas.getByLabelText(t('desk.filter.nationality')),
      storyLocale(globals) === 'ja' ? 'インド' : 'India',
    );
    await expect(args.onChange).toHaveBeenLastCalledWith({ status: 'returned', nationality: 356 });
    await waitFor(() => expect(rows(canvasElement).length).toBeGreaterThan(0));
    for (const row of rows(canvasElement)) {
      await expect(within(row).getByText(t('desk.status.returned'))).toBeVisible();
      await expect(row).toHaveTextContent('KUMAR');
    }
    // The search applies on Enter, as typed (a part of a name, in any case).
    await userEvent.type(canvas.getByRole('searchbox', { name: t('desk.filter.search') }), 'kumar{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith({
      status: 'returned',
      nationality: 356,
      q: 'kumar',
    });
    await expect(canvas.getByRole('status')).toHaveTextContent(t('desk.list.count', { count: 2 }));
    for (const row of rows(canvasElement)) await expect(row).toHaveTextContent('KUMAR');
  },
};

/**
 * The applications whose programme requires the supervisor's consent and where no supervisor has been asked:
 * the consent filter, its value in the address and the CSV download.
 */
export const FilteredByConsent: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    const consent = canvas.getByLabelText(t('desk.filter.consent'));
    await userEvent.selectOptions(consent, t('desk.filter.consent.notAsked'));
    await expect(args.onChange).toHaveBeenLastCalledWith({ consent: 'notAsked' });
    await expect(consent).toHaveValue('notAsked');
    await expect(canvas.getByRole('status')).toHaveTextContent(t('desk.list.count', { count: 5 }));
    await expect(canvas.getByRole('link', { name: t('desk.export.csv') })).toHaveAttribute(
      'href',
      '/api/staff/applications.csv?consent=notAsked',
    );
  },
};

/** Nothing matches: the page says how to widen the search, and clears the filters in one press. */
export const Empty: Story = {
  args: { initial: { kind: 'exchange', status: 'decided', sort: 'reference' } },
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(t('desk.list.count', { count: 0 }));
    await expect(canvas.getByRole('heading', { name: t('desk.list.empty.title') })).toBeVisible();
    await expect(canvas.getByText(t('desk.list.empty.text'))).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    // Nothing to download.
    await expect(canvas.queryByRole('link', { name: t('desk.export.csv') })).toBeNull();
    const clear = canvas.getAllByRole('button', { name: t('desk.filter.clear') });
    await userEvent.click(clear[clear.length - 1]!);
    // The sort stays: only the filters go.
    await expect(args.onChange).toHaveBeenLastCalledWith({ sort: 'reference' });
    await expect(canvas.getByRole('status')).toHaveTextContent(t('desk.list.count', { count: 60 }));
  },
};

/** While a page loads: the filters stay usable, a progress bar says what is loading. */
export const Loading: Story = {
  args: { state: 'loading' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('progressbar', { name: t('desk.list.loading') })).toBeVisible();
    await expect(canvas.getByLabelText(t('desk.filter.status'))).toBeEnabled();
  },
};

/** The list could not be loaded: what happened, that the filters are kept, and a way to try again. */
export const Failure: Story = {
  args: { state: 'failed', initial: { q: 'CHEN' } },
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    const alert = within(canvas.getByRole('alert'));
    await expect(alert.getByRole('heading', { name: t('desk.list.failed.title') })).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: t('desk.filter.search') })).toHaveValue('CHEN');
    await userEvent.click(alert.getByRole('button', { name: t('desk.list.retry') }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** On a phone, 360 px wide: the filters one above the other, the table scrolls sideways in its own region. */
export const Phone: Story = {
  parameters: { phone: true },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(t('desk.list.count', { count: 60 }));
    const region = canvas.getByRole('region', { name: t('desk.paging.position', { page: 1, pages: 3 }) });
    // The page itself never scrolls sideways: only the table's region does.
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(
      canvasElement.ownerDocument.documentElement.clientWidth,
    );
    await expect(region).toHaveAttribute('tabindex', '0');
  },
};
