import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { consentHandlers, applicationHandlers as failures } from '@pre-admission/api/mocks';
import { intlOf } from '@pre-admission/i18n/all';
import { translator } from '../testing/PlannerDecorator';
import { ApplicationScreen } from './ApplicationScreen';
import { fieldId, sectionNames } from './model';
import { sectionDraftKey } from './sectionDrafts';
import {
  applicationSpies,
  reloadStory,
  storyApplicant,
  useStoryApplication,
  withApplication,
  type ApplicationParameters,
  type ApplicationSpies,
} from './testing/ApplicationDecorator';
import {
  closedPeriods,
  closingInSecondsPeriods,
  closingSoonPeriods,
  completeApplication,
  dataTexts,
  draftApplication,
  storyNow,
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

/** The draft started from the plan, at one of its pages, in a store of the story's own (saves stay in it). */
const draftAt = (page?: ApplicationParameters['page']) => ({
  msw: { handlers: applicationStoryHandlers() },
  ...at(draftApplication.id, page),
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
    // Names, addresses and file names come from the (mock) API: data, in English in en-XA; file sizes are
    // Intl's units (the documents section's limits).
    pseudoLocale: { allow: [...dataTexts(), 'kB', 'MB'] },
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
 * complete, the others not started; the period is open, shown in Japan time and in the applicant's own.
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
    await expect(documents.link).not.toBeNull();
    await expect(documents.status).toBe(t('planner.status.notStarted'));
    await expect(canvasElement).toHaveTextContent(
      t('planner.application.progress', { completed: 1, total: sectionNames.length }),
    );
    const period = canvas.getByRole('region', { name: t('planner.application.period.title') });
    const before = (text: string) => text.split('\u0000')[0] ?? '';
    await expect(period).toHaveTextContent(
      before(t('planner.application.period.open', { closes: '\u0000' })),
    );
    await expect(period).toHaveTextContent(
      before(t('planner.application.period.yourTime', { time: '\u0000' })),
    );
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
  parameters: draftAt('personal'),
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
  parameters: draftAt('personal'),
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
  parameters: draftAt(),
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
  parameters: draftAt('check'),
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
    // GOV.UK's error summary: the link lands in the very field, not on the page's heading.
    await waitFor(() =>
      expect(
        canvas.getByRole('textbox', { name: t('planner.application.personal.familyName') }),
      ).toHaveFocus(),
    );
  },
};

/** A missing document's link: the documents page, with the focus on that document's file button. */
export const CheckAnswersMissingDocument: Story = {
  parameters: draftAt('check'),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.check') });
    const link = [...canvasElement.querySelectorAll<HTMLAnchorElement>('a[href*="/documents#"]')][0];
    if (!link) throw new Error('No missing document');
    const target = link.href.split('#')[1] ?? '';
    await userEvent.click(link);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.documents') });
    await waitFor(() => expect(document.activeElement?.id).toBe(target));
  },
};

/** The receipt: the reference number large, the date in Japan time, the mail, what was sent. */
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

/** Returned for changes, the transcript to replace: sent again from Check your answers, as a draft is sent. */
const returnedApplication: typeof submittedApplication = {
  ...submittedApplication,
  status: 'returned',
  reopened: {
    sections: [],
    documentIds: [submittedApplication.documents[0]!.id],
    dueAt: new Date(storyNow.getTime() + 10 * 86_400_000).toISOString(),
    message: 'Please upload every page of the transcript.',
  },
  history: [...submittedApplication.history, { status: 'returned', at: storyNow.toISOString() }],
};

/** A returned application's task list links to Check your answers, whose Submit sends it again. */
export const ReturnedSentAgain: Story = {
  parameters: {
    msw: { handlers: applicationStoryHandlers({ applications: [returnedApplication] }) },
    ...at(returnedApplication.id),
    pseudoLocale: { allow: [...dataTexts(), 'kB', 'MB', returnedApplication.reopened!.message] },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.title') });
    // While it loads the page has its heading only: the link comes with the application.
    await userEvent.click(await canvas.findByRole('link', { name: t('planner.application.section.check') }));
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.check') });
    await userEvent.click(canvas.getByRole('button', { name: t('planner.application.check.submit') }));
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.receipt.title') });
  },
};

