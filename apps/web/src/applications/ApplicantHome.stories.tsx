import { createApi } from '@pre-admission/api';
import { http, never, schemaExamples } from '@pre-admission/api/mocks';
import { isDisplayLocale } from '@pre-admission/i18n';
import { messages } from '@pre-admission/i18n/all';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { queryClient } from '../referenceData/queries';
import ApplicantHome from './ApplicantHome';

const option = schemaExamples.Option;

/** One programme group per kind of application, as the reference provider seeds them (the ids of docs/behaviour.md#rules). */
const programs = [
  {
    id: 1,
    name: 'Research student',
    nameJa: '研究生',
    studentType: 'researchStudent' as const,
    hidden: false,
    options: [
      {
        ...option,
        id: 8,
        code: 'RS_APRIL',
        name: 'Research student (April entry)',
        nameJa: '研究生（4月入学）',
        studentType: 'researchStudent' as const,
        displayOrder: 1,
      },
      {
        ...option,
        id: 9,
        code: 'RS_OCTOBER',
        name: 'Research student (October entry)',
        nameJa: '研究生（10月入学）',
        studentType: 'researchStudent' as const,
        displayOrder: 2,
      },
      {
        ...option,
        id: 10,
        code: 'RS_HIDDEN',
        name: 'Closed programme',
        nameJa: '募集停止中のプログラム',
        hidden: true,
      },
    ],
  },
  {
    ...schemaExamples.OptionGroup,
    options: [
      {
        ...option,
        id: 13,
        code: 'MASTER_OCTOBER',
        name: "Master's programme (October entry)",
        nameJa: '修士課程（10月入学）',
        displayOrder: 2,
      },
      option,
    ],
  },
  {
    id: 3,
    name: 'Doctoral programmes',
    nameJa: '博士課程',
    studentType: 'doctoral' as const,
    hidden: false,
    options: [
      {
        ...option,
        id: 12,
        code: 'DOCTORAL_APRIL',
        name: 'Doctoral programme (April entry)',
        nameJa: '博士課程（4月入学）',
        studentType: 'doctoral' as const,
      },
    ],
  },
  {
    id: 4,
    name: 'Exchange',
    nameJa: '交換留学',
    studentType: 'exchange' as const,
    hidden: true,
    options: [],
  },
];

const meta = {
  title: 'App/ApplicantHome',
  component: ApplicantHome,
  tags: ['autodocs'],
  args: { api: createApi(), email: 'applicant@example.com' },
  // Each story starts from an empty cache, as after a sign-in.
  beforeEach: () => queryClient.clear(),
  parameters: {
    msw: { handlers: [http.get('/api/programs', ({ response }) => response(200).json(programs))] },
    // The programme names are reference data from the API, in English or Japanese; not messages.
    pseudoLocale: {
      allow: programs.flatMap((group) => [group.name, ...group.options.map((item) => item.name)]),
    },
  },
} satisfies Meta<typeof ApplicantHome>;

export default meta;
type Story = StoryObj<typeof meta>;

const text = (locale: string, id: keyof (typeof messages)['ja']) => {
  const message = messages[isDisplayLocale(locale) ? locale : 'ja'][id];
  return Array.isArray(message)
    ? message.map((part) => ('value' in part ? String(part.value) : '')).join('')
    : '';
};

/** The four kinds with their visible programmes, in display order; hidden ones never show. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const lists = await canvas.findAllByRole('list');
    expect(canvas.getAllByRole('heading', { level: 2 })).toHaveLength(4);
    const research = within(lists[0]!).getAllByRole('listitem');
    expect(research).toHaveLength(2);
    expect(research[0]).toHaveTextContent(globals.locale === 'ja' ? '4月入学' : 'April entry');
    const master = within(lists[1]!).getAllByRole('listitem');
    expect(master[0]).toHaveTextContent(globals.locale === 'ja' ? '4月入学' : 'April entry');
    expect(canvas.queryByText(/Closed programme|募集停止中/)).toBeNull();
    expect(canvas.getByText(text(globals.locale as string, 'app.home.noProgrammes'))).toBeVisible();
    expect(canvas.getByText(/applicant@example\.com/)).toBeVisible();
  },
};

/** While the lists load. */
export const Loading: Story = {
  parameters: { msw: { handlers: [http.get('/api/programs', never)] } },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('status')).toBeVisible();
  },
};

/** No programme is open: every kind says so. */
export const NoProgrammes: Story = {
  parameters: { msw: { handlers: [http.get('/api/programs', ({ response }) => response(200).json([]))] } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const none = await canvas.findAllByText(text(globals.locale as string, 'app.home.noProgrammes'));
    expect(none).toHaveLength(4);
  },
};
