import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { consentStore, exampleConsentRequests } from '@pre-admission/api/mocks';
import type { components } from '@pre-admission/api/schema';
import { translator } from '../testing/PlannerDecorator';
import { ApplicationScreen } from './ApplicationScreen';
import {
  applicationSpies,
  useStoryApplication,
  withApplication,
  type ApplicationParameters,
  type ApplicationSpies,
} from './testing/ApplicationDecorator';
import { completeApplication, dataTexts, draftApplication } from './testing/fixtures';
import { applicationStoryHandlers } from './testing/handlers';

type ConsentRequest = components['schemas']['ConsentRequest'];
type Globals = Record<string, unknown>;

function ApplicationStory(spies: ApplicationSpies) {
  return <ApplicationScreen {...useStoryApplication()} {...spies} />;
}

// The fixtures' supervisor (teacher 101, chosen in the application's first section).
const teacherId = completeApplication.answers.choices.teacherId ?? 101;
const requested: ConsentRequest = { ...exampleConsentRequests.requested, teacherId };
const declined: ConsentRequest = { ...exampleConsentRequests.declined, teacherId };
const accepted: ConsentRequest = {
  ...exampleConsentRequests.declined,
  id: 'C3aYd3Wn6Mr9Xo2Lc5At8G',
  teacherId,
  status: 'accepted',
  reason: undefined,
  response: 'You are welcome in my laboratory.',
} as ConsentRequest;
const expired: ConsentRequest = {
  ...exampleConsentRequests.requested,
  id: 'C4bZe4Xo7Ns1Yp3Md6Bu9H',
  teacherId,
  status: 'expired',
  requestedAt: '2026-10-01T03:00:00Z',
  expiresAt: '2026-10-15T03:00:00Z',
  closedAt: '2026-10-15T03:00:00Z',
};

const typedMessage = 'I would like to study with you.';
const typedQuestion = 'May I study with you?';

/** The complete application (its research plan uploaded), its consent in the story's own store. */
const consentAt = (
  options: Parameters<typeof consentStore>[0] = {},
  page: ApplicationParameters['page'] | 'taskList' = 'consent',
  application = completeApplication,
  first: readonly unknown[] = [],
) => ({
  msw: {
    handlers: applicationStoryHandlers({
      applications: [application],
      first: [...first, ...consentStore({ teacherId, ...options })],
    }),
  },
  application: page === 'taskList' ? { id: application.id } : { id: application.id, page },
});

const meta = {
  title: 'Planner/Application/Consent',
  component: ApplicationStory,
  decorators: [withApplication],
  args: applicationSpies(),
  parameters: {
    layout: 'fullscreen',
    // The task list unless a story opens a page (parameters merge: a story's page replaces none).
    ...consentAt({}, 'taskList'),
    // Names, messages and file names come from the (mock) API, and the messages the stories type: data, in
    // English in en-XA.
    pseudoLocale: {
      allow: [
        typedMessage,
        typedQuestion,
        ...dataTexts(),
        requested.message,
        declined.response ?? '',
        accepted.response ?? '',
        'research-plan.pdf',
        'No capacity this term',
      ],
    },
  },
} satisfies Meta<ApplicationSpies>;

export default meta;
type Story = StoryObj<typeof meta>;

async function arrive(canvasElement: HTMLElement, globals: Globals) {
  const t = translator(globals);
  const heading = await within(canvasElement).findByRole('heading', {
    level: 1,
    name: t('planner.application.section.consent'),
  });
  await waitFor(() => expect(heading).toHaveFocus());
  return heading;
}

const messageBox = (canvasElement: HTMLElement, globals: Globals) =>
  within(canvasElement).getByRole('textbox', {
    name: translator(globals)('planner.application.consent.message'),
  });

const sendButton = (canvasElement: HTMLElement, globals: Globals) =>
  within(canvasElement).getByRole('button', {
    name: translator(globals)('planner.application.consent.send'),
  });

