/**
 * The desk's story data: contract-typed applications (openapi.staff.yaml's shapes, as apps/api/src/desk
 * returns them) and reference lists in both languages. Names and words typed by people are data: the
 * pseudo-locale check is told of them (`dataTexts`).
 */
import type { DeskLists } from '../lists';
import type {
  ApplicationConsentFilter,
  ApplicationStatus,
  ConsentStatus,
  StaffConsentRequest,
  StaffApplication,
  StaffApplicationList,
  StaffApplicationSummary,
  StaffScreening,
  StudentType,
} from '../model';

type Locale = 'ja' | 'en';
const both = <T extends number | string>(id: T, ja: string, en: string) => ({ id, ja, en });

const programmes = [
  both(11, '修士課程（4月入学）', "Master's programme (April entry)"),
  both(12, '博士課程（10月入学）', 'Doctoral programme (October entry)'),
  both(13, '研究生（4月入学）', 'Research student (April entry)'),
  both(14, '交換留学（秋学期）', 'Exchange (autumn term)'),
];
const courses = [
  both(3, '情報学コース', 'Informatics'),
  both(4, '機械工学コース', 'Mechanical Engineering'),
  both(5, '国際関係学コース', 'International Relations'),
];
const teachers = [both(103, '山田 花子', 'YAMADA Hanako'), both(104, '佐藤 健', 'SATO Ken')];
const periods = [
  both('2027-april-master', '2027年4月入学（修士）', 'April 2027 entry (master)'),
  both('2027-october-doctoral', '2027年10月入学（博士）', 'October 2027 entry (doctoral)'),
];
const countries = [
  both(156, '中国', 'China'),
  both(704, 'ベトナム', 'Viet Nam'),
  both(360, 'インドネシア', 'Indonesia'),
  both(356, 'インド', 'India'),
];
const certificates = [
  both(1, '卒業証明書', 'Graduation certificate'),
  both(2, '成績証明書', 'Academic transcript'),
];
const materials = [
  both(21, '研究計画書', 'Research plan'),
  both(22, 'パスポートの写し', 'Copy of the passport'),
];
const rejectReasons = [
  both(
    1,
    '研究計画が指導教員の専門と合致しないため。',
    "The research plan does not match the supervisor's field.",
  ),
  both(2, '受け入れ可能な人数を超えたため。', 'The supervisor cannot take more students this year.'),
];
const scholarships = [
  both(12, '国費外国人留学生（大使館推薦）', 'MEXT scholarship (embassy recommendation)'),
];
const universities = [both(501, '清華大学', 'Tsinghua University')];

const named = <T extends number | string>(
  list: ReadonlyArray<{ id: T; ja: string; en: string }>,
  locale: Locale,
) => list.map((entry) => ({ id: entry.id, name: entry[locale] }));

/** The reference lists in the page's language, as the desk app builds them. */
export const deskLists = (locale: string): DeskLists => {
  const language: Locale = locale === 'ja' ? 'ja' : 'en';
  return {
    programmes: named(programmes, language),
    courses: named(courses, language),
    teachers: named(teachers, language),
    periods: named(periods, language),
    countries: named(countries, language),
    documentTypes: { certificate: named(certificates, language), material: named(materials, language) },
    rejectReasons: named(rejectReasons, language),
    scholarships: named(scholarships, language),
    universities: named(universities, language),
  };
};

const people: ReadonlyArray<[string, string, string | undefined, number]> = [
  ['CHEN', 'XIAOMING', '陳 暁明', 156],
  ['NGUYEN', 'THI LAN', undefined, 704],
  ['WIJAYA', 'PUTRI AYU', undefined, 360],
  ['SHARMA', 'ANANYA', undefined, 356],
  ['LI', 'WEI', '李 偉', 156],
  ['TRAN', 'VAN MINH', undefined, 704],
  ['KUMAR', 'ROHAN', undefined, 356],
  ['SANTOSO', 'BUDI', undefined, 360],
];
const kindLetter: Record<StudentType, string> = {
  researchStudent: 'R',
  master: 'M',
  doctoral: 'D',
  exchange: 'X',
};
const kindOf: StudentType[] = ['master', 'doctoral', 'researchStudent', 'exchange'];
const statusOf: ApplicationStatus[] = [
  'submitted',
  'underReview',
  'returned',
  'resubmitted',
  'decided',
  'withdrawn',
];
const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const code = (n: number, length: number) =>
  Array.from({ length }, (_, i) => crockford[(n * 7 + i * 13 + n * i) % 32]).join('');

