import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within, type Mock } from 'storybook/test';
import { intlOf } from '@pre-admission/i18n/all';
import { dataTexts } from '../testing/fixtures';
import { ApplicationsOverview, formatWhen } from './ApplicationsOverview';
import { everyStatus, fixtureTexts, storyLists } from './testing/fixtures';
import { storyHandlers, storyServer } from './testing/handlers';
import { storyApi } from './testing/storyApi';
import { storyText, withStoryPage } from './testing/StoryPage';

interface StoryArgs {
  navigate: Mock<(href: string) => void>;
  onNoSession: Mock<() => void>;
  reportError: Mock<(error: unknown) => void>;
}

/** The list as the app mounts it; the applicant's clock is London's, so a due date shows both times. */
function OverviewStory(spies: StoryArgs) {
  const api = useMemo(() => storyApi(), []);
  return (
    <ApplicationsOverview
      api={api}
      lists={storyLists}
      applicationHref={(id) => `/applications/${id}`}
      planHref="/applications"
      timeZone="Europe/London"
      {...spies}
    />
  );
}

const meta = {
  title: 'Planner/ApplicationsOverview',
  component: OverviewStory,
  tags: ['autodocs'],
  decorators: [withStoryPage],
  args: {
    navigate: fn().mockName('navigate'),
    onNoSession: fn().mockName('onNoSession'),
    reportError: fn().mockName('reportError'),
  },
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: storyServer(everyStatus()) },
    // Programme names come from the (mock) reference data; the desk's words and reasons are data; times
    // are formatted by Intl, with the zone's short name.
    pseudoLocale: {
      allow: [
        ...dataTexts(),
        ...fixtureTexts,
        'GMT',
        'UTC',
        'I have accepted another offer.',
        'Family reasons.',
        'No longer needed.',
      ],
    },
  },
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;
type Globals = Record<string, unknown>;

const ja = (globals: Globals) => intlOf(globals).locale === 'ja';

/** The master's application's name, as its heading says it: the kind (a message), the programme (data). */
const masters = (globals: Globals) =>
  storyText(globals)('planner.status.name', {
    kind: storyText(globals)('planner.kind.master'),
    programme: ja(globals) ? '修士課程（4月入学）' : "Master's programme (April entry)",
  });

/**
 * Every status in words: a draft to continue, a return for changes (what, and by when in Japan time and the
 * applicant's own), the desk's decisions with the reason in the applicant's language, a withdrawal with its
 * reason; each with its number, its history and its link.
 */
export const EveryStatus: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    const articles = await canvas.findAllByRole('article');
    const expected = [
      'draft',
      'returned',
      'resubmitted',
      'withdrawn',
      'decided',
      'decided',
      'underReview',
      'submitted',
    ];
    await expect(articles).toHaveLength(expected.length);
    for (const [index, status] of expected.entries())
      await expect(
        within(articles[index]!).getByText(t(`planner.status.${status}` as 'planner.status.draft')),
      ).toBeVisible();
    const returned = within(canvas.getAllByRole('article')[1]!);
    await expect(returned.getByText('M27-4KX7-9QF2')).toBeVisible();
    await expect(
      returned.getByText('Please upload the graduation certificate with the university’s seal.'),
    ).toBeVisible();
    // 8 December 2026 08:00 UTC: 17:00 in Japan, 08:00 in London, each with its zone.
    const intl = intlOf(globals);
    const dueAt = '2026-12-08T08:00:00.000Z';
    await expect(canvas.getAllByRole('article')[1]).toHaveTextContent(
      t('planner.status.returned.due', { time: formatWhen(intl, new Date(dueAt), 'Asia/Tokyo') }),
    );
    await expect(canvas.getAllByRole('article')[1]).toHaveTextContent(
      t('planner.status.returned.dueLocal', { time: formatWhen(intl, new Date(dueAt), 'Europe/London') }),
    );
    const notAccepted = within(canvas.getAllByRole('article')[4]!);
    await expect(
      notAccepted.getByText(
        t('planner.status.decision.reason', {
          reason: ja(globals)
            ? '研究計画が指導教員の専門と合致しないため。'
            : 'The research plan does not match the supervisor’s field.',
        }),
      ),
    ).toBeVisible();
    const withdrawn = within(canvas.getAllByRole('article')[3]!);
    await expect(
      withdrawn.getByText(
        t('planner.status.history.withdrawn', {
          reason: 'I have accepted an offer from another university.',
        }),
      ),
    ).toBeVisible();
    await expect(
      withdrawn.queryByRole('button', { name: new RegExp(t('planner.status.withdraw.open')) }),
    ).toBeNull();
    // The draft opens to continue, through the app's router.
    const draft = within(canvas.getAllByRole('article')[0]!);
    const open = draft.getByRole('link', {
      name: `${t('planner.status.open.continue')} ${masters(globals)}`,
    });
    await expect(open).toHaveAttribute('href', expect.stringMatching(/^\/applications\//));
    await userEvent.click(open);
    await expect(args.navigate).toHaveBeenCalledWith(open.getAttribute('href'));
  },
};

