import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { intlOf } from '@pre-admission/i18n/all';
import { translator } from '../testing/PlannerDecorator';
import { ApplicationScreen } from './ApplicationScreen';
import { sectionNames } from './model';
import {
  applicationSpies,
  storyApplicant,
  useStoryApplication,
  withApplication,
  type ApplicationParameters,
  type ApplicationSpies,
} from './testing/ApplicationDecorator';
import {
  closedPeriods,
  closingSoonPeriods,
  completeApplication,
  dataTexts,
  draftApplication,
  submittedApplication,
  upcomingPeriods,
} from './testing/fixtures';
import { applicationStoryHandlers } from './testing/handlers';

function ApplicationStory(spies: ApplicationSpies) {
  return <ApplicationScreen {...useStoryApplication()} {...spies} />;
}

const at = (id: string, page?: ApplicationParameters['page']): { application: ApplicationParameters } => ({
  application: page ? { id, page } : { id },
});

const meta = {
  title: 'Planner/Application',
  component: ApplicationStory,
  decorators: [withApplication],
  args: applicationSpies(),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: applicationStoryHandlers() },
    ...at(draftApplication.id),
    // Names, addresses and file names come from the (mock) API: data, in English in en-XA.
    pseudoLocale: { allow: dataTexts() },
  },
} satisfies Meta<ApplicationSpies>;

export default meta;
type Story = StoryObj<typeof meta>;
type Globals = Record<string, unknown>;

const inEnglish = (globals: Globals) => intlOf(globals).locale === 'en';

/** The task list's row of a section: its name (a link, or text while it cannot start) and its status. */
async function sectionRow(canvasElement: HTMLElement, globals: Globals, section: string) {
  const t = translator(globals);
  const name = t(`planner.application.section.${section as 'choices'}`);
  const row = await waitFor(() => {
    const found = [...canvasElement.querySelectorAll('main li')].find(
      (li) => li.firstElementChild?.textContent === name,
    );
    if (!found) throw new Error(`No row ${name}`);
    return found;
  });
  return { row, link: row.querySelector('a'), status: row.lastElementChild?.textContent };
}

/** Opens a section from the task list and waits for its page. */
async function openSection(canvasElement: HTMLElement, globals: Globals, section: string) {
  const t = translator(globals);
  const { link } = await sectionRow(canvasElement, globals, section);
  if (!link) throw new Error(`${section} cannot be opened`);
  await userEvent.click(link);
  const heading = await within(canvasElement).findByRole('heading', {
    level: 1,
    name: t(`planner.application.section.${section as 'choices'}`),
  });
  await waitFor(() => expect(heading).toHaveFocus());
}

const saveButton = (canvasElement: HTMLElement, globals: Globals) =>
  within(canvasElement).getByRole('button', { name: translator(globals)('planner.continue') });

async function expectSummaryWith(canvasElement: HTMLElement, globals: Globals, text: string) {
  const t = translator(globals);
  const titles = [t('ui.errorSummary.title'), t('ui.errorSummary.titleNotDone')];
  const summary = await within(canvasElement).findByRole('group', { name: (name) => titles.includes(name) });
  await waitFor(() => expect(summary).toHaveFocus());
  await expect(summary).toHaveTextContent(text);
  return summary;
}

/**
 * A draft just started from the plan: its first section (the plan's programme, supervisor and scholarship) is
 * complete, the others not started; the documents wait; the period is open, shown in Japan time and in the
 * applicant's own.
 */
export const StartedFromThePlan: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.title') });
    await expect((await sectionRow(canvasElement, globals, 'choices')).status).toBe(
      t('planner.status.completed'),
    );
    for (const section of ['personal', 'contact', 'education', 'declarations'])
      await expect((await sectionRow(canvasElement, globals, section)).status).toBe(
        t('planner.status.notStarted'),
      );
    const documents = await sectionRow(canvasElement, globals, 'documents');
    await expect(documents.link).toBeNull();
    await expect(documents.status).toBe(t('planner.application.cannotStart'));
    await expect(canvasElement).toHaveTextContent(
      t('planner.application.progress', { completed: 1, total: sectionNames.length }),
    );
    const period = canvas.getByRole('region', { name: t('planner.application.period.title') });
    await expect(period).toHaveTextContent(inEnglish(globals) ? '(Japan time)' : '（日本時間）');
    await expect(period).toHaveTextContent(/GMT\+8/);
  },
};

/** The period opens later: drafting now, submitting once it opens. */
export const PeriodUpcoming: Story = {
  parameters: { msw: { handlers: applicationStoryHandlers({ periods: upcomingPeriods }) } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const period = await within(canvasElement).findByRole('region', {
      name: t('planner.application.period.title'),
    });
    await expect(period).toHaveTextContent(t('planner.application.period.drafting'));
  },
};

/** Under 72 hours before the close: how long is left. */
export const PeriodClosingSoon: Story = {
  parameters: { msw: { handlers: applicationStoryHandlers({ periods: closingSoonPeriods }) } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const period = await within(canvasElement).findByRole('region', {
      name: t('planner.application.period.title'),
    });
    await expect(period).toHaveTextContent(
      t('planner.application.period.timeLeft', { days: 1, hours: 6, minutes: 20 }),
    );
  },
};

