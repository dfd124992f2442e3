import { HttpResponse } from 'msw';
import type { components } from '../../generated/schema';
import { http, never, problem, rateLimited } from '../http';
import { examplePlan } from './plan';

type Schemas = components['schemas'];
type Application = Schemas['Application'];
type ApplicationSummary = Schemas['ApplicationSummary'];
type ApplicationDocument = Schemas['ApplicationDocument'];
type ApplicationPeriod = Schemas['ApplicationPeriod'];
type Plan = Schemas['Plan'];
type Problem = Schemas['Problem'];

const applications = '/api/applicant/applications';
const application = '/api/applicant/applications/{applicationId}';
const submission = '/api/applicant/applications/{applicationId}/submission';
const withdrawal = '/api/applicant/applications/{applicationId}/withdrawal';
const documents = '/api/applicant/applications/{applicationId}/documents';
const document = '/api/applicant/applications/{applicationId}/documents/{documentId}';
const preview = '/api/applicant/applications/{applicationId}/documents/{documentId}/preview';
const periods = '/api/application-periods';

/** The mock's clock: every example is dated around it, so screenshots never change with the day. */
export const MOCK_NOW = '2026-12-01T03:15:00.000Z';

/**
 * The periods of the examples, as the server answers them: the master's April entry (programme 11, the
 * plan's and every example application's) open until 15 January 2027; its October entry upcoming; last
 * year's closed. A story with the period closed passes {@link closedPeriods}.
 */
export const examplePeriods: ApplicationPeriod[] = [
  {
    id: '2026-october-master',
    programId: 12,
    opensAt: '2026-03-31T15:00:00.000Z',
    closesAt: '2026-06-15T08:00:00.000Z',
    state: 'closed',
  },
  {
    id: '2027-april-master',
    programId: 11,
    opensAt: '2026-10-31T15:00:00.000Z',
    closesAt: '2027-01-15T08:00:00.000Z',
    state: 'open',
  },
  {
    id: '2027-october-master',
    programId: 12,
    opensAt: '2027-03-31T15:00:00.000Z',
    closesAt: '2027-06-15T08:00:00.000Z',
    state: 'upcoming',
  },
];

/** The same periods with the April entry closed: submitting a draft of programme 11 answers 409. */
export const closedPeriods: ApplicationPeriod[] = examplePeriods.map((period) =>
  period.programId === 11
    ? {
        ...period,
        opensAt: '2026-06-30T15:00:00.000Z',
        closesAt: '2026-11-30T08:00:00.000Z',
        state: 'closed',
      }
    : period,
);

const ids = {
  draft: 'q3ZbV1n8R0K7yXw2LmA9tQ',
  completeDraft: 'D7hPq2Lx9Rk4Vn0sWc8yTa',
  submitted: 'S2mKv8Qw3Xn6Rb1Yt5Lp9A',
  underReview: 'U4nRw6Kp1Zs8Qc3Vm7Xb2E',
  returned: 'R9tXc2Vm5Lq8Wn1Kb4Zs7F',
  resubmitted: 'B3kWz7Nd2Hq6Tr9Jm1Xc5G',
  accepted: 'A6pLs1Ty4Wv9Kx2Qn8Mb3H',
  notAccepted: 'N8rTd3Bx6Fk1Wq7Zp2Lc9J',
  withdrawn: 'W1vQm5Ks8Pn2Xt6Rc3Hd7K',
} as const;