/**
 * Where the nth application of {@link summaryAt} stands with the supervisor's consent (the list does not show
 * it; the consent filter reads it): one in four not required, the others in turn not asked, waiting, accepted,
 * declined, expired, withdrawn.
 */
export function consentAt(n: number): ApplicationConsentFilter {
  const asked = ['notAsked', 'requested', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
  return n % 4 === 0 ? 'notRequired' : asked[n % asked.length]!;
}

/** The n-th of a desk's worth of applications: every kind, status and nationality in turn. */
export function summaryAt(n: number): StaffApplicationSummary {
  const [familyName, givenNames, nameJa, nationalityId] = people[n % people.length]!;
  const kind = kindOf[n % kindOf.length]!;
  // Newest first in their order, as the list's default sort shows them: one every seven hours.
  const submitted = new Date(Date.UTC(2026, 11, 20, 3, 15) - n * 7 * 3600_000);
  return {
    id: `app${String(n).padStart(19, '0')}`,
    reference: `${kindLetter[kind]}27-${code(n, 4)}-${code(n + 5, 4)}`,
    status: statusOf[n % statusOf.length]!,
    studentType: kind,
    programId: 11 + (n % 4),
    teacherId: 103 + (n % 2),
    courseId: 3 + (n % 3),
    periodId: n % 2 ? '2027-october-doctoral' : '2027-april-master',
    familyName,
    givenNames,
    ...(nameJa ? { nameJa } : {}),
    nationalityId,
    submittedAt: submitted.toISOString(),
    updatedAt: submitted.toISOString(),
  };
}

/** One page of `total` applications. */
export function listPage(total: number, page = 1, pageSize = 25): StaffApplicationList {
  const first = (page - 1) * pageSize;
  const count = Math.max(0, Math.min(pageSize, total - first));
  return {
    applications: Array.from({ length: count }, (_, i) => summaryAt(first + i)),
    total,
    page,
    pageSize,
  };
}

const documents: StaffApplication['documents'] = [
  {
    id: 'Zp4c0YlM8aQe2HnTq1Wv7A',
    slotKind: 'certificate',
    slotTypeId: 1,
    fileName: 'graduation-certificate.pdf',
    mediaType: 'application/pdf',
    size: 482113,
    uploadedAt: '2026-11-30T09:12:00.000Z',
    hasPreview: false,
  },
  {
    id: 'Kq8sV2bN5mXe7RtY1uWz3A',
    slotKind: 'certificate',
    slotTypeId: 2,
    fileName: 'transcript-page-1.jpg',
    mediaType: 'image/jpeg',
    size: 1830400,
    uploadedAt: '2026-11-30T09:20:00.000Z',
    hasPreview: true,
  },
  {
    id: 'Pw3xR7cL1nVb9TqZ5yHs2A',
    slotKind: 'material',
    slotTypeId: 21,
    fileName: 'research-plan.pdf',
    mediaType: 'application/pdf',
    size: 96512,
    uploadedAt: '2026-11-30T10:02:00.000Z',
    hasPreview: false,
  },
];

const desk = { staffId: '3', role: 'desk' as const };
const office = { staffId: '7', role: 'office' as const };
const supervisor = { staffId: '12', role: 'supervisor' as const };

/** The desk's words, as written (data: the pseudo-locale leaves them). */
export const deskWords = {
  returnMessage: 'Please upload the graduation certificate with the university seal.',
  decisionMessage: 'We look forward to welcoming you in April.',
  note: 'Transcript checked with the university by telephone.',
  supervisorNote: 'I have met the applicant online; the research plan fits the laboratory.',
  withdrawal: 'I have accepted another offer.',
};

/** A master's application in `status`, with the history that led there. */
export function applicationIn(status: ApplicationStatus): StaffApplication {
  const base: StaffApplication = {
    id: 'q3ZbV1n8R0K7yXw2LmA9tQ',
    reference: 'M27-4KX7-9QF2',
    status,
    studentType: 'master',
    programId: 11,
    courseId: 3,
    periodId: '2027-april-master',
    createdAt: '2026-11-28T02:00:00.000Z',
    updatedAt: '2026-12-01T03:15:00.000Z',
    submittedAt: '2026-12-01T03:15:00.000Z',
    answers: {
      choices: { programId: 11, teacherId: 103, scholarshipTypeId: 12 },
      personal: {
        familyName: 'CHEN',
        givenNames: 'XIAOMING',
        nameJa: '陳 暁明',
        dateOfBirth: '1999-04-02',
        nationalityId: 156,
        residenceCountryId: 156,
      },
      contact: {
        address: { line1: '18 Zhongguancun Street', city: 'Beijing', postcode: '100080', countryId: 156 },
        telephone: '+86 138 0013 8000',
      },
      education: {
        entries: [
          { countryId: 156, universityId: 501, from: '2017-09', to: '2021-07' },
          { countryId: 156, institutionName: 'Beijing No. 4 High School', from: '2014-09', to: '2017-07' },
        ],
      },
      declarations: { informationTrue: true, privacyAccepted: true },
    },
    documents,
    history: [{ status: 'submitted', at: '2026-12-01T03:15:00.000Z' }],
    notes: [],
    consentSteps: [],
  };
  const reopened = {
    sections: ['documents' as const],
    documentIds: [documents[0]!.id],
    dueAt: '2027-01-20T14:59:00.000Z',
    message: deskWords.returnMessage,
  };
  const opened = { status: 'underReview' as const, at: '2026-12-02T01:00:00.000Z', actor: desk };
  const returned = { status: 'returned' as const, at: '2026-12-02T01:10:00.000Z', actor: desk, reopened };
  const resubmitted = { status: 'resubmitted' as const, at: '2026-12-05T06:40:00.000Z' };
  const notes = [
    { at: '2026-12-02T01:05:00.000Z', actor: desk, text: deskWords.note },
    { at: '2026-12-03T08:30:00.000Z', actor: supervisor, text: deskWords.supervisorNote },
  ];
  switch (status) {
    case 'submitted':
      return base;
    case 'underReview':
      return { ...base, history: [...base.history, opened], notes: notes.slice(0, 1) };
    case 'returned':
      return { ...base, reopened, history: [...base.history, opened, returned], notes };
    case 'resubmitted':
      return { ...base, history: [...base.history, opened, returned, resubmitted], notes };
    case 'decided': {
      const decision = {
        outcome: 'notAccepted' as const,
        reason: { ja: rejectReasons[0]!.ja, en: rejectReasons[0]!.en },
        message: deskWords.decisionMessage,
      };
      return {
        ...base,
        decision,
        history: [
          ...base.history,
          opened,
          returned,
          resubmitted,
          { status: 'underReview', at: '2026-12-06T00:30:00.000Z', actor: office },
          { status: 'decided', at: '2026-12-10T02:00:00.000Z', actor: office, decision },
        ],
        notes,
      };
    }
    case 'withdrawn':
      return {
        ...base,
        history: [
          ...base.history,
          opened,
          { status: 'withdrawn', at: '2026-12-03T11:00:00.000Z', reason: deskWords.withdrawal },
        ],
        notes: notes.slice(0, 1),
      };
    case 'draft':
      return { ...base, reference: undefined, submittedAt: undefined, history: [] };
  }
}

/**
 * A submitted application whose consent took every turn before it was sent: SATO Ken's request left to
 * expire, asked again and declined with a reason and a message; YAMADA Hanako's request withdrawn, asked
 * again and accepted; then the submission.
 */
export function applicationWithConsent(): StaffApplication {
  const sato = 104;
  const yamada = 103;
  const satoAccount = { staffId: '15', role: 'supervisor' as const };
  const yamadaAccount = { staffId: '12', role: 'supervisor' as const };
  return {
    ...applicationIn('submitted'),
    consentSteps: [
      { step: 'asked', at: '2026-11-02T01:00:00.000Z', teacherId: sato },
      { step: 'expired', at: '2026-11-16T01:00:00.000Z', teacherId: sato },
      { step: 'asked', at: '2026-11-16T03:00:00.000Z', teacherId: sato },
      {
        step: 'declined',
        at: '2026-11-18T05:30:00.000Z',
        teacherId: sato,
        actor: satoAccount,
        reason: { ja: rejectReasons[1]!.ja, en: rejectReasons[1]!.en },
        response: consentWords.response,
      },
      { step: 'asked', at: '2026-11-19T00:10:00.000Z', teacherId: yamada },
      { step: 'withdrawn', at: '2026-11-19T00:20:00.000Z', teacherId: yamada },
      { step: 'asked', at: '2026-11-19T00:25:00.000Z', teacherId: yamada },
      {
        step: 'accepted',
        at: '2026-11-25T08:00:00.000Z',
        teacherId: yamada,
        actor: yamadaAccount,
        response: consentWords.accepted,
      },
    ],
  };
}

/** The screening's data: the users list's names and concerns, the version, the desk's reason (as written). */
export const screeningWords = {
  institution: 'Example Inst. of Physics',
  entry: 'Example Research Institute of Physics',
  alias: 'Example Institute of Physics',
  similarInstitution: 'Beijing No. 4 High School',
  similarEntry: 'Beijing Fourth Institute of Machinery',
  similarName: 'Beijing No. 4 Institute',
  entryCountry: 'China',
  nuclear: 'Nuclear',
  missile: 'Missile',
  listVersion: `sha256:${'3f'.repeat(32)}`,
  reason:
    'The applicant studied physics teaching only at the listed institute; no access to the controlled laboratory. Condition: no work in laboratory 4.',
};

/** How the stories' application was screened: clear, waiting for the desk, or with the desk's outcome. */
export type ScreeningCase = 'clear' | 'needsReview' | 'outcomeRecorded';

/**
 * The application in `status`, screened at its submission as `screening` says (the desk's view: `screening`
 * and its steps in the history, as apps/api/src/desk/applications.ts adds them). A match needs the institution
 * in the education history, so a screening with matches adds the one the applicant wrote.
 */
export function screenedApplication(status: ApplicationStatus, screening: ScreeningCase): StaffApplication {
  const application = applicationIn(status);
  const at = application.submittedAt!;
  const countries: StaffScreening['countries'] = [
    { countryId: 156, role: 'nationality', alpha2Code: 'CN', isGroupA: false, isGroupD: false },
    { countryId: 704, role: 'education', alpha2Code: 'VN', isGroupA: false, isGroupD: false },
  ];
  const base = {
    id: '12',
    at,
    trigger: 'submission' as const,
    listVersion: screeningWords.listVersion,
    countries,
  };
  const screened = { status: 'submitted' as const, at };
  if (screening === 'clear')
    return {
      ...application,
      screening: { ...base, result: 'clear', matches: [], waiting: false },
      history: [
        ...application.history,
        { ...screened, screening: { event: 'screened', trigger: 'submission', result: 'clear' } },
      ],
    };
  const outcome =
    screening === 'outcomeRecorded'
      ? {
          outcome: 'cleared_with_conditions' as const,
          reason: screeningWords.reason,
          staffId: '3',
          at: '2026-12-02T00:40:00.000Z',
        }
      : undefined;
  const [first, ...rest] = application.history;
  return {
    ...application,
    answers: {
      ...application.answers,
      education: {
        ...application.answers.education,
        entries: [
          ...(application.answers.education.entries ?? []),
          { countryId: 704, institutionName: screeningWords.institution, from: '2021-09', to: '2023-07' },
        ],
      },
    },
    screening: {
      ...base,
      result: 'needs_review',
      waiting: outcome === undefined,
      ...(outcome ? { outcome } : {}),
      matches: [
        {
          institution: screeningWords.institution,
          entryId: 1,
          entryName: screeningWords.entry,
          matchedName: screeningWords.alias,
          kind: 'alias',
          score: 1,
          country: screeningWords.entryCountry,
          concerns: [{ code: 'N', name: screeningWords.nuclear }],
        },
        {
          institution: screeningWords.similarInstitution,
          entryId: 7,
          entryName: screeningWords.similarEntry,
          matchedName: screeningWords.similarName,
          kind: 'similar',
          score: 0.87,
          country: screeningWords.entryCountry,
          concerns: [
            { code: 'M', name: screeningWords.missile },
            { code: 'N', name: screeningWords.nuclear },
          ],
        },
      ],
    },
    history: [
      first!,
      { ...screened, screening: { event: 'screened', trigger: 'submission', result: 'needs_review' } },
      ...(outcome
        ? [
            {
              status: 'submitted' as const,
              at: outcome.at,
              actor: desk,
              screening: { event: 'outcome' as const, outcome: outcome.outcome, reason: outcome.reason },
            },
          ]
        : []),
      ...rest,
    ],
  };
}

/** Every name and text the stories show as data, for the pseudo-locale check. */
/** What applicants and supervisors wrote in the consent stories: data. */
export const consentWords = {
  message:
    'I would like to study low-resource machine translation in your laboratory. My research plan is attached.',
  response: 'I have no places this year; please ask Professor Sato.',
  accepted: 'I look forward to working with you.',
  researchPlan: 'research-plan.pdf',
};

/**
 * A consent request to YAMADA Hanako (teacher 103) in a state, as getConsentRequest answers it: asked on
 * 1 December 2026 (Japan time), due two weeks later; answered, expired or withdrawn with its fields.
 */
export function consentRequestIn(status: ConsentStatus, n = 0): StaffConsentRequest {
  const [familyName, givenNames, nameJa, nationalityId] = people[n % people.length]!;
  const requestedAt = new Date(Date.UTC(2026, 11, 1, 2, 0) - n * 26 * 3600_000);
  const request: StaffConsentRequest = {
    id: `cns${String(n).padStart(19, '0')}`,
    applicationId: `app${String(n).padStart(19, '0')}`,
    teacherId: 103,
    status,
    studentType: n % 3 === 1 ? 'doctoral' : n % 3 === 2 ? 'researchStudent' : 'master',
    programId: 11 + (n % 3),
    applicant: { familyName, givenNames, ...(nameJa ? { nameJa } : {}), nationalityId },
    message: consentWords.message,
    researchPlan: { fileName: consentWords.researchPlan, mediaType: 'application/pdf', size: 284_311 },
    requestedAt: requestedAt.toISOString(),
    expiresAt: new Date(requestedAt.getTime() + 14 * 86_400_000).toISOString(),
  };
  const closedAt = new Date(requestedAt.getTime() + 3 * 86_400_000).toISOString();
  if (status === 'accepted')
    return { ...request, closedAt, decidedBy: supervisor, response: consentWords.accepted };
  if (status === 'declined')
    return {
      ...request,
      closedAt,
      decidedBy: supervisor,
      reason: { ja: rejectReasons[1]!.ja, en: rejectReasons[1]!.en },
      response: consentWords.response,
    };
  if (status === 'expired') return { ...request, closedAt: request.expiresAt };
  if (status === 'withdrawn') {
    const { researchPlan: _removed, ...withdrawn } = request;
    return { ...withdrawn, closedAt };
  }
  return request;
}

/** A supervisor's requests, newest first as the server lists them: two waiting, then one in each other state. */
export const consentRequests = (): StaffConsentRequest[] =>
  (['accepted', 'requested', 'declined', 'requested', 'expired', 'withdrawn'] as const).map((status, n) =>
    consentRequestIn(status, n),
  );

export const dataTexts = (): string[] => [
  ...[
    programmes,
    courses,
    teachers,
    periods,
    countries,
    certificates,
    materials,
    rejectReasons,
    scholarships,
    universities,
  ].flatMap((list) => list.map((entry) => entry.en)),
  ...people.flatMap(([family, given]) => [family, given]),
  ...Object.values(deskWords),
  ...Object.values(consentWords),
  ...Object.values(screeningWords),
  // The weapon concerns' codes, as the users list gives them.
  '(M)',
  '(N)',
  '18 Zhongguancun Street',
  'Beijing',
  'Beijing No. 4 High School',
];
