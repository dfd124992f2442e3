import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { onlineManager } from '@tanstack/react-query';
import {
  applicationHandlers,
  applicationStore,
  exampleApplications,
  http,
  planHandlers,
} from '@pre-admission/api/mocks';
import { intlOf } from '@pre-admission/i18n/all';
import { draftKey } from './draft';
import { taskNames, type TaskName } from './model';
import { ApplicationsOverview } from './applications/ApplicationsOverview';
import { Planner } from './Planner';
import { completePlan, dataTexts, jointPlan, partPlan } from './testing/fixtures';
import { countedPlanStore, plannerHandlers } from './testing/handlers';
import {
  plannerSpies,
  translator,
  useStoryPlanner,
  withPlanner,
  type PlannerSpies,
} from './testing/PlannerDecorator';

function PlannerStory(spies: PlannerSpies) {
  return <Planner {...useStoryPlanner()} {...spies} />;
}

const meta = {
  title: 'Planner/Planner',
  component: PlannerStory,
  decorators: [withPlanner],
  args: plannerSpies(),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: plannerHandlers() },
    // The programmes, supervisors, documents and countries come from the (mock) API, in English in en-XA.
    pseudoLocale: { allow: dataTexts() },
  },
} satisfies Meta<PlannerSpies>;

export default meta;
type Story = StoryObj<typeof meta>;
type Globals = Record<string, unknown>;

/** Whether the story shows the data in English: en, and the pseudo-locale en-XA (made from English). */
const inEnglish = (globals: Globals) => intlOf(globals).locale === 'en';

/** The task list's row of a task: its link and its status. */
async function taskRow(canvasElement: HTMLElement, globals: Globals, task: TaskName) {
  const t = translator(globals);
  const link = await within(canvasElement).findByRole('link', { name: t(`planner.task.${task}`) });
  return { link, status: link.closest('li')?.querySelector('span')?.textContent };
}

async function expectStatuses(
  canvasElement: HTMLElement,
  globals: Globals,
  expected: Partial<Record<TaskName, 'notStarted' | 'inProgress' | 'completed'>>,
) {
  const t = translator(globals);
  for (const [task, status] of Object.entries(expected) as Array<[TaskName, string]>) {
    await waitFor(async () =>
      expect((await taskRow(canvasElement, globals, task)).status).toBe(
        t(`planner.status.${status as 'completed'}`),
      ),
    );
  }
}

async function openTask(canvasElement: HTMLElement, globals: Globals, task: TaskName) {
  const { link } = await taskRow(canvasElement, globals, task);
  await userEvent.click(link);
  const t = translator(globals);
  const heading = await within(canvasElement).findByRole('heading', { level: 1 });
  if (task !== 'summary') await expect(heading).toHaveTextContent(t(`planner.task.${task}`));
  await waitFor(() => expect(heading).toHaveFocus());
}

/** The task's form (the header has its own radios: the language switch). */
const taskForm = (canvasElement: HTMLElement) => {
  const form = canvasElement.querySelector('form');
  if (!form) throw new Error('No task form');
  return within(form);
};

const continueButton = (canvasElement: HTMLElement, globals: Globals) =>
  within(canvasElement).getByRole('button', { name: translator(globals)('planner.continue') });

/** Continue, and back on the task list. */
async function saveAndReturn(canvasElement: HTMLElement, globals: Globals) {
  await userEvent.click(continueButton(canvasElement, globals));
  await within(canvasElement).findByRole('heading', { level: 1, name: translator(globals)('planner.title') });
}

async function expectSummaryWith(canvasElement: HTMLElement, globals: Globals, message: string) {
  const t = translator(globals);
  // Headed "check what you entered" when it names a field, else "this could not be done" (issue 39 item 7).
  const titles = [t('ui.errorSummary.title'), t('ui.errorSummary.titleNotDone')];
  const summary = await within(canvasElement).findByRole('group', { name: (name) => titles.includes(name) });
  await waitFor(() => expect(summary).toHaveFocus());
  await expect(summary).toHaveTextContent(message);
  const aboutAField = within(summary).queryAllByRole('link').length > 0;
  await expect(summary).toHaveAccessibleName(titles[aboutAField ? 0 : 1]!);
}