/** While the application or a list loads: the page keeps its heading. */
export const Loading: Story = {
  parameters: { msw: { handlers: applicationStoryHandlers({ first: [failures.readPending] }) } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await expect(
      await within(canvasElement).findByRole('progressbar', { name: t('planner.application.loading') }),
    ).toBeInTheDocument();
  },
};

/** An unknown id, or another account's application (404 application_not_found): Not Found, back to the plan. */
export const NotFound: Story = {
  parameters: { msw: { handlers: applicationStoryHandlers({ first: [failures.readNotFound] }) } },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await within(canvasElement).findByRole('heading', { level: 1, name: t('ui.notFound.title') });
    await expect(args.reportError).not.toHaveBeenCalled();
  },
};

const jointDraft = {
  ...draftApplication,
  answers: { ...draftApplication.answers, choices: { programId: 15, teacherId: 105 } },
};

/**
 * The first section asks the plan's questions for the application's fixed kind; a programme that does not allow
 * the chosen supervisor says before saving that the supervisor will be removed, and the save removes them.
 */
export const ChoicesChangeProgramme: Story = {
  parameters: {
    msw: { handlers: applicationStoryHandlers({ applications: [jointDraft] }) },
    ...at(draftApplication.id, 'choices'),
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.choices') });
    await expect(canvasElement).toHaveTextContent(
      t('planner.application.choices.kind', { kind: t('planner.kind.master') }),
    );
    await userEvent.click(
      canvas.getByRole('radio', {
        name: inEnglish(globals) ? "Master's programme (April entry)" : '修士課程（4月入学）',
      }),
    );
    const name = inEnglish(globals) ? 'Ken Tanaka (田中 健)' : '田中 健（Ken Tanaka）';
    await expect(await canvas.findByText(t('planner.willClear.teacherId', { name }))).toBeVisible();
    await userEvent.click(saveButton(canvasElement, globals));
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.personal') });
    await userEvent.click(canvas.getByRole('link', { name: t('planner.application.back') }));
    await expect((await sectionRow(canvasElement, globals, 'choices')).status).toBe(
      t('planner.status.inProgress'),
    );
  },
};

/** Contact details: the account's address shown; a telephone not in international form is refused. */
export const ContactWithErrors: Story = {
  parameters: draftAt('contact'),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.contact') });
    const telephone = canvas.getByRole('textbox', { name: t('planner.application.contact.telephone') });
    await userEvent.type(telephone, '138 0013 8000');
    await userEvent.click(saveButton(canvasElement, globals));
    await expectSummaryWith(
      canvasElement,
      globals,
      t('ui.errorSummary.item', {
        label: t('planner.application.contact.telephone'),
        message: t('planner.application.error.invalid_telephone'),
      }),
    );
    await expect(telephone).toHaveAccessibleDescription(
      expect.stringContaining(t('planner.application.error.invalid_telephone')),
    );
    // As people write it, with its country code: taken.
    await userEvent.clear(telephone);
    await userEvent.type(telephone, '+86 138-0013-8000');
    await userEvent.click(saveButton(canvasElement, globals));
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.education') });
  },
};

/**
 * Education history from China: the country's note (CHESICC), its ranked universities (in English only, which
 * the Japanese page says), the months; the years of schooling add up to the master's 16 with China's 12.
 */
export const EducationFromChina: Story = {
  parameters: draftAt('education'),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    const en = inEnglish(globals);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.education') });
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: t('planner.application.education.country') }),
      en ? 'China' : '中国',
    );
    await expect(canvasElement).toHaveTextContent('CHESICC');
    const university = canvas.getByRole('combobox', { name: t('planner.application.education.institution') });
    await userEvent.selectOptions(
      university,
      en ? 'Tsinghua University' : t('planner.university.englishOnly', { name: 'Tsinghua University' }),
    );
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: t('planner.application.education.type') }),
      en ? 'University (bachelor)' : '大学（学士課程）',
    );
    const [fromYear, toYear] = canvas.getAllByRole('textbox', { name: t('planner.application.date.year') });
    const [fromMonth, toMonth] = canvas.getAllByRole('textbox', {
      name: t('planner.application.date.month'),
    });
    await userEvent.type(fromYear!, '2017');
    await userEvent.type(fromMonth!, '9');
    await userEvent.type(toYear!, '2021');
    await userEvent.type(toMonth!, '7');
    await expect(canvasElement).toHaveTextContent(t('planner.application.education.years', { years: 16 }));
    await expect(canvasElement).toHaveTextContent(
      t('planner.application.education.yearsEnough', { required: 16, kind: t('planner.kind.master') }),
    );
    await userEvent.click(saveButton(canvasElement, globals));
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.documents') });
  },
};