/** The certificate (slot 311) and research plan (material 1) files of the examples. */
export const exampleDocuments = {
  certificate: {
    id: 'Zp4c0YlM8aQe2HnTq1Wv7A',
    slotKind: 'certificate',
    slotTypeId: 311,
    fileName: 'graduation-certificate.pdf',
    mediaType: 'application/pdf',
    size: 482113,
    uploadedAt: '2026-11-29T05:40:00.000Z',
    hasPreview: false,
  },
  transcript: {
    id: 'Tr8kX2mQ5vN9bL3wP7cZ1A',
    slotKind: 'certificate',
    slotTypeId: 311,
    fileName: 'transcript-page-1.jpg',
    mediaType: 'image/jpeg',
    size: 1630201,
    uploadedAt: '2026-11-29T05:42:00.000Z',
    hasPreview: true,
  },
  researchPlan: {
    id: 'Rp2nV7kL4xQ9mW1cT8bZ3A',
    slotKind: 'material',
    slotTypeId: 1,
    fileName: 'research-plan.pdf',
    mediaType: 'application/pdf',
    size: 254880,
    uploadedAt: '2026-11-29T06:05:00.000Z',
    hasPreview: false,
  },
} as const satisfies Record<string, ApplicationDocument>;

/** Every section answered, as the plan's choices and an applicant from China would fill them. */
const completeAnswers: Application['answers'] = {
  choices: {
    programId: 11,
    teacherId: 103,
    scholarshipTypeId: 12,
    scholarshipStatusId: 4,
    financialSupportId: 1,
  },
  personal: {
    familyName: 'CHEN',
    givenNames: 'XIAOMING',
    nameJa: '陳 小明',
    dateOfBirth: '1999-04-02',
    nationalityId: 156,
    residenceCountryId: 156,
  },
  contact: {
    address: { line1: '12 Zhongguancun Street', city: 'Beijing', postcode: '100080', countryId: 156 },
    telephone: '+8613800138000',
  },
  education: {
    entries: [
      {
        countryId: 156,
        universityId: 101,
        educationTypeId: 4,
        from: '2017-09',
        to: '2021-07',
        certificateCategoryId: 1,
        certificateTypeId: 2,
      },
    ],
  },
  declarations: { informationTrue: true, privacyAccepted: true },
};
const allDocuments = Object.values(exampleDocuments) as ApplicationDocument[];

const created = '2026-11-28T02:00:00.000Z';
const submittedAt = '2026-11-29T06:10:00.000Z';
const submitted = { status: 'submitted', at: submittedAt } as const;
const sent = {
  studentType: 'master',
  programId: 11,
  periodId: '2027-april-master',
  reference: 'M27-4KX7-9QF2',
  createdAt: created,
  submittedAt,
  answers: completeAnswers,
  documents: allDocuments,
} as const;
const returnedFor: Schemas['Reopened'] = {
  sections: ['documents'],
  documentIds: [exampleDocuments.certificate.id],
  dueAt: '2026-12-08T08:00:00.000Z',
  message: 'Please upload the graduation certificate with the university’s seal.',
};

/**
 * One example application in each status (and a complete draft, and both decisions), as the server answers
 * them: the stories of the task list, the check page, the receipt, the list and the history use them.
 */