/** An applicant who has saved nothing: seven tasks, each not started, and "0 of 7" (issue 38 item 6: not 6). */
export const Empty: Story = {
  play: async ({ canvasElement, globals }) => {
    await expectStatuses(canvasElement, globals, Object.fromEntries(taskNames.map((t) => [t, 'notStarted'])));
    const t = translator(globals);
    const listed = within(canvasElement).getAllByRole('link', {
      name: (name) => taskNames.some((task) => name === t(`planner.task.${task}`)),
    });
    await expect(canvasElement).toHaveTextContent(
      t('planner.progress', { completed: 0, total: listed.length }),
    );
    await expect(listed).toHaveLength(7);
  },
};

/** While the plan or a list loads: the page keeps its heading, so a screen reader has somewhere to land. */
export const Loading: Story = {
  parameters: { msw: { handlers: plannerHandlers(undefined, [planHandlers.readPending]) } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await expect(
      await within(canvasElement).findByRole('progressbar', { name: t('planner.loading') }),
    ).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toHaveTextContent(
      t('planner.title'),
    );
  },
};

/** Halfway: kind, programme and supervisor chosen, one document of four ticked, a country without a university. */
export const PartlyDone: Story = {
  parameters: { msw: { handlers: plannerHandlers(partPlan) } },
  play: async ({ canvasElement, globals }) => {
    await expectStatuses(canvasElement, globals, {
      kind: 'completed',
      programme: 'completed',
      supervisor: 'completed',
      documents: 'inProgress',
      scholarship: 'notStarted',
      university: 'inProgress',
      summary: 'inProgress',
    });
  },
};

/** Every task done. */
export const Complete: Story = {
  parameters: { msw: { handlers: plannerHandlers(completePlan) } },
  play: async ({ canvasElement, globals }) => {
    await expectStatuses(canvasElement, globals, Object.fromEntries(taskNames.map((t) => [t, 'completed'])));
  },
};

/**
 * Task 1: Continue without a choice shows the error summary (the field's name, then what to do: never the
 * question again); a choice saves and completes the task.
 */
export const KindStep: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await openTask(canvasElement, globals, 'kind');
    await userEvent.click(continueButton(canvasElement, globals));
    await expect(t('planner.kind.required')).not.toBe(t('planner.kind.question'));
    await expectSummaryWith(
      canvasElement,
      globals,
      t('ui.errorSummary.item', {
        label: t('planner.field.studentType'),
        message: t('planner.kind.required'),
      }),
    );
    const master = within(canvasElement).getByRole('radio', { name: t('planner.kind.master') });
    await expect(master).toHaveAccessibleDescription(t('planner.kind.required'));
    await userEvent.click(master);
    await saveAndReturn(canvasElement, globals);
    await expectStatuses(canvasElement, globals, { kind: 'completed', programme: 'notStarted' });
  },
};

/** Task 2: the options of the kind's programme groups, hidden ones left out, with their links. */
export const ProgrammeStep: Story = {
  parameters: {
    msw: {
      handlers: plannerHandlers({ studentType: 'master', readyCertificateIds: [], readyMaterialIds: [] }),
    },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await openTask(canvasElement, globals, 'programme');
    const radios = taskForm(canvasElement).getAllByRole('radio');
    // 11, 13, 15; never the hidden option 19 nor the hidden group's 20.
    await expect(radios).toHaveLength(3);
    const guide = t('planner.programme.link', {
      name: inEnglish(globals) ? 'Application guide' : '募集要項',
    });
    await expect(
      within(canvasElement).getByRole('link', { name: (name) => name.includes(guide) }),
    ).toHaveAttribute(
      'href',
      inEnglish(globals)
        ? 'https://www.example.ac.jp/en/admission/master-april.pdf'
        : 'https://www.example.ac.jp/admission/master-april.pdf',
    );
    await userEvent.click(radios[1]!);
    await saveAndReturn(canvasElement, globals);
    await expectStatuses(canvasElement, globals, { programme: 'completed' });
  },
};

/**
 * Task 3: exactly the teachers the programme offers (never the hidden one), grouped by graduate school;
 * the search is width- and case-insensitive, in either script.
 */