/**
 * A school not in the list, typed; a second entry added and removed; two years of university after Korea's 12
 * make 14 of the master's 16: said as a warning, and saving goes on.
 */
export const EducationNotListedShortOfYears: Story = {
  parameters: draftAt('education'),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    const en = inEnglish(globals);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.education') });
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: t('planner.application.education.country') }),
      en ? 'Korea, Republic of' : '韓国',
    );
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: t('planner.application.education.institution') }),
      t('planner.application.education.notListed'),
    );
    await userEvent.type(
      canvas.getByRole('textbox', { name: t('planner.application.education.institutionName') }),
      'Hanguk Technical College',
    );
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: t('planner.application.education.type') }),
      en ? 'University (bachelor)' : '大学（学士課程）',
    );
    await userEvent.type(
      canvas.getAllByRole('textbox', { name: t('planner.application.date.year') })[0]!,
      '2019',
    );
    await userEvent.type(
      canvas.getAllByRole('textbox', { name: t('planner.application.date.month') })[0]!,
      '9',
    );
    await userEvent.type(
      canvas.getAllByRole('textbox', { name: t('planner.application.date.year') })[1]!,
      '2021',
    );
    await userEvent.type(
      canvas.getAllByRole('textbox', { name: t('planner.application.date.month') })[1]!,
      '8',
    );
    await expect(canvasElement).toHaveTextContent(
      t('planner.application.education.yearsShort', { required: 16, kind: t('planner.kind.master') }),
    );
    await userEvent.click(canvas.getByRole('button', { name: t('planner.application.education.add') }));
    await expect(
      canvas.getByRole('group', { name: t('planner.application.education.entry', { number: 2 }) }),
    ).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: t('planner.application.education.remove', { number: 2 }) }),
    );
    await expect(
      canvas.getByRole('textbox', { name: t('planner.application.education.institutionName') }),
    ).toHaveValue('Hanguk Technical College');
    await userEvent.click(saveButton(canvasElement, globals));
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.documents') });
  },
};

/** Declarations: both boxes, the privacy policy a link away (a new tab); saving goes to check your answers. */
export const Declarations: Story = {
  parameters: draftAt('declarations'),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.declarations') });
    await expect(
      canvas.getByRole('link', {
        name: (name) => name.startsWith(t('planner.application.declarations.privacyLink')),
      }),
    ).toHaveAttribute('href', '/privacy');
    await userEvent.click(
      canvas.getByRole('checkbox', { name: t('planner.application.declarations.informationTrue') }),
    );
    await userEvent.click(
      canvas.getByRole('checkbox', { name: t('planner.application.declarations.privacyAccepted') }),
    );
    await userEvent.click(saveButton(canvasElement, globals));
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.check') });
  },
};

/** While a save is under way: the button shows it, and another press sends nothing more. */
export const Saving: Story = {
  parameters: {
    msw: { handlers: applicationStoryHandlers({ first: [failures.savePending] }) },
    ...at(draftApplication.id, 'personal'),
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.personal') });
    await userEvent.click(saveButton(canvasElement, globals));
    await expect(
      await canvas.findByRole('progressbar', { name: t('ui.button.pending') }),
    ).toBeInTheDocument();
  },
};

/** A save that fails on the server's side (500): what happened, the desk, and every answer kept. */
export const SaveFailed: Story = {
  parameters: {
    msw: { handlers: applicationStoryHandlers({ first: [failures.saveFails] }) },
    ...at(draftApplication.id, 'personal'),
  },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.personal') });
    const family = canvas.getByRole('textbox', { name: t('planner.application.personal.familyName') });
    await userEvent.type(family, 'CHEN');
    await userEvent.click(saveButton(canvasElement, globals));
    await expectSummaryWith(canvasElement, globals, t('ui.failure.server'));
    await expect(family).toHaveValue('CHEN');
    await expect(args.reportError).not.toHaveBeenCalled();
  },
};