export const exampleApplications = {
  /** Started from the plan: the choices answered, nothing else. */
  draft: {
    id: ids.draft,
    status: 'draft',
    studentType: 'master',
    programId: 11,
    createdAt: created,
    updatedAt: created,
    history: [],
    answers: {
      choices: {
        programId: 11,
        teacherId: 103,
        scholarshipTypeId: 12,
        scholarshipStatusId: 4,
        financialSupportId: 1,
      },
      personal: {},
      contact: {},
      education: { entries: [] },
      declarations: {},
    },
    documents: [],
  },
  /** Every section answered and every file uploaded: ready to submit. */
  completeDraft: {
    id: ids.completeDraft,
    status: 'draft',
    studentType: 'master',
    programId: 11,
    createdAt: created,
    updatedAt: '2026-11-29T06:05:00.000Z',
    history: [],
    answers: completeAnswers,
    documents: allDocuments,
  },
  submitted: {
    ...sent,
    id: ids.submitted,
    status: 'submitted',
    updatedAt: submittedAt,
    history: [submitted],
  },
  underReview: {
    ...sent,
    id: ids.underReview,
    status: 'underReview',
    updatedAt: '2026-11-30T01:00:00.000Z',
    history: [submitted, { status: 'underReview', at: '2026-11-30T01:00:00.000Z' }],
  },
  /** Returned for changes: the certificate's file, due in a week. */
  returned: {
    ...sent,
    id: ids.returned,
    status: 'returned',
    updatedAt: '2026-12-01T00:30:00.000Z',
    reopened: returnedFor,
    history: [
      submitted,
      { status: 'underReview', at: '2026-11-30T01:00:00.000Z' },
      { status: 'returned', at: '2026-12-01T00:30:00.000Z', reopened: returnedFor },
    ],
  },
  resubmitted: {
    ...sent,
    id: ids.resubmitted,
    status: 'resubmitted',
    updatedAt: '2026-12-01T02:00:00.000Z',
    history: [
      submitted,
      { status: 'underReview', at: '2026-11-30T01:00:00.000Z' },
      { status: 'returned', at: '2026-12-01T00:30:00.000Z', reopened: returnedFor },
      { status: 'resubmitted', at: '2026-12-01T02:00:00.000Z' },
    ],
  },
  accepted: {
    ...sent,
    id: ids.accepted,
    status: 'decided',
    updatedAt: '2026-12-01T03:00:00.000Z',
    decision: { outcome: 'accepted' },
    history: [
      submitted,
      { status: 'underReview', at: '2026-11-30T01:00:00.000Z' },
      { status: 'decided', at: '2026-12-01T03:00:00.000Z', decision: { outcome: 'accepted' } },
    ],
  },
  notAccepted: {
    ...sent,
    id: ids.notAccepted,
    status: 'decided',
    updatedAt: '2026-12-01T03:00:00.000Z',
    decision: {
      outcome: 'notAccepted',
      reason: {
        ja: '研究計画が指導教員の専門と合致しないため。',
        en: 'The research plan does not match the supervisor’s field.',
      },
      message: 'You are welcome to apply again with another supervisor.',
    },
    history: [
      submitted,
      { status: 'underReview', at: '2026-11-30T01:00:00.000Z' },
      {
        status: 'decided',
        at: '2026-12-01T03:00:00.000Z',
        decision: {
          outcome: 'notAccepted',
          reason: {
            ja: '研究計画が指導教員の専門と合致しないため。',
            en: 'The research plan does not match the supervisor’s field.',
          },
          message: 'You are welcome to apply again with another supervisor.',
        },
      },
    ],
  },
  withdrawn: {
    ...sent,
    id: ids.withdrawn,
    status: 'withdrawn',
    updatedAt: '2026-11-30T09:00:00.000Z',
    history: [
      submitted,
      {
        status: 'withdrawn',
        at: '2026-11-30T09:00:00.000Z',
        reason: 'I have accepted an offer from another university.',
      },
    ],
  },
} as const satisfies Record<string, Application>;

/** The draft the plan starts: the contract's own example. */
export const exampleApplication: Application = exampleApplications.draft;

/** An application as the list shows it: without its answers and documents. */
export function summaryOf({
  answers: _answers,
  documents: _documents,
  ...summary
}: Application): ApplicationSummary {
  return summary;
}

// A small grey page, 120 × 160: what a preview looks like in a story (the mock re-encodes nothing).
const previewPng = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAHgAAACgCAAAAADiYvdMAAAAi0lEQVR42u3cwQ0AIAgEMOd0RCdxK53BEMSYskA/5wU+tlk0DQxOhtfFAYPBYDD4DO7hAYPB1bDKBIPB4PfhkThgqQaDNZfmkmowOPaOwcIFBtu57FxSDQZrLs0FBmsu16JrEQy2c9m5pBoM1lyaCwzWXK5F1yIYbOcCSzUYDAaDwWDwr7DvdcAfwRt6HojaHDEKvgAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);

/**
 * What the mock's upload answers a file by its name (for stories; the server decides by the bytes): the
 * refusals of openapi.yaml's FileRefused and FileTooLarge. Any other PDF, JPEG, PNG or GIF is stored.
 */