export const SupervisorStep: Story = {
  parameters: {
    msw: {
      handlers: plannerHandlers({
        studentType: 'master',
        programId: 11,
        readyCertificateIds: [],
        readyMaterialIds: [],
      }),
    },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await openTask(canvasElement, globals, 'supervisor');
    const canvas = taskForm(canvasElement);
    // Programme 11 (master or doctoral): Yamada, Sato, Suzuki, Takahashi, Brown; not Tanaka; never hidden Watanabe.
    await expect(canvas.getAllByRole('radio')).toHaveLength(5);
    await expect(canvas.queryByText(/Watanabe|渡辺/)).toBeNull();
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      inEnglish(globals)
        ? ['Graduate School of Agriculture', 'Graduate School of Informatics', 'Graduate School of Economics']
        : ['農学研究科', '情報学研究科', '経済学研究科'],
    );
    const search = canvas.getByRole('searchbox', { name: t('planner.supervisor.search') });
    await userEvent.type(search, 'ＹＡＭＡＤＡ{Enter}');
    await waitFor(() => expect(canvas.getAllByRole('radio')).toHaveLength(1));
    await userEvent.clear(search);
    await userEvent.type(search, '佐藤');
    await waitFor(() => expect(canvas.getAllByRole('radio')).toHaveLength(1));
    const sato = canvas.getByRole('radio', { name: /Hanako Sato/ });
    // Issue 38 item 6: the graduate school is the group's heading, not repeated at each name.
    await expect(sato).toHaveAccessibleDescription('');
    await userEvent.click(sato);
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody');
    await expect(await canvas.findByText(t('planner.supervisor.noMatch', { query: 'nobody' }))).toBeVisible();
    await saveAndReturn(canvasElement, globals);
    await expectStatuses(canvasElement, globals, { supervisor: 'completed' });
  },
};

/** docs/behaviour.md#planner: a programme that does not allow the chosen supervisor warns, then clears them and says so. */
export const ProgrammeChangeClearsSupervisor: Story = {
  parameters: { msw: { handlers: plannerHandlers(jointPlan) } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await expectStatuses(canvasElement, globals, { supervisor: 'completed', documents: 'inProgress' });
    await openTask(canvasElement, globals, 'programme');
    await userEvent.click(taskForm(canvasElement).getAllByRole('radio')[0]!);
    const name = inEnglish(globals) ? 'Ken Tanaka (田中 健)' : '田中 健（Ken Tanaka）';
    await expect(await canvas.findByText(t('planner.willClear.teacherId', { name }))).toBeVisible();
    await saveAndReturn(canvasElement, globals);
    const notice = await canvas.findByRole('region', { name: t('planner.cleared.title') });
    await expect(notice).toHaveTextContent(t('planner.cleared.teacherId', { name }));
    await expect(notice).toHaveTextContent(t('planner.cleared.documents'));
    await waitFor(() => expect(notice).toHaveFocus());
    await expectStatuses(canvasElement, globals, { supervisor: 'notStarted', documents: 'notStarted' });
  },
};

/** Task 4: required documents first, then optional; complete when every required one is ticked. */
export const DocumentsStep: Story = {
  parameters: { msw: { handlers: plannerHandlers(partPlan) } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await openTask(canvasElement, globals, 'documents');
    const groups = canvas.getAllByRole('group');
    await expect(groups.map((g) => g.querySelector('legend')?.textContent)).toEqual([
      t('planner.documents.required'),
      t('planner.documents.optional'),
    ]);
    const required = within(groups[0]!).getAllByRole('checkbox');
    // Three visible certificates and the research plan; never the hidden form.
    await expect(required).toHaveLength(4);
    await expect(required[0]).toBeChecked();
    await expect(canvas.getByText(t('planner.documents.progress', { ready: 1, total: 4 }))).toBeVisible();
    for (const box of required.slice(1)) await userEvent.click(box);
    await expect(canvas.getByText(t('planner.documents.progress', { ready: 4, total: 4 }))).toBeVisible();
    await saveAndReturn(canvasElement, globals);
    await expectStatuses(canvasElement, globals, { documents: 'completed' });
  },
};

