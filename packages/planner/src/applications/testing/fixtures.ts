// The stories' applications: a master's application of programme 11 with supervisor 101 (course 1), whose
// slots are those of the planner's fixture lists (../../testing/fixtures.ts), in each status, dated around
// 1 December 2026 so that no screenshot changes with the day.
import type { components } from '@pre-admission/api/schema';
import { lists as plannerLists } from '../../testing/fixtures';
import type { DocumentsLists } from '../../documents/slots';
import { ApplicationSchema, type Application as Parsed } from '@pre-admission/api';

type Schemas = components['schemas'];
// The contract's JSON, as the mock server answers it; the screens get it parsed by the adapter (`parsed`).
type Application = Schemas['Application'];
type ApplicationDocument = Schemas['ApplicationDocument'];

/** An application as the adapter gives it to the screens (times as Date). */
export const parsed = (application: Application): Parsed => ApplicationSchema.parse(application);

/** The planner's lists, with a template for the research plan (the contract's example's). */
export const storyLists = {
  ...plannerLists,
  supplementalMaterialTypes: plannerLists.supplementalMaterialTypes.map((type) =>
    type.id === 1
      ? {
          ...type,
          templates: [
            {
              id: 1,
              name: 'research-plan-template.pdf',
              url: '/files/research-plan-template.pdf',
              contentType: 'application/pdf',
            },
          ],
        }
      : type,
  ),
};
// The fixtures are the contract's JSON (dates as strings); the documents section never reads the dates.
export const documentsLists = storyLists as unknown as DocumentsLists;

export const applicationId = 'q3ZbV1n8R0K7yXw2LmA9tQ';

/** Course 1, master: certificate 111 the application form, 112 the transcript, 113 the graduation. */
export const storyDocuments = {
  form: {
    id: 'Fm4c0YlM8aQe2HnTq1Wv7A',
    slotKind: 'certificate',
    slotTypeId: 111,
    fileName: 'application-form.pdf',
    mediaType: 'application/pdf',
    size: 482113,
    uploadedAt: '2026-11-29T05:40:00.000Z',
    hasPreview: false,
  },
  transcript: {
    id: 'Tr8kX2mQ5vN9bL3wP7cZ1A',
    slotKind: 'certificate',
    slotTypeId: 112,
    fileName: 'transcript-page-1.png',
    mediaType: 'image/png',
    size: 1630201,
    uploadedAt: '2026-11-29T05:42:00.000Z',
    hasPreview: true,
  },
  graduation: {
    id: 'Gr2nV7kL4xQ9mW1cT8bZ3A',
    slotKind: 'certificate',
    slotTypeId: 113,
    fileName: 'graduation-certificate.pdf',
    mediaType: 'application/pdf',
    size: 254880,
    uploadedAt: '2026-11-29T06:05:00.000Z',
    hasPreview: false,
  },
} as const satisfies Record<string, ApplicationDocument>;

const answers: Application['answers'] = {
  choices: { programId: 11, teacherId: 101 },
  personal: {},
  contact: {},
  education: { entries: [] },
  declarations: {},
};

const created = '2026-11-28T02:00:00.000Z';
const submittedAt = '2026-11-29T06:10:00.000Z';
const submitted = { status: 'submitted', at: submittedAt } as const;
const underReview = { status: 'underReview', at: '2026-11-30T01:00:00.000Z' } as const;

export const returnedFor: Schemas['Reopened'] = {
  sections: ['documents'],
  documentIds: [storyDocuments.graduation.id],
  dueAt: '2026-12-08T08:00:00.000Z',
  message: 'Please upload the graduation certificate with the university’s seal.',
};

/** A draft with no file yet. */
export const draft: Application = {
  id: applicationId,
  status: 'draft',
  studentType: 'master',
  programId: 11,
  createdAt: created,
  updatedAt: '2026-11-29T06:05:00.000Z',
  history: [],
  answers,
  documents: [],
};