/** The period closed: the answers can still be changed, not submitted. */
export const PeriodClosed: Story = {
  parameters: { msw: { handlers: applicationStoryHandlers({ periods: closedPeriods }) } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const period = await within(canvasElement).findByRole('region', {
      name: t('planner.application.period.title'),
    });
    await expect(period).toHaveTextContent(t('planner.application.period.drafting'));
  },
};

/** Personal details, empty: Save and continue saves what there is (nothing yet) and goes to the next section. */
export const PersonalEmpty: Story = {
  parameters: at(draftApplication.id, 'personal'),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.personal') });
    await userEvent.click(saveButton(canvasElement, globals));
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.contact') });
    // The account's address, shown, not asked again.
    await expect(within(canvasElement.querySelector('main')!).getByText(storyApplicant)).toBeVisible();
  },
};

/**
 * Personal details with answers the rules refuse: digits in the passport name, a date of birth in the future;
 * the error summary names each field and links to it, nothing is sent, and what was typed stays.
 */
export const PersonalWithErrors: Story = {
  parameters: at(draftApplication.id, 'personal'),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.personal') });
    await userEvent.type(
      canvas.getByRole('textbox', { name: t('planner.application.personal.familyName') }),
      'CHEN2',
    );
    const year = canvas.getByRole('textbox', { name: t('planner.application.date.year') });
    await userEvent.type(year, '2031');
    await userEvent.type(canvas.getByRole('textbox', { name: t('planner.application.date.month') }), '4');
    await userEvent.type(canvas.getByRole('textbox', { name: t('planner.application.date.day') }), '2');
    await userEvent.click(saveButton(canvasElement, globals));
    const summary = await expectSummaryWith(
      canvasElement,
      globals,
      t('ui.errorSummary.item', {
        label: t('planner.application.personal.familyName'),
        message: t('planner.application.error.latin_only'),
      }),
    );
    await expect(summary).toHaveTextContent(t('planner.application.error.in_future'));
    await userEvent.click(
      within(summary).getByRole('link', {
        name: (name) => name.includes(t('planner.application.error.in_future')),
      }),
    );
    await expect(year).toHaveFocus();
    await expect(
      canvas.getByRole('textbox', { name: t('planner.application.personal.familyName') }),
    ).toHaveValue('CHEN2');
  },
};

/**
 * Personal details filled in from the task list: a full-width name is made half-width, the date typed in its
 * parts, the countries chosen; Save and continue goes to the next section, and the task list shows it complete.
 */
export const PersonalFilled: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await openSection(canvasElement, globals, 'personal');
    const family = canvas.getByRole('textbox', { name: t('planner.application.personal.familyName') });
    await userEvent.type(family, 'ＣＨＥＮ');
    await userEvent.tab();
    await expect(family).toHaveValue('CHEN');
    await userEvent.type(canvas.getByRole('textbox', { name: t('planner.application.date.year') }), '1999');
    await userEvent.type(canvas.getByRole('textbox', { name: t('planner.application.date.month') }), '4');
    await userEvent.type(canvas.getByRole('textbox', { name: t('planner.application.date.day') }), '2');
    const china = inEnglish(globals) ? 'China' : '中国';
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: t('planner.application.personal.nationality') }),
      china,
    );
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: t('planner.application.personal.residence') }),
      china,
    );
    await userEvent.click(saveButton(canvasElement, globals));
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.contact') });
    await userEvent.click(canvas.getByRole('link', { name: t('planner.application.back') }));
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.title') });
    await expect((await sectionRow(canvasElement, globals, 'personal')).status).toBe(
      t('planner.status.completed'),
    );
  },
};

/** Every answer of the complete draft, each with a Change link; nothing missing; Submit sends it. */
export const CheckAnswersReady: Story = {
  parameters: {
    msw: { handlers: applicationStoryHandlers({ applications: [completeApplication] }) },
    ...at(completeApplication.id, 'check'),
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.check') });
    await expect(canvasElement).toHaveTextContent('CHEN');
    await expect(canvasElement).toHaveTextContent('application-form.pdf');
    await userEvent.click(canvas.getByRole('button', { name: t('planner.application.check.submit') }));
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.receipt.title') });
    await expect(canvasElement).toHaveTextContent(
      t('planner.application.receipt.mail', { email: storyApplicant }),
    );
  },
};

/** What is still missing, each linking to its section; no Submit until it is complete. */
export const CheckAnswersMissing: Story = {
  parameters: at(draftApplication.id, 'check'),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.check') });
    await expect(canvas.queryByRole('button', { name: t('planner.application.check.submit') })).toBeNull();
    await expect(canvasElement).toHaveTextContent(t('planner.application.check.notReady'));
    await userEvent.click(
      canvas.getByRole('link', {
        name: t('ui.errorSummary.item', {
          label: t('planner.application.personal.familyName'),
          message: t('planner.application.error.required_text'),
        }),
      }),
    );
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.personal') });
  },
};

/** The receipt: the application number large, the date in Japan time, the mail, what was sent. */
export const Receipt: Story = {
  parameters: {
    msw: { handlers: applicationStoryHandlers({ applications: [submittedApplication] }) },
    ...at(submittedApplication.id, 'receipt'),
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.receipt.title') });
    await expect(canvasElement).toHaveTextContent('M27 4KX7 9QF2');
    await expect(canvasElement).toHaveTextContent(t('planner.application.receipt.sent'));
  },
};