/** None yet: the way forward is the application plan, where an application starts. */
export const Empty: Story = {
  parameters: { msw: { handlers: storyServer([]) } },
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(t('planner.status.none'))).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: t('planner.status.toPlan') }));
    await expect(args.navigate).toHaveBeenCalledWith('/applications');
  },
};

/** While the list loads: the heading stays, with the loading indicator. */
export const Loading: Story = {
  parameters: { msw: { handlers: [storyHandlers.listPending] } },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('progressbar', { name: t('planner.status.loading') })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('planner.status.title'));
  },
};

/** Opens the withdrawal dialog of the submitted application (the last). */
async function openWithdrawal(canvasElement: HTMLElement, globals: Globals) {
  const t = storyText(globals);
  const article = (await within(canvasElement).findAllByRole('article')).at(-1)!;
  await userEvent.click(
    within(article).getByRole('button', {
      name: `${t('planner.status.withdraw.open')} ${t('planner.status.nameWithReference', { name: masters(globals), reference: 'M27-9C4D-1VXA' })}`,
    }),
  );
  const dialog = await within(document.body).findByRole('dialog', {
    name: t('planner.status.withdraw.title'),
  });
  return { article, dialog: within(dialog), dialogElement: dialog };
}

/**
 * Withdraw: the reason is required (its error says what to do), counted, then sent; the dialog closes, the
 * status says Withdrawn and a notice takes focus.
 */
export const Withdraw: Story = {
  // A store of its own: the withdrawal changes it.
  parameters: { msw: { handlers: storyServer(everyStatus()) } },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const { article, dialog, dialogElement } = await openWithdrawal(canvasElement, globals);
    await expect(dialogElement).toHaveTextContent('M27-9C4D-1VXA');
    await userEvent.click(dialog.getByRole('button', { name: t('planner.status.withdraw.confirm') }));
    const reason = dialog.getByRole('textbox', { name: t('planner.status.withdraw.reason') });
    await expect(reason).toHaveAccessibleDescription(
      expect.stringContaining(t('planner.status.withdraw.reasonRequired')),
    );
    await userEvent.type(reason, 'I have accepted another offer.');
    await expect(dialog.getByText(t('planner.status.withdraw.left', { count: 970 }))).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: t('planner.status.withdraw.confirm') }));
    const notice = await within(canvasElement).findByRole('region', {
      name: t('planner.status.withdraw.done'),
    });
    await waitFor(() => expect(notice).toHaveFocus());
    await expect(within(article).getByText(t('planner.status.withdrawn'))).toBeVisible();
    await expect(article).toHaveTextContent(
      t('planner.status.history.withdrawn', { reason: 'I have accepted another offer.' }),
    );
    // Shot once the dialog has gone (its exit animation ends before the screenshot: on a loaded machine it was
    // caught still shown, and the page was shot whole).
    await waitFor(() => expect(dialogElement).not.toBeInTheDocument(), { timeout: 10_000 });
  },
};