async function expectSummaryWith(canvasElement: HTMLElement, globals: Globals, text: string) {
  const t = translator(globals);
  const titles = [t('ui.errorSummary.title'), t('ui.errorSummary.titleNotDone')];
  const summary = await within(canvasElement).findByRole('group', { name: (name) => titles.includes(name) });
  await waitFor(() => expect(summary).toHaveFocus());
  await expect(summary).toHaveTextContent(text);
  return summary;
}

/**
 * The programme option requires consent and none is asked: the task list has the task, "Not started"; it
 * opens the page, whose heading takes focus; the form says the research plan goes with the request.
 */
export const RequiredNotAsked: Story = {
  parameters: consentAt({}, 'taskList'),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    const link = await canvas.findByRole('link', { name: t('planner.application.section.consent') });
    await expect(link).toHaveAccessibleDescription(t('planner.status.notStarted'));
    await userEvent.click(link);
    await arrive(canvasElement, globals);
    await expect(canvasElement).toHaveTextContent('research-plan.pdf');
    await expect(sendButton(canvasElement, globals)).toBeVisible();
  },
};

/** Not required for the programme option: no task in the list. */
export const NotRequired: Story = {
  parameters: consentAt({ required: false }, 'taskList'),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: t('planner.application.section.check') });
    await expect(canvas.queryByRole('link', { name: t('planner.application.section.consent') })).toBeNull();
  },
};

/** Send without a message: the error summary links to the message; nothing is sent. */
export const AskWithoutMessage: Story = {
  parameters: consentAt(),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await arrive(canvasElement, globals);
    await userEvent.click(sendButton(canvasElement, globals));
    await expectSummaryWith(canvasElement, globals, t('planner.application.consent.messageRequired'));
    await expect(messageBox(canvasElement, globals)).toHaveAttribute('aria-invalid', 'true');
    await expect(canvasElement).not.toHaveTextContent(t('planner.application.consent.status.requested'));
  },
};

/** Asks: the request is waiting, with its due date; Withdraw asks first, then withdraws, and the form is back. */
export const AskThenWithdraw: Story = {
  parameters: consentAt(),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await arrive(canvasElement, globals);
    await userEvent.type(messageBox(canvasElement, globals), typedMessage);
    await userEvent.click(sendButton(canvasElement, globals));
    const status = await canvas.findByRole('status');
    await waitFor(() => expect(status).toHaveFocus());
    await expect(canvasElement).toHaveTextContent(t('planner.application.consent.status.requested'));
    await expect(canvasElement).toHaveTextContent(typedMessage);
    await userEvent.click(canvas.getByRole('button', { name: t('planner.application.consent.withdraw') }));
    const dialog = await within(document.body).findByRole('dialog', {
      name: t('planner.application.consent.withdrawTitle'),
    });
    await userEvent.click(
      within(dialog).getByRole('button', { name: t('planner.application.consent.withdraw') }),
    );
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent(t('planner.application.consent.withdrawn')),
    );
    await expect(canvasElement).toHaveTextContent(t('planner.application.consent.status.withdrawn'));
    await expect(
      canvas.getByRole('heading', { name: t('planner.application.consent.askAgain') }),
    ).toBeVisible();
    // Shot once the dialog has gone (its exit animation ends before the screenshot: on a loaded machine it was
    // caught still shown, and the page was shot whole).
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), { timeout: 10_000 });
  },
};