/** Task 5: item 12 offers only status 4, item 13 only 5, any other neither. */
export const ScholarshipStep: Story = {
  parameters: { msw: { handlers: plannerHandlers(partPlan) } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    const en = inEnglish(globals);
    await openTask(canvasElement, globals, 'scholarship');
    const statusGroup = () => canvas.getAllByRole('group')[1]!;
    await userEvent.click(canvas.getByRole('radio', { name: en ? /Embassy Recommendation/ : /大使館推薦/ }));
    await waitFor(() => expect(within(statusGroup()).getAllByRole('radio')).toHaveLength(1));
    await expect(within(statusGroup()).getByRole('radio')).toHaveAccessibleName(
      en ? 'Passed the primary screening at the embassy' : '大使館の一次選考に合格',
    );
    await userEvent.click(within(statusGroup()).getByRole('radio'));
    await userEvent.click(
      canvas.getByRole('radio', { name: en ? 'Government scholarship of home country' : '本国政府奨学金' }),
    );
    await waitFor(() => expect(within(statusGroup()).getAllByRole('radio')).toHaveLength(3));
    await userEvent.click(within(statusGroup()).getAllByRole('radio')[1]!);
    // Issue 38 item 6: privately financed has no award, so no status is asked (and the one chosen goes).
    await userEvent.click(canvas.getByRole('radio', { name: en ? 'Privately financed' : '私費' }));
    await expect(await canvas.findByText(t('planner.scholarship.noStatus'))).toBeVisible();
    await expect(canvas.getAllByRole('group')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('radio', { name: en ? 'Tuition only' : '授業料のみ' }));
    await saveAndReturn(canvasElement, globals);
    await expectStatuses(canvasElement, globals, { scholarship: 'completed' });
  },
};

/** Task 6: the country, then its universities of the latest year, best rank first, rank shown where known. */
export const UniversityStep: Story = {
  parameters: { msw: { handlers: plannerHandlers(partPlan) } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await openTask(canvasElement, globals, 'university');
    const radios = taskForm(canvasElement).getAllByRole('radio');
    // Issue 38 item 6: the list has English names only, which the Japanese page says.
    await expect(radios.map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent)).toEqual(
      ['Peking University', 'Tsinghua University', 'Zhejiang University'].map((name) =>
        inEnglish(globals) ? name : t('planner.university.englishOnly', { name }),
      ),
    );
    // Issue 38 item 6: the two "Congo"s of the English list can be told apart.
    const countryNames = within(canvas.getByRole('combobox', { name: t('planner.university.country') }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    await expect(new Set(countryNames).size).toBe(countryNames.length);
    if (inEnglish(globals))
      await expect(countryNames).toEqual(
        expect.arrayContaining([
          t('planner.country.withCode', { name: 'Congo', code: 'COG' }),
          t('planner.country.withCode', { name: 'Congo', code: 'COD' }),
        ]),
      );
    await expect(radios[0]).toHaveAccessibleDescription(
      t('planner.university.rank', { rankType: 'QS', rank: 14 }),
    );
    await expect(radios[2]).toHaveAccessibleDescription(t('planner.university.unranked'));
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: t('planner.university.country') }),
      inEnglish(globals) ? 'Korea, Republic of' : '韓国',
    );
    await waitFor(() => expect(taskForm(canvasElement).getAllByRole('radio')).toHaveLength(1));
    await userEvent.click(taskForm(canvasElement).getByRole('radio'));
    await saveAndReturn(canvasElement, globals);
    await expectStatuses(canvasElement, globals, { university: 'completed' });
  },
};

/** Task 7 with everything done: every choice by name, nothing missing, a print button. */
export const SummaryComplete: Story = {
  parameters: { msw: { handlers: plannerHandlers(completePlan) } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await openTask(canvasElement, globals, 'summary');
    await expect(canvasElement).toHaveTextContent(
      inEnglish(globals) ? 'Taro Yamada (山田 太郎)' : '山田 太郎（Taro Yamada）',
    );
    await expect(canvasElement).toHaveTextContent('Tsinghua University');
    await expect(canvas.getByText(t('planner.summary.nothingMissing'))).toBeVisible();
    await expect(canvas.getByRole('button', { name: t('planner.summary.print') })).toBeVisible();
    await userEvent.click(
      canvas.getByRole('link', {
        name: `${t('planner.summary.change')} ${t('planner.summary.changeTask', { task: t('planner.task.programme') })}`,
      }),
    );
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('planner.task.programme') }),
    ).toBeVisible();
  },
};

/** Task 7 halfway: what is still to do, the tasks and the documents by name. */
export const SummaryMissing: Story = {
  parameters: { msw: { handlers: plannerHandlers(partPlan) } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await openTask(canvasElement, globals, 'summary');
    await expect(canvasElement).toHaveTextContent(
      t('planner.summary.missingTask', { task: t('planner.task.documents') }),
    );
    await expect(canvasElement).toHaveTextContent(
      t('planner.summary.missingDocument', {
        name: inEnglish(globals) ? 'Academic transcript' : '成績証明書',
      }),
    );
    await expect(canvasElement).not.toHaveTextContent(t('planner.summary.nothingMissing'));
  },
};