/** A failure on our side: the dialog stays, with the reason as typed; closed and opened again, it is still there. */
export const WithdrawFails: Story = {
  parameters: {
    msw: { handlers: [storyHandlers.withdrawFails, ...storyServer(everyStatus())] },
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    let { dialog } = await openWithdrawal(canvasElement, globals);
    const typed = 'Family reasons.';
    await userEvent.type(dialog.getByRole('textbox', { name: t('planner.status.withdraw.reason') }), typed);
    await userEvent.click(dialog.getByRole('button', { name: t('planner.status.withdraw.confirm') }));
    const summary = await dialog.findByRole('group', { name: t('ui.errorSummary.titleNotDone') });
    await expect(summary).toHaveTextContent(t('ui.failure.server'));
    await expect(dialog.getByRole('textbox', { name: t('planner.status.withdraw.reason') })).toHaveValue(
      typed,
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    ({ dialog } = await openWithdrawal(canvasElement, globals));
    await expect(dialog.getByRole('textbox', { name: t('planner.status.withdraw.reason') })).toHaveValue(
      typed,
    );
  },
};

/** Decided meanwhile (409 not_withdrawable): said in the dialog; the list is read again. */
export const WithdrawRefused: Story = {
  parameters: {
    msw: { handlers: [storyHandlers.withdrawNotWithdrawable, ...storyServer(everyStatus())] },
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const { dialog } = await openWithdrawal(canvasElement, globals);
    await userEvent.type(
      dialog.getByRole('textbox', { name: t('planner.status.withdraw.reason') }),
      'No longer needed.',
    );
    await userEvent.click(dialog.getByRole('button', { name: t('planner.status.withdraw.confirm') }));
    await expect(
      await dialog.findByRole('group', { name: t('ui.errorSummary.titleNotDone') }),
    ).toHaveTextContent(t('planner.status.withdraw.notWithdrawable'));
  },
};

/** Over 1000 characters: the count says how many too many, and Withdraw says what to do. */
// In the dialog, `toBeInTheDocument`: while the dialog fades in, its content is not yet "visible".
export const ReasonTooLong: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const { dialog } = await openWithdrawal(canvasElement, globals);
    const reason = dialog.getByRole('textbox', { name: t('planner.status.withdraw.reason') });
    await userEvent.click(reason);
    await userEvent.paste('あ'.repeat(1003));
    await expect(dialog.getByText(t('planner.status.withdraw.tooMany', { count: 3 }))).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: t('planner.status.withdraw.confirm') }));
    await expect(reason).toHaveAccessibleDescription(
      expect.stringContaining(t('planner.status.withdraw.reasonTooLong', { max: 1000 })),
    );
  },
};

/**
 * Keyboard only: Tab reaches the last application's Withdraw, Enter opens the dialog, the reason is typed, Tab
 * reaches Withdraw the application, Enter sends it; the notice then has focus.
 */
export const WithdrawByKeyboard: Story = {
  parameters: { msw: { handlers: storyServer(everyStatus()) } },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const article = (await within(canvasElement).findAllByRole('article')).at(-1)!;
    const open = within(article).getByRole('button', {
      name: `${t('planner.status.withdraw.open')} ${t('planner.status.nameWithReference', { name: masters(globals), reference: 'M27-9C4D-1VXA' })}`,
    });
    for (let i = 0; i < 80 && document.activeElement !== open; i++) await userEvent.tab();
    await expect(open).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialogElement = await within(document.body).findByRole('dialog', {
      name: t('planner.status.withdraw.title'),
    });
    const dialog = within(dialogElement);
    const reason = dialog.getByRole('textbox', { name: t('planner.status.withdraw.reason') });
    for (let i = 0; i < 10 && document.activeElement !== reason; i++) await userEvent.tab();
    await userEvent.keyboard('Family reasons.');
    const send = dialog.getByRole('button', { name: t('planner.status.withdraw.confirm') });
    for (let i = 0; i < 10 && document.activeElement !== send; i++) await userEvent.tab();
    await expect(send).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const notice = await within(canvasElement).findByRole('region', {
      name: t('planner.status.withdraw.done'),
    });
    await waitFor(() => expect(notice).toHaveFocus());
    // Shot once the dialog has gone (its exit animation ends before the screenshot: on a loaded machine it was
    // caught still shown, and the page was shot whole).
    await waitFor(() => expect(dialogElement).not.toBeInTheDocument(), { timeout: 10_000 });
  },
};

/** On a phone (360 px): each application's rows and actions fit. */
export const Phone: Story = {
  parameters: { phone: true },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findAllByRole('article');
    const page = canvasElement.querySelector('main')!;
    await expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth);
  },
};