export const refusalByFileName: ReadonlyArray<[pattern: RegExp, status: 413 | 415, code: string]> = [
  [/\.heic$|\.heif$/i, 415, 'heic'],
  [/\.docx?$|\.odt$/i, 415, 'word'],
  [/encrypted|password/i, 415, 'encrypted_pdf'],
  [/damaged|broken/i, 415, 'damaged'],
  [/pixels|panorama/i, 415, 'too_many_pixels'],
  [/too-large|huge/i, 413, 'file_too_large'],
  [/application-full/i, 413, 'application_too_large'],
];
const mediaTypes: Record<string, ApplicationDocument['mediaType']> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};
/** openapi.yaml's limits (docs/behaviour.md#documents). */
const MAX_FILES = 50;

const conflict = (code: string, extra: Partial<Schemas['ApplicationProblem']> = {}): Response =>
  HttpResponse.json<Schemas['ApplicationProblem']>(
    {
      type: 'urn:pre-admission:problem:application-conflict',
      title: 'The application cannot be changed in its present state.',
      status: 409,
      code,
      ...extra,
    },
    { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
  );
const notFound = (code: 'application_not_found' | 'document_not_found'): Response =>
  HttpResponse.json(
    {
      type: 'urn:pre-admission:problem:not-found',
      title:
        code === 'application_not_found' ? 'The application was not found.' : 'The document was not found.',
      status: 404,
      code,
    } satisfies Problem,
    { status: 404, headers: { 'Content-Type': 'application/problem+json' } },
  );
const refused = (status: 413 | 415, code: string): Response =>
  HttpResponse.json(
    {
      type:
        status === 415
          ? 'urn:pre-admission:problem:unsupported-file'
          : 'urn:pre-admission:problem:payload-too-large',
      title: status === 415 ? 'This type of file cannot be uploaded.' : 'The file is too large.',
      status,
      code,
    } satisfies Problem,
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );
const invalid = (field: string, code: string): Response =>
  HttpResponse.json<Problem>(
    {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [{ field, code }],
    },
    { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
  );

const kindLetter = { researchStudent: 'R', master: 'M', doctoral: 'D', exchange: 'X' } as const;
// Crockford's base 32 without I, L, O, U: the shape of openapi.yaml's Reference (the check character is the
// server's; the mock's references only look right).
const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export interface ApplicationStoreOptions {
  /** The applications at first (none: the list is empty). */
  applications?: readonly Application[];
  periods?: readonly ApplicationPeriod[];
  /** The plan a new draft takes its choices from when it is of the same kind. */
  plan?: Plan;
  /** The mock's clock, for new drafts, submissions and due dates. */
  now?: () => Date;
}

/**
 * The applications of one account, kept in memory as the provider keeps them (openapi.yaml, tag
 * applications): a draft saves its sections whole; a submission needs an open period of its programme and
 * gives a reference number; a submitted application is withdrawn, not discarded; a return reopens only what
 * it names until it is due; an upload answers by the file's name ({@link refusalByFileName}). Each call makes
 * a fresh store, so stories do not share their applications.
 */
export function applicationStore({
  applications: initial = [exampleApplications.draft],
  periods: periodList = examplePeriods,
  plan = examplePlan,
  now = () => new Date(MOCK_NOW),
}: ApplicationStoreOptions = {}) {
  const store = new Map<string, Application>(initial.map((item) => [item.id, structuredClone(item)]));
  const files = new Map<string, Blob>();
  let sequence = 0;
  const newId = (prefix: string) =>
    `${prefix}${String(++sequence).padStart(4, '0')}mockIdXXXXXXXXXX`.slice(0, 22);
  const stamp = () => now().toISOString();
  const save = (item: Application) => {
    store.set(item.id, item);
    return item;
  };
  const editable = (item: Application, section: Schemas['ApplicationSection']) =>
    item.status === 'draft' || (item.status === 'returned' && !!item.reopened?.sections.includes(section));
  const pastDue = (item: Application) =>
    item.status === 'returned' && !!item.reopened && new Date(item.reopened.dueAt) <= now();

  return [
    http.get(periods, () => HttpResponse.json([...periodList])),
    http.get(applications, () =>
      HttpResponse.json({
        applications: [...store.values()]
          .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
          .map(summaryOf),
      }),
    ),
    http.post(applications, async ({ request }) => {
      const { studentType } = (await request.json()) as Schemas['ApplicationStart'];
      const open = [...store.values()].find(
        (item) => item.status === 'draft' && item.studentType === studentType,
      );
      if (open) return conflict('draft_exists', { applicationId: open.id });
      const fromPlan = plan.studentType === studentType;
      const choices = fromPlan
        ? {
            programId: plan.programId,
            teacherId: plan.teacherId,
            scholarshipTypeId: plan.scholarshipTypeId,
            scholarshipStatusId: plan.scholarshipStatusId,
            financialSupportId: plan.financialSupportId,
          }
        : {};
      const draft: Application = {
        id: newId('New'),
        status: 'draft',
        studentType,
        ...(choices.programId === undefined ? {} : { programId: choices.programId }),
        createdAt: stamp(),
        updatedAt: stamp(),
        history: [],
        answers: {
          choices: JSON.parse(JSON.stringify(choices)) as Schemas['ApplicationChoices'],
          personal: {},
          contact: {},
          education: { entries: [] },
          declarations: {},
        },
        documents: [],
      };
      return HttpResponse.json(save(draft), { status: 201 });
    }),
    http.get(application, ({ params }) => {
      const item = store.get(params.applicationId);
      return item ? HttpResponse.json(item) : notFound('application_not_found');
    }),
    http.patch(application, async ({ params, request }) => {
      const item = store.get(params.applicationId);
      if (!item) return notFound('application_not_found');
      const patch = (await request.json()) as Schemas['ApplicationAnswersPatch'];
      const sections = Object.keys(patch) as Array<keyof Schemas['ApplicationAnswersPatch']>;
      if (sections.some((section) => !editable(item, section))) return conflict('not_editable');
      if (pastDue(item)) return conflict('past_due');
      const answers = { ...item.answers, ...patch };
      const programId = answers.choices.programId;
      return HttpResponse.json(
        save({
          ...item,
          answers,
          ...(programId === undefined ? {} : { programId }),
          updatedAt: stamp(),
        }),
      );
    }),
    http.delete(application, ({ params }) => {
      const item = store.get(params.applicationId);
      if (!item) return notFound('application_not_found');
      if (item.status !== 'draft') return conflict('not_editable');
      store.delete(item.id);
      return new Response(null, { status: 204 });
    }),
    http.post(submission, ({ params }) => {
      const item = store.get(params.applicationId);
      if (!item) return notFound('application_not_found');
      // Submitting again what is already sent (a double click, a second tab) answers it as it is.
      if (item.status === 'submitted' || item.status === 'resubmitted' || item.status === 'underReview')
        return HttpResponse.json(item);
      if (item.status === 'decided' || item.status === 'withdrawn') return conflict('not_editable');
      if (item.status === 'returned') {
        if (pastDue(item)) return conflict('past_due');
        const { reopened: _reopened, ...rest } = item;
        return HttpResponse.json(
          save({
            ...rest,
            status: 'resubmitted',
            updatedAt: stamp(),
            history: [...item.history, { status: 'resubmitted', at: stamp() }],
          }),
        );
      }
      if (item.answers.choices.programId === undefined) return invalid('choices.programId', 'required');
      const ofProgramme = periodList.filter((period) => period.programId === item.answers.choices.programId);
      if (ofProgramme.length === 0) return conflict('no_period');
      const period = ofProgramme.find((candidate) => candidate.state === 'open');
      if (!period) return conflict('period_closed');
      const taken = [...store.values()].some(
        (other) =>
          other.id !== item.id &&
          other.studentType === item.studentType &&
          other.periodId === period.id &&
          !['draft', 'withdrawn', 'decided'].includes(other.status),
      );
      if (taken) return conflict('already_open');
      const serial = Array.from(
        { length: 8 },
        (_, index) => crockford[(sequence * 7 + index * 11 + item.id.charCodeAt(index % 22)) % 32],
      ).join('');
      sequence += 1;
      return HttpResponse.json(
        save({
          ...item,
          status: 'submitted',
          periodId: period.id,
          reference: `${kindLetter[item.studentType]}${period.closesAt.slice(2, 4)}-${serial.slice(0, 4)}-${serial.slice(4)}`,
          submittedAt: stamp(),
          updatedAt: stamp(),
          history: [...item.history, { status: 'submitted', at: stamp() }],
        }),
      );
    }),
    http.post(withdrawal, async ({ params, request }) => {
      const item = store.get(params.applicationId);
      if (!item) return notFound('application_not_found');
      const { reason } = (await request.json()) as Schemas['Withdrawal'];
      if (item.status === 'withdrawn') return HttpResponse.json(item);
      if (item.status === 'draft' || item.status === 'decided') return conflict('not_withdrawable');
      if (!reason.trim()) return invalid('reason', 'required');
      const { reopened: _reopened, ...rest } = item;
      return HttpResponse.json(
        save({
          ...rest,
          status: 'withdrawn',
          updatedAt: stamp(),
          history: [...item.history, { status: 'withdrawn', at: stamp(), reason }],
        }),
      );
    }),
    http.post(documents, async ({ params, request }) => {
      const item = store.get(params.applicationId);
      if (!item) return notFound('application_not_found');
      if (!editable(item, 'documents')) return conflict('not_editable');
      if (pastDue(item)) return conflict('past_due');
      const form = await request.formData();
      const file = form.get('file');
      const slotKind = form.get('slotKind');
      const slotTypeId = Number(form.get('slotTypeId'));
      if (slotKind !== 'certificate' && slotKind !== 'material') return invalid('slotKind', 'required');
      if (!Number.isInteger(slotTypeId) || slotTypeId < 1) return invalid('slotTypeId', 'not_offered');
      if (!(file instanceof File)) return invalid('file', 'required');
      if (item.documents.length >= MAX_FILES) return conflict('too_many_files');
      const refusal = refusalByFileName.find(([pattern]) => pattern.test(file.name));
      if (refusal) return refused(refusal[1], refusal[2]);
      if (file.size === 0) return refused(415, 'empty');
      const mediaType = mediaTypes[file.name.split('.').pop()?.toLowerCase() ?? ''];
      if (!mediaType) return refused(415, 'unsupported_type');
      const stored: ApplicationDocument = {
        id: newId('Doc'),
        slotKind,
        slotTypeId,
        fileName: file.name.slice(0, 120),
        mediaType,
        size: file.size,
        uploadedAt: stamp(),
        hasPreview: mediaType !== 'application/pdf',
      };
      files.set(stored.id, file);
      save({ ...item, documents: [...item.documents, stored], updatedAt: stamp() });
      return HttpResponse.json(stored, { status: 201 });
    }),
    http.get(document, ({ params }) => {
      const found = store.get(params.applicationId)?.documents.find((doc) => doc.id === params.documentId);
      if (!found) return notFound('document_not_found');
      const body =
        files.get(found.id) ?? new Blob([found.mediaType === 'application/pdf' ? '%PDF-1.7\n' : previewPng]);
      return new Response(body, {
        headers: {
          'Content-Type': found.mediaType,
          'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(found.fileName)}`,
        },
      });
    }),
    http.delete(document, ({ params }) => {
      const item = store.get(params.applicationId);
      if (!item) return notFound('application_not_found');
      if (!item.documents.some((doc) => doc.id === params.documentId)) return notFound('document_not_found');
      const reopened = item.status === 'returned' && !!item.reopened?.documentIds.includes(params.documentId);
      if (item.status !== 'draft' && !reopened) return conflict('not_editable');
      if (pastDue(item)) return conflict('past_due');
      files.delete(params.documentId);
      save({
        ...item,
        documents: item.documents.filter((doc) => doc.id !== params.documentId),
        updatedAt: stamp(),
      });
      return new Response(null, { status: 204 });
    }),
    http.get(preview, ({ params }) => {
      const found = store.get(params.applicationId)?.documents.find((doc) => doc.id === params.documentId);
      if (!found?.hasPreview) return notFound('document_not_found');
      return new Response(previewPng, { headers: { 'Content-Type': 'image/png' } });
    }),
  ] as const;
}

/** One answer for every upload, whatever the file: a refusal's story shows it on the slot. */
const uploadRefused = (status: 413 | 415, code: string) => http.post(documents, () => refused(status, code));

/**
 * Fixed answers for the stories of one state (put first, over a store or the defaults): the lists, and each
 * failure of docs/behaviour.md#error-catalogue the application screens show.
 */
export const applicationHandlers = {
  periodsOpen: http.get(periods, () => HttpResponse.json(examplePeriods)),
  periodsClosed: http.get(periods, () => HttpResponse.json(closedPeriods)),
  periodsNone: http.get(periods, () => HttpResponse.json([])),
  listEmpty: http.get(applications, () => HttpResponse.json({ applications: [] })),
  listExamples: http.get(applications, () =>
    HttpResponse.json({ applications: Object.values(exampleApplications).map(summaryOf) }),
  ),
  listNoSession: http.get(applications, () => problem('listApplications', '404')),
  listPending: http.get(applications, never),
  listFails: http.get(applications, () => problem('listApplications', '500')),
  startSucceeds: http.post(applications, () => HttpResponse.json(exampleApplications.draft, { status: 201 })),
  startDraftExists: http.post(applications, () => conflict('draft_exists', { applicationId: ids.draft })),
  readNotFound: http.get(application, () => notFound('application_not_found')),
  readPending: http.get(application, never),
  readFails: http.get(application, () => problem('getApplication', '500')),
  saveRefused: http.patch(application, () => invalid('personal.familyName', 'too_long')),
  saveNotEditable: http.patch(application, () => conflict('not_editable')),
  savePastDue: http.patch(application, () => conflict('past_due')),
  saveRateLimited: http.patch(application, () => rateLimited('saveApplicationAnswers')),
  savePending: http.patch(application, never),
  saveFails: http.patch(application, () => problem('saveApplicationAnswers', '500')),
  submitPeriodClosed: http.post(submission, () => conflict('period_closed')),
  submitNoPeriod: http.post(submission, () => conflict('no_period')),
  submitAlreadyOpen: http.post(submission, () => conflict('already_open')),
  submitConsentRequired: http.post(submission, () => conflict('consent_required')),
  submitRefused: http.post(submission, () => invalid('documents.certificate.311', 'required')),
  submitPending: http.post(submission, never),
  submitFails: http.post(submission, () => problem('submitApplication', '500')),
  withdrawNotWithdrawable: http.post(withdrawal, () => conflict('not_withdrawable')),
  withdrawPending: http.post(withdrawal, never),
  discardNotEditable: http.delete(application, () => conflict('not_editable')),
  uploadPending: http.post(documents, never),
  uploadFails: http.post(documents, () => problem('uploadApplicationDocument', '500')),
  uploadTooManyFiles: http.post(documents, () => conflict('too_many_files')),
  uploadFileTooLarge: uploadRefused(413, 'file_too_large'),
  uploadApplicationTooLarge: uploadRefused(413, 'application_too_large'),
  uploadHeic: uploadRefused(415, 'heic'),
  uploadWord: uploadRefused(415, 'word'),
  uploadEncryptedPdf: uploadRefused(415, 'encrypted_pdf'),
  uploadDamaged: uploadRefused(415, 'damaged'),
  uploadTooManyPixels: uploadRefused(415, 'too_many_pixels'),
  uploadUnsupported: uploadRefused(415, 'unsupported_type'),
  removeNotFound: http.delete(document, () => notFound('document_not_found')),
};