/** docs/behaviour.md#error-catalogue: the server refuses a choice (400 not_offered): the error summary says which. */
export const RuleRefusal: Story = {
  parameters: { msw: { handlers: plannerHandlers(partPlan, [planHandlers.saveRefused]) } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await openTask(canvasElement, globals, 'supervisor');
    await userEvent.click(continueButton(canvasElement, globals));
    // The field's name first, as on the account forms' summaries, then what to do.
    await expectSummaryWith(
      canvasElement,
      globals,
      t('ui.errorSummary.item', {
        label: t('planner.field.teacherId'),
        message: t('planner.error.notOffered'),
      }),
    );
    await expect(
      within(canvasElement)
        .getAllByRole('radio')
        .find((r) => (r as HTMLInputElement).checked),
    ).toBeDefined();
  },
};

/** A save that fails (500): a clear message; what was chosen stays, and Continue tries again. */
export const FailedSave: Story = {
  parameters: { msw: { handlers: plannerHandlers(undefined, [planHandlers.saveFails]) } },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await openTask(canvasElement, globals, 'kind');
    const doctoral = within(canvasElement).getByRole('radio', { name: t('planner.kind.doctoral') });
    await userEvent.click(doctoral);
    await userEvent.click(continueButton(canvasElement, globals));
    // Issue 27: a 500 went wrong on our side: try again, or write to the desk (UiProvider's address).
    await expectSummaryWith(canvasElement, globals, t('ui.failure.server'));
    await expectSummaryWith(
      canvasElement,
      globals,
      t('ui.failure.contact', { email: 'pre-admission@example.ac.jp' }),
    );
    await expect(doctoral).toBeChecked();
    await expect(args.reportError).not.toHaveBeenCalled();
  },
};

/** 429: the error summary gives the wait from Retry-After; nothing chosen is lost. */
export const RateLimited: Story = {
  parameters: { msw: { handlers: plannerHandlers(partPlan, [planHandlers.saveRateLimited]) } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await openTask(canvasElement, globals, 'kind');
    await userEvent.click(continueButton(canvasElement, globals));
    await expectSummaryWith(canvasElement, globals, t('planner.error.rateLimited', { seconds: 60 }));
    await expect(
      taskForm(canvasElement).getByRole('radio', { name: t('planner.kind.master') }),
    ).toBeChecked();
  },
};

/** docs/behaviour.md#error-catalogue: the plan answers 404 (no session): the app is told, and goes to `/`. */
export const NoSession: Story = {
  parameters: { msw: { handlers: plannerHandlers(undefined, [planHandlers.readNoSession]) } },
  play: async ({ args }) => {
    await waitFor(() => expect(args.onNoSession).toHaveBeenCalled());
  },
};

/**
 * docs/behaviour.md#planner, Task addresses: a task opened by its address (a reload, Forward, a copied link)
 * is its page at once, heading focused, its back link to the task list.
 */
export const TaskOpenedByAddress: Story = {
  parameters: { msw: { handlers: plannerHandlers(partPlan) }, planner: { task: 'programme' } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole('heading', { level: 1, name: t('planner.task.programme') });
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(canvas.getByRole('link', { name: t('planner.back') })).toHaveAttribute(
      'href',
      '/applications',
    );
    await expect(taskForm(canvasElement).getAllByRole('radio')[0]).toBeChecked();
  },
};

/**
 * docs/behaviour.md#planner, Drafts: this tab kept answers the applicant had not saved (a reload, a failed
 * save, a sign-in after a timeout): the task list says so and links to the task.
 */
export const RestoredDraft: Story = {
  parameters: {
    msw: { handlers: plannerHandlers(partPlan) },
    planner: { draft: { plan: { ...partPlan, studentType: 'doctoral' }, task: 'kind' } },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const notice = await within(canvasElement).findByRole('region', { name: t('planner.unsaved.title') });
    await expectStatuses(canvasElement, globals, { kind: 'completed' });
    await expect(
      within(notice).getByRole('link', { name: t('planner.unsaved.link', { task: t('planner.task.kind') }) }),
    ).toHaveAttribute('href', '/applications/kind');
  },
};