/** The server refuses a field (400): the summary names it, as the screen's own check would. */
export const SaveRefusedByServer: Story = {
  parameters: {
    msw: { handlers: applicationStoryHandlers({ first: [failures.saveRefused] }) },
    ...at(draftApplication.id, 'personal'),
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.personal') });
    await userEvent.type(
      canvas.getByRole('textbox', { name: t('planner.application.personal.familyName') }),
      'CHEN',
    );
    await userEvent.click(saveButton(canvasElement, globals));
    await expectSummaryWith(
      canvasElement,
      globals,
      t('ui.errorSummary.item', {
        label: t('planner.application.personal.familyName'),
        message: t('planner.application.error.too_long'),
      }),
    );
  },
};

const complete = (
  first: readonly unknown[] = [],
  periods = undefined as undefined | typeof closedPeriods,
) => ({
  msw: {
    handlers: applicationStoryHandlers({
      applications: [completeApplication],
      ...(periods ? { periods } : {}),
      first,
    }),
  },
  ...at(completeApplication.id, 'check'),
});

/** Complete, but the period has closed: no Submit, and the page says so. */
export const CheckAnswersPeriodClosed: Story = {
  parameters: complete([], closedPeriods),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.check') });
    await expect(canvas.queryByRole('button', { name: t('planner.application.check.submit') })).toBeNull();
    await expect(canvasElement).toHaveTextContent(t('planner.application.check.closed'));
  },
};

/** Complete, the period not open yet: when it can be submitted. */
export const CheckAnswersPeriodUpcoming: Story = {
  parameters: complete([], upcomingPeriods),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.check') });
    await expect(canvas.queryByRole('button', { name: t('planner.application.check.submit') })).toBeNull();
    const opens = t('planner.application.check.opensLater', { opens: '\u0000' }).split('\u0000')[0] ?? '';
    await expect(canvasElement).toHaveTextContent(opens);
  },
};

/**
 * The server checks again and refuses (400, a document missing): the error summary names it and links to its
 * section.
 */
export const SubmitRefusedByServer: Story = {
  parameters: complete([failures.submitRefused]),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.check') });
    await userEvent.click(canvas.getByRole('button', { name: t('planner.application.check.submit') }));
    const summary = await expectSummaryWith(
      canvasElement,
      globals,
      t('planner.application.error.required_document'),
    );
    await expect(within(summary).getByRole('link')).toHaveAttribute(
      'href',
      `/applications/${completeApplication.id}/documents#${fieldId('documents.certificate.311')}`,
    );
  },
};

/** The server says the period has closed (409 period_closed): said plainly; the answers are kept. */
export const SubmitPeriodClosedByServer: Story = {
  parameters: complete([failures.submitPeriodClosed]),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.check') });
    await userEvent.click(canvas.getByRole('button', { name: t('planner.application.check.submit') }));
    await expectSummaryWith(canvasElement, globals, t('planner.application.submit.periodClosedNow'));
  },
};

/** Another application of the kind in the period (409 already_open). */
export const SubmitAlreadyOpen: Story = {
  parameters: complete([failures.submitAlreadyOpen]),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.check') });
    await userEvent.click(canvas.getByRole('button', { name: t('planner.application.check.submit') }));
    await expectSummaryWith(canvasElement, globals, t('planner.application.submit.alreadyOpen'));
  },
};

/**
 * Complete, but the programme option requires the supervisor's consent and the request waits for an answer:
 * the page says so with a link to the consent page, and offers no Submit until the supervisor accepts.
 */
export const CheckAnswersConsentPending: Story = {
  parameters: complete([consentHandlers.pending]),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.check') });
    const section = within(
      await canvas.findByRole('region', { name: t('planner.application.section.consent') }),
    );
    await expect(
      section.getByText(t('planner.application.check.consent', { status: 'requested' })),
    ).toBeVisible();
    await expect(
      section.getByRole('link', { name: t('planner.application.check.consentLink') }),
    ).toHaveAttribute('href', `/applications/${completeApplication.id}/consent`);
    await expect(canvas.getByText(t('planner.application.check.consentFirst'))).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t('planner.application.check.submit') })).toBeNull();
  },
};

/**
 * The server refuses for want of consent (409 consent_required: withdrawn or expired since the page was
 * read): said plainly, with a link to the consent page; the answers are kept.
 */
export const SubmitConsentRequiredByServer: Story = {
  parameters: complete([failures.submitConsentRequired]),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.check') });
    await userEvent.click(canvas.getByRole('button', { name: t('planner.application.check.submit') }));
    const summary = await expectSummaryWith(
      canvasElement,
      globals,
      t('planner.application.submit.consentRequired'),
    );
    await expect(within(summary).getByRole('link')).toHaveAttribute(
      'href',
      `/applications/${completeApplication.id}/consent`,
    );
  },
};