/** A request waits: the task list says so; the page shows it with its due date and Withdraw, and no form. */
export const Requested: Story = {
  parameters: consentAt({ requests: [requested] }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await arrive(canvasElement, globals);
    await expect(canvasElement).toHaveTextContent(t('planner.application.consent.answerBy'));
    await expect(
      canvas.getByRole('button', { name: t('planner.application.consent.withdraw') }),
    ).toBeVisible();
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};

/** Declined: the reason in the page's language, the supervisor's message; ask again or choose another. */
export const DeclinedWithReason: Story = {
  parameters: consentAt({ requests: [declined] }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await arrive(canvasElement, globals);
    const ja = t('planner.application.consent.ask') === '内諾を依頼する';
    await expect(canvasElement).toHaveTextContent(ja ? '今期は受入枠がない' : 'No capacity this term');
    await expect(canvasElement).toHaveTextContent(declined.response ?? '');
    await expect(
      canvas.getByRole('link', { name: t('planner.application.consent.chooseAnother') }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('heading', { name: t('planner.application.consent.askAgain') }),
    ).toBeVisible();
  },
};

/** Accepted: said, with the supervisor's message; nothing to ask, and the task list says "Accepted". */
export const Accepted: Story = {
  parameters: consentAt({ requests: [accepted, declined] }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await arrive(canvasElement, globals);
    await expect(canvasElement).toHaveTextContent(t('planner.application.consent.about.accepted'));
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(
      canvas.getByRole('heading', { name: t('planner.application.consent.history') }),
    ).toBeVisible();
  },
};

/** Expired: said, with the form to ask again and the link to choose another supervisor. */
export const Expired: Story = {
  parameters: consentAt({ requests: [expired] }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await arrive(canvasElement, globals);
    await expect(canvasElement).toHaveTextContent(t('planner.application.consent.about.expired'));
    await expect(messageBox(canvasElement, globals)).toBeVisible();
  },
};

/** No research plan uploaded: the page says so and links to Documents; the server's 409 says it again. */
export const NoResearchPlan: Story = {
  parameters: consentAt({ refuse: 'no_research_plan' }, 'consent', {
    ...completeApplication,
    documents: completeApplication.documents.filter((document) => document.slotKind !== 'material'),
  }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await arrive(canvasElement, globals);
    await expect(
      canvas.getByRole('link', { name: t('planner.application.consent.toDocuments') }),
    ).toBeVisible();
    await userEvent.type(messageBox(canvasElement, globals), typedQuestion);
    await userEvent.click(sendButton(canvasElement, globals));
    await expectSummaryWith(canvasElement, globals, t('planner.application.consent.error.noResearchPlan'));
    await expect(messageBox(canvasElement, globals)).toHaveValue(typedQuestion);
  },
};

/** The supervisor has no account to receive requests (409): ask the desk or choose another; the message stays. */
export const SupervisorUnavailable: Story = {
  parameters: consentAt({ refuse: 'supervisor_unavailable' }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await arrive(canvasElement, globals);
    await userEvent.type(messageBox(canvasElement, globals), typedQuestion);
    await userEvent.click(sendButton(canvasElement, globals));
    await expectSummaryWith(
      canvasElement,
      globals,
      t('planner.application.consent.error.supervisorUnavailable'),
    );
    await expect(
      canvas.getByRole('link', { name: t('planner.application.consent.chooseAnother') }),
    ).toBeVisible();
    await expect(messageBox(canvasElement, globals)).toHaveValue(typedQuestion);
  },
};

/** No supervisor chosen (the page's own check, and the server's 409 no_supervisor): a link to choose one. */
export const NoSupervisor: Story = {
  parameters: consentAt({ refuse: 'no_supervisor' }, 'consent', {
    ...draftApplication,
    answers: { ...draftApplication.answers, choices: { programId: 11 } },
  }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await arrive(canvasElement, globals);
    await expect(
      canvas.getByRole('link', { name: t('planner.application.consent.toChoices') }),
    ).toBeVisible();
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};

/** On a small phone: the request and its history reflow; nothing scrolls sideways. */
export const PhoneWidth: Story = {
  parameters: {
    ...consentAt({ requests: [declined] }),
    application: { id: completeApplication.id, page: 'consent', width: 360 },
  },
  play: async ({ canvasElement, globals }) => {
    await arrive(canvasElement, globals);
    const main = canvasElement.querySelector('main')!;
    await expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth + 1);
  },
};