/** The kept answers where they were typed: the notice's link opens the task with them, not the saved plan's. */
export const RestoredDraftOpened: Story = {
  parameters: RestoredDraft.parameters,
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    const notice = await canvas.findByRole('region', { name: t('planner.unsaved.title') });
    await userEvent.click(
      within(notice).getByRole('link', { name: t('planner.unsaved.link', { task: t('planner.task.kind') }) }),
    );
    const heading = await canvas.findByRole('heading', { level: 1, name: t('planner.task.kind') });
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(canvas.getByRole('radio', { name: t('planner.kind.doctoral') })).toBeChecked();
  },
};

/** A draft of another applicant on this tab (a shared computer) is never shown, and is removed. */
export const OtherApplicantsDraft: Story = {
  parameters: {
    msw: { handlers: plannerHandlers(partPlan) },
    planner: {
      draft: { plan: { ...partPlan, studentType: 'doctoral' }, task: 'kind' },
      draftOwner: 'someone.else@example.ac.jp',
    },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await expectStatuses(canvasElement, globals, { kind: 'completed' });
    await expect(canvas.queryByRole('region', { name: t('planner.unsaved.title') })).toBeNull();
    await openTask(canvasElement, globals, 'kind');
    await expect(canvas.getByRole('radio', { name: t('planner.kind.master') })).toBeChecked();
    await expect(sessionStorage.getItem(draftKey)).toBeNull();
  },
};

/**
 * Issue 38 item 6: changing the kind of application said nothing until after the save, which had cleared the
 * programme and the supervisor. Now the task's page names what saving will clear, by name, before the save;
 * after it, the notice says the supervisor went with the programme (it said "the programme you chose").
 */
export const KindChangeWarnsBeforeSaving: Story = {
  parameters: { msw: { handlers: plannerHandlers(partPlan) } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    const en = inEnglish(globals);
    await openTask(canvasElement, globals, 'kind');
    await expect(canvas.queryByText(t('planner.willClear.title'))).toBeNull();
    await userEvent.click(canvas.getByRole('radio', { name: t('planner.kind.doctoral') }));
    const teacher = en ? 'Taro Yamada (山田 太郎)' : '山田 太郎（Taro Yamada）';
    const warning = (await canvas.findByText(t('planner.willClear.title'))).parentElement!;
    await expect(warning).toHaveTextContent(
      t('planner.willClear.programId', {
        name: en ? "Master's programme (April entry)" : '修士課程（4月入学）',
      }),
    );
    await expect(warning).toHaveTextContent(t('planner.willClear.teacherId', { name: teacher }));
    await expect(warning).toHaveTextContent(t('planner.willClear.documents'));
    // Choosing the saved kind again: nothing would be cleared, so nothing is said.
    await userEvent.click(canvas.getByRole('radio', { name: t('planner.kind.master') }));
    await waitFor(() => expect(canvas.queryByText(t('planner.willClear.title'))).toBeNull());
    await userEvent.click(canvas.getByRole('radio', { name: t('planner.kind.doctoral') }));
    await saveAndReturn(canvasElement, globals);
    const notice = await canvas.findByRole('region', { name: t('planner.cleared.title') });
    await expect(notice).toHaveTextContent(t('planner.cleared.teacherIdWithProgramme', { name: teacher }));
    await expect(notice).not.toHaveTextContent(t('planner.cleared.teacherId', { name: teacher }));
  },
};

const slowSaves = countedPlanStore(partPlan, 400);

/** Issue 38 item 6: a double click on "Save and continue" saved twice; it saves once. */
export const DoubleClickSavesOnce: Story = {
  parameters: { msw: { handlers: slowSaves.handlers } },
  play: async ({ canvasElement, globals }) => {
    slowSaves.saves.count = 0;
    const t = translator(globals);
    await openTask(canvasElement, globals, 'kind');
    await userEvent.click(within(canvasElement).getByRole('radio', { name: t('planner.kind.doctoral') }));
    // Two clicks before the page has drawn the first one's pending state (a quick double click on a slow
    // phone): the DOM's own click, twice in one task.
    const button = continueButton(canvasElement, globals);
    button.click();
    button.click();
    await within(canvasElement).findByRole('heading', { level: 1, name: t('planner.title') });
    await expect(slowSaves.saves.count).toBe(1);
  },
};

const offlineSaves = countedPlanStore(partPlan);

/**
 * Issue 38 item 6: offline, a save waited, then went through by itself when the connection came back. It is
 * tried at once; the error summary says it could not be sent, what was chosen stays, and nothing is sent
 * when the connection returns until the applicant saves again.
 */