/** A submission that fails on the server's side (500): what happened and the desk; nothing lost. */
export const SubmitFailed: Story = {
  parameters: complete([failures.submitFails]),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.check') });
    await userEvent.click(canvas.getByRole('button', { name: t('planner.application.check.submit') }));
    await expectSummaryWith(canvasElement, globals, t('ui.failure.server'));
  },
};

/** A submitted application's section: its answers shown, none can be changed, no button. */
export const SubmittedSectionReadOnly: Story = {
  parameters: {
    msw: { handlers: applicationStoryHandlers({ applications: [submittedApplication] }) },
    // Answers kept from before the submission (another tab): no longer editable, so neither shown nor kept.
    application: {
      id: submittedApplication.id,
      page: 'personal',
      drafts: { personal: { familyName: 'CHANGED' } },
    },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.personal') });
    await expect(canvasElement).toHaveTextContent(t('planner.application.readOnly'));
    await expect(canvasElement).not.toHaveTextContent(
      t('planner.application.restored', { button: t('planner.continue') }),
    );
    await expect(
      canvas.getByRole('textbox', { name: t('planner.application.personal.familyName') }),
    ).toHaveValue('CHEN');
    await expect(sessionStorage.getItem(sectionDraftKey(submittedApplication.id, 'personal'))).toBeNull();
    await expect(
      canvas.getByRole('textbox', { name: t('planner.application.personal.familyName') }),
    ).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: t('planner.continue') })).toBeNull();
  },
};

const filled = (page: ApplicationParameters['page']) => ({
  msw: { handlers: applicationStoryHandlers({ applications: [completeApplication] }) },
  ...at(completeApplication.id, page),
});

/** The first section filled: the programme, the supervisor among the programme's, the scholarship. */
export const ChoicesFilled: Story = {
  parameters: filled('choices'),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.choices') });
    await expect(canvas.getByRole('radio', { name: /Taro Yamada/ })).toBeChecked();
  },
};

/** Contact details filled. */
export const ContactFilled: Story = {
  parameters: filled('contact'),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.contact') });
    await expect(
      canvas.getByRole('textbox', { name: t('planner.application.contact.telephone') }),
    ).toHaveValue('+8613800138000');
  },
};

/** Education history filled: one university in China, its note, the years of schooling enough. */
export const EducationFilled: Story = {
  parameters: filled('education'),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.education') });
    await expect(canvasElement).toHaveTextContent('CHESICC');
    await expect(canvasElement).toHaveTextContent(t('planner.application.education.years', { years: 16 }));
  },
};

/** A small phone, 360 CSS pixels wide: the task list and its period reflow, nothing is cut off. */
export const PhoneWidth: Story = {
  parameters: {
    msw: { handlers: applicationStoryHandlers({ periods: closingSoonPeriods }) },
    application: { id: draftApplication.id, width: 360 },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const heading = await within(canvasElement).findByRole('heading', {
      level: 1,
      name: t('planner.application.title'),
    });
    const main = canvasElement.querySelector('main')!;
    await expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth + 1);
    await expect(heading).toBeVisible();
  },
};

/** The education history on a small phone: the date parts and the entry reflow. */
export const EducationPhoneWidth: Story = {
  parameters: {
    msw: { handlers: applicationStoryHandlers({ applications: [completeApplication] }) },
    application: { id: completeApplication.id, page: 'education', width: 360 },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await within(canvasElement).findByRole('heading', {
      level: 1,
      name: t('planner.application.section.education'),
    });
    const main = canvasElement.querySelector('main')!;
    await expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth + 1);
  },
};

/**
 * The documents (the docs-ui engineer's section, which the app gives the screen) on their page of the
 * application: the back link, the files of each slot, and Continue on to the declarations (each file is stored
 * as it uploads).
 */
export const DocumentsPage: Story = {
  parameters: filled('documents'),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.documents') });
    await expect(canvasElement).toHaveTextContent('application-form.pdf');
    await expect(canvas.getByRole('button', { name: t('planner.continue') })).toBeVisible();
  },
};

const noSupervisor = {
  ...draftApplication,
  answers: { ...draftApplication.answers, choices: { programId: 11 } },
};