export const withFiles: Application = {
  ...draft,
  documents: [storyDocuments.form, storyDocuments.transcript, storyDocuments.graduation],
};

const sent = {
  ...withFiles,
  periodId: '2027-april-master',
  reference: 'M27-4KX7-9QF2',
  submittedAt,
} as const;

export const submittedApplication: Application = {
  ...sent,
  status: 'submitted',
  updatedAt: submittedAt,
  history: [submitted],
};

export const returned: Application = {
  ...sent,
  status: 'returned',
  updatedAt: '2026-12-01T00:30:00.000Z',
  reopened: returnedFor,
  history: [
    submitted,
    underReview,
    { status: 'returned', at: '2026-12-01T00:30:00.000Z', reopened: returnedFor },
  ],
};

const notAccepted: Schemas['Decision'] = {
  outcome: 'notAccepted',
  reason: {
    ja: '研究計画が指導教員の専門と合致しないため。',
    en: 'The research plan does not match the supervisor’s field.',
  },
  message: 'You are welcome to apply again with another supervisor.',
};

/**
 * One application in each status, as the server keeps them; the list answers them most recently changed
 * first: the draft, the return for changes, the resubmitted one, the withdrawn one, the two decisions, the one
 * under review, the submitted one.
 */
export function everyStatus(): Application[] {
  const id = (n: number) => `${applicationId.slice(0, 20)}${String(n).padStart(2, '0')}`;
  const sentOne = (n: number, reference: string, updatedAt: string) => ({
    ...submittedApplication,
    id: id(n),
    reference,
    updatedAt,
  });
  return [
    { ...draft, id: id(1), updatedAt: '2026-12-01T02:30:00.000Z' },
    { ...returned, id: id(2) },
    {
      ...sentOne(3, 'D27-7HNP-3K2M', '2026-11-30T09:00:00.000Z'),
      studentType: 'doctoral',
      programId: 12,
      status: 'resubmitted',
      history: [
        submitted,
        {
          status: 'returned',
          at: '2026-11-29T09:00:00.000Z',
          reopened: { ...returnedFor, sections: ['personal'], documentIds: [] },
        },
        { status: 'resubmitted', at: '2026-11-30T09:00:00.000Z' },
      ],
    },
    {
      ...sentOne(4, 'M26-8RTV-2WQ6', '2026-11-30T07:00:00.000Z'),
      status: 'withdrawn',
      history: [
        submitted,
        {
          status: 'withdrawn',
          at: '2026-11-30T07:00:00.000Z',
          reason: 'I have accepted an offer from another university.',
        },
      ],
    },
    {
      ...sentOne(5, 'R26-3MND-7GHK', '2026-11-30T06:00:00.000Z'),
      studentType: 'researchStudent',
      programId: 8,
      status: 'decided',
      decision: notAccepted,
      history: [
        submitted,
        underReview,
        { status: 'decided', at: '2026-11-30T06:00:00.000Z', decision: notAccepted },
      ],
    },
    {
      ...sentOne(6, 'M26-5KWZ-8PQ4', '2026-11-30T05:00:00.000Z'),
      status: 'decided',
      decision: { outcome: 'accepted' },
      history: [
        submitted,
        underReview,
        { status: 'decided', at: '2026-11-30T05:00:00.000Z', decision: { outcome: 'accepted' } },
      ],
    },
    {
      ...sentOne(7, 'M27-2B8Q-6TRE', '2026-11-30T01:00:00.000Z'),
      status: 'underReview',
      history: [submitted, underReview],
    },
    sentOne(8, 'M27-9C4D-1VXA', submittedAt),
  ];
}

/** The texts of the fixtures that are data, not messages: in the pseudo-locale they stay as the API sends them. */
export const fixtureTexts = [
  // The reference numbers: letters and digits, the same in every language.
  ...everyStatus().flatMap((application) => application.reference ?? []),
  returnedFor.message,
  'I have accepted an offer from another university.',
  'The research plan does not match the supervisor’s field.',
  'You are welcome to apply again with another supervisor.',
];