export const OfflineSaveWaitsForTheApplicant: Story = {
  parameters: { msw: { handlers: offlineSaves.handlers } },
  play: async ({ canvasElement, globals }) => {
    offlineSaves.saves.count = 0;
    const t = translator(globals);
    const canvas = within(canvasElement);
    await openTask(canvasElement, globals, 'kind');
    const doctoral = canvas.getByRole('radio', { name: t('planner.kind.doctoral') });
    await userEvent.click(doctoral);
    offlineSaves.saves.offline = true;
    onlineManager.setOnline(false);
    try {
      await userEvent.click(continueButton(canvasElement, globals));
      await expectSummaryWith(canvasElement, globals, t('ui.failure.network'));
      await expect(doctoral).toBeChecked();
      offlineSaves.saves.offline = false;
      onlineManager.setOnline(true);
      // Back online: nothing is sent by itself.
      await new Promise((done) => setTimeout(done, 300));
      await expect(offlineSaves.saves.count).toBe(1);
      await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('planner.task.kind'));
      await saveAndReturn(canvasElement, globals);
      await expect(offlineSaves.saves.count).toBe(2);
    } finally {
      offlineSaves.saves.offline = false;
      onlineManager.setOnline(true);
    }
  },
};

/**
 * Issue 38 item 6: the summary's documents have one marker each (a box, no bullet), required ones first;
 * the printout says whose plan it is and on which day it was printed.
 */
export const SummaryPrintout: Story = {
  parameters: { msw: { handlers: plannerHandlers(partPlan) } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const en = inEnglish(globals);
    await openTask(canvasElement, globals, 'summary');
    const items = [...canvasElement.querySelectorAll('dd li')];
    await expect(items.map((item) => getComputedStyle(item).listStyleType)).toEqual(items.map(() => 'none'));
    const names = items.map((item) => item.textContent ?? '');
    const passport = names.findIndex((name) => name.includes(en ? 'Copy of passport' : 'パスポートの写し'));
    const plan = names.findIndex((name) => name.includes(en ? 'Research plan' : '研究計画書'));
    await expect(plan).toBeGreaterThan(-1);
    await expect(passport).toBeGreaterThan(plan);
    // On paper only: display none on screen, so it is read from the page's text.
    await expect(canvasElement.textContent).toMatch(
      new RegExp(
        t('planner.summary.printedFor', { email: 'applicant@example.ac.jp', date: 'DATE' })
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace('DATE', '.+'),
      ),
    );
  },
};

/** Where "Start your application" went: an application's address, which the story's router does not open. */
const wentTo = fn().mockName('navigate');

function StartingPlannerStory(spies: PlannerSpies) {
  const props = useStoryPlanner();
  return (
    <Planner
      {...props}
      {...spies}
      applicationHref={(id) => `/applications/${id}`}
      navigate={(href) => {
        if (taskNames.some((task) => href === `/applications/${task}` || href === '/applications'))
          props.navigate(href);
        else wentTo(href);
      }}
    />
  );
}

/**
 * The summary's "Start your application" (docs/behaviour.md#applications): a draft of the plan's kind, whose
 * first answers are the plan's choices; the plan stays as it is. The page goes to the new application.
 */
export const StartApplication: Story = {
  render: (args) => <StartingPlannerStory {...args} />,
  parameters: {
    msw: {
      handlers: plannerHandlers(completePlan, applicationStore({ applications: [], plan: completePlan })),
    },
  },
  play: async ({ canvasElement, globals }) => {
    wentTo.mockClear();
    const t = translator(globals);
    await openTask(canvasElement, globals, 'summary');
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: t('planner.application.start.button') }),
    );
    await waitFor(() =>
      expect(wentTo).toHaveBeenCalledWith(expect.stringMatching(/^\/applications\/[\w-]{22}$/)),
    );
  },
};

/** A draft of that kind is already open (409 draft_exists): the button goes on with it. */
export const StartApplicationDraftExists: Story = {
  render: (args) => <StartingPlannerStory {...args} />,
  parameters: {
    msw: { handlers: plannerHandlers(completePlan, [applicationHandlers.startDraftExists]) },
  },
  play: async ({ canvasElement, globals }) => {
    wentTo.mockClear();
    const t = translator(globals);
    await openTask(canvasElement, globals, 'summary');
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: t('planner.application.start.button') }),
    );
    await waitFor(() => expect(wentTo).toHaveBeenCalledWith('/applications/q3ZbV1n8R0K7yXw2LmA9tQ'));
  },
};