/** Without a supervisor the documents are not known: "Cannot start yet", no link. */
export const DocumentsCannotStartYet: Story = {
  parameters: {
    msw: { handlers: applicationStoryHandlers({ applications: [noSupervisor] }) },
    ...at(noSupervisor.id),
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const documents = await sectionRow(canvasElement, globals, 'documents');
    await expect(documents.link).toBeNull();
    await expect(documents.status).toBe(t('planner.application.cannotStart'));
  },
};

const restoredNotice = (globals: Globals) => {
  const t = translator(globals);
  return t('planner.application.restored', { button: t('planner.continue') });
};

/**
 * Answers typed but not saved, then the page reloaded (or the tab reopened after closing it by accident): the
 * tab kept them, the section shows them again and says so.
 */
export const PersonalRestored: Story = {
  parameters: {
    ...draftAt('personal'),
    application: {
      id: draftApplication.id,
      page: 'personal',
      drafts: { personal: { familyName: 'CHEN', givenNames: 'LING', dateOfBirth: '2001-04-1' } },
    },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.personal') });
    await expect(canvasElement).toHaveTextContent(restoredNotice(globals));
    await expect(
      canvas.getByRole('textbox', { name: t('planner.application.personal.familyName') }),
    ).toHaveValue('CHEN');
    // Kept as typed, even what is no date yet.
    await expect(canvas.getByRole('textbox', { name: t('planner.application.date.day') })).toHaveValue('1');
  },
};

/** Reloads the story's screen, and waits until an element of the page before has gone. */
async function reload(before: HTMLElement) {
  reloadStory();
  await waitFor(() => expect(before).not.toBeInTheDocument());
}

/**
 * Typed, reloaded before Save and continue: the answers come back (only from this tab's storage, never from the
 * server); once saved, the tab keeps them no more.
 */
export const PersonalKeptThroughReload: Story = {
  parameters: draftAt('personal'),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    const heading = { level: 1, name: t('planner.application.section.personal') } as const;
    const family = () => canvas.getByRole('textbox', { name: t('planner.application.personal.familyName') });
    await canvas.findByRole('heading', heading);
    await expect(canvasElement).not.toHaveTextContent(restoredNotice(globals));
    await userEvent.type(family(), 'CHEN');
    await reload(family());
    await waitFor(() => expect(family()).toHaveValue('CHEN'));
    await expect(canvasElement).toHaveTextContent(restoredNotice(globals));
    await userEvent.click(saveButton(canvasElement, globals));
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.contact') });
    await expect(sessionStorage.getItem(sectionDraftKey(draftApplication.id, 'personal'))).toBeNull();
    await reload(canvas.getByRole('heading', { level: 1 }));
    await waitFor(() => expect(family()).toHaveValue('CHEN'));
    await expect(canvasElement).not.toHaveTextContent(restoredNotice(globals));
  },
};

/**
 * A page left open as the period closes (the clock moves here): the time left counts down, and at the closing
 * minute Submit goes and the page says applications have closed; a screen reader hears that once, politely. Focus
 * that was on Submit moves to its section's heading, never to the page's top (issue 38).
 */
export const CheckAnswersPeriodClosesWhileOpen: Story = {
  parameters: {
    ...complete([], closingInSecondsPeriods),
    application: { id: completeApplication.id, page: 'check', moving: true },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: t('planner.application.section.check') });
    const period = canvas.getByRole('region', { name: t('planner.application.period.title') });
    await expect(period).toHaveTextContent(
      t('planner.application.period.timeLeft', { days: 0, hours: 0, minutes: 1 }),
    );
    const submit = { name: t('planner.application.check.submit') };
    // A keyboard user is on Submit when it goes: focus stays in the part of the page that says why.
    canvas.getByRole('button', submit).focus();
    const announced = t('planner.application.period.closedNow');
    await expect(canvas.queryByText(announced)).toBeNull();
    await waitFor(() => expect(canvas.queryByRole('button', submit)).toBeNull(), { timeout: 20_000 });
    await expect(canvasElement).toHaveTextContent(t('planner.application.check.closed'));
    await expect(
      canvas.getByRole('heading', { level: 2, name: t('planner.application.check.submitTitle') }),
    ).toHaveFocus();
    await expect(canvas.getByText(announced)).toHaveAttribute('role', 'status');
  },
};