/** Without a kind of application in the plan there is nothing to start: the summary says what to do first. */
export const StartApplicationNeedsKind: Story = {
  render: (args) => <StartingPlannerStory {...args} />,
  parameters: { msw: { handlers: plannerHandlers() } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await openTask(canvasElement, globals, 'summary');
    await expect(canvasElement).toHaveTextContent(t('planner.application.start.needsKind'));
    await expect(
      within(canvasElement).queryByRole('button', { name: t('planner.application.start.button') }),
    ).toBeNull();
  },
};

/** The Planner with the applicant's applications above the plan, as /applications mounts it. */
function PlannerWithApplications(args: PlannerSpies) {
  const props = useStoryPlanner();
  return (
    <Planner
      {...props}
      {...args}
      applications={(lists) => (
        <ApplicationsOverview
          api={props.api}
          lists={lists}
          applicationHref={(id) => `/applications/${id}`}
          planHref="/applications/summary"
          navigate={props.navigate}
          onNoSession={args.onNoSession}
          reportError={args.reportError}
          timeZone="Asia/Tokyo"
          headingLevel={2}
        />
      )}
    />
  );
}

/** The list of applications is held back (`open`) for a story; `planRead`: the plan was answered. */
const listGate = (() => {
  let opened = false;
  let waiting: Array<() => void> = [];
  return {
    planRead: false,
    close() {
      opened = false;
      this.planRead = false;
    },
    open() {
      opened = true;
      for (const go of waiting) go();
      waiting = [];
    },
    wait: () => (opened ? Promise.resolve() : new Promise<void>((go) => waiting.push(go))),
  };
})();

/**
 * /applications with applications: under the page's heading, above the plan, the applicant's applications
 * (the docs-ui engineer's overview, which the app gives the planner), each linking to its own pages.
 */
export const WithApplications: Story = {
  render: (args) => <PlannerWithApplications {...args} />,
  parameters: {
    msw: {
      handlers: plannerHandlers(
        completePlan,
        applicationStore({ applications: [exampleApplications.submitted] }),
      ),
    },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    // The list's heading first: the page's heading is also the loading state's, and an element found then is
    // replaced once the page has loaded (a detached node is neither before nor after anything: a flaky check).
    const applications = await canvas.findByRole('heading', { level: 2, name: t('planner.status.title') });
    const title = canvas.getByRole('heading', { level: 1, name: t('planner.title') });
    // Under the page's heading, above the plan's tasks.
    await expect(title.compareDocumentPosition(applications) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const kind = canvas.getByRole('link', { name: t('planner.task.kind') });
    await expect(applications.compareDocumentPosition(kind) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(canvasElement).toHaveTextContent('M27-4KX7-9QF2'));
  },
};

/**
 * /applications renders once (Lighthouse's layout shift, docs/operations.md): while the applications' list
 * is on its way, the page keeps its loading state, even with the plan read; the plan's tasks never show
 * without the list above them, to be pushed down when it comes.
 */
export const WithApplicationsLoadedTogether: Story = {
  render: (args) => <PlannerWithApplications {...args} />,
  beforeEach: () => listGate.close(),
  parameters: {
    msw: {
      handlers: plannerHandlers(completePlan, [
        http.get('/api/applicant/plan', () => {
          listGate.planRead = true;
          return undefined;
        }),
        http.get('/api/applicant/applications', async () => {
          await listGate.wait();
          return undefined;
        }),
        ...applicationStore({ applications: [exampleApplications.submitted] }),
      ]),
    },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    const listShown = () => canvasElement.textContent?.includes('M27-4KX7-9QF2') ?? false;
    const planShown = () => canvas.queryByRole('link', { name: t('planner.task.kind') }) !== null;
    let planAlone = planShown() && !listShown();
    const watch = new MutationObserver(() => {
      planAlone ||= planShown() && !listShown();
    });
    watch.observe(canvasElement, { childList: true, subtree: true, characterData: true });
    try {
      await waitFor(() => expect(listGate.planRead).toBe(true));
      // Time for the plan to render, were it to render alone.
      await new Promise((done) => setTimeout(done, 300));
      await expect(canvas.getByRole('progressbar', { name: t('planner.loading') })).toBeInTheDocument();
      listGate.open();
      await waitFor(() => expect(listShown()).toBe(true));
      await waitFor(() => expect(planShown()).toBe(true));
    } finally {
      watch.disconnect();
    }
    await expect(planAlone).toBe(false);
  },
};
