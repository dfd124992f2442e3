import type { components } from '../../generated/staff';

type Schemas = components['schemas'];
type StaffApplication = Schemas['StaffApplication'];
type StaffSession = Schemas['StaffSession'];

/** The staff mocks' clock: the fixtures' times are before it, a return's due date after it. */
export const MOCK_STAFF_NOW = new Date('2027-01-20T01:00:00.000Z');

/** The desk member the mocks sign in, and the codes their second step takes; any other is wrong. */
export const mockStaffCredentials = {
  email: 'desk01@example.ac.jp',
  password: 'Desk-Passw0rd-2026',
  code: '492039',
  recoveryCode: '7fkq-2m9x-hd4p',
} as const;

/** The signed-in desk member (openapi.staff.yaml StaffSession): 15 minutes idle, warned 2 minutes before. */
export const exampleStaffSession: StaffSession = {
  email: mockStaffCredentials.email,
  role: 'desk',
  secondFactorRequired: false,
  expiresAt: '2027-01-20T01:15:00.000Z',
  absoluteExpiresAt: '2027-01-20T09:00:00.000Z',
  expiresInSeconds: 900,
  idleTimeoutSeconds: 900,
  warningSeconds: 120,
  confirmedUntil: '2027-01-20T01:05:00.000Z',
};

/**
 * The reference data the fixtures name (ids of the programs, teachers, courses and countries lists): the
 * course of each teacher, for the list's course filter (the server goes through the prospective supervisor).
 */
export const staffFixtureLists = {
  programmes: { master: [11, 12], doctoral: [21], researchStudent: [31], exchange: [41] },
  teacherCourse: { 101: 1, 102: 1, 103: 2, 104: 2, 105: 3, 106: 3 } as Record<number, number>,
  nationalities: [156, 360, 704, 410, 764, 356, 840, 276],
  periods: {
    11: '2027-april-master',
    12: '2026-october-master',
    21: '2027-april-doctoral',
    31: '2027-april-research',
    41: '2027-october-exchange',
  } as Record<number, string>,
  /** Acceptor reject reasons by id, in both languages (the decision's reason). */
  rejectReasons: {
    1: { ja: '研究分野が合わないため', en: 'The research field does not match' },
    2: { ja: '受け入れ枠がないため', en: 'There is no place this term' },
  } as Record<number, Schemas['LocalisedText']>,
};

/** Names as applicants write them: Latin in capitals, some with a Japanese name (kanji, kana), some without. */
const people = [
  ['CHEN', 'XIAOMING', '陳 小明', 156],
  ['NGUYEN', 'THI LAN', 'グエン ティ ラン', 704],
  ['KIM', 'MINJUN', '金 珉俊', 410],
  ['SANTOSO', 'BUDI', undefined, 360],
  ['SRISUK', 'ANONG', undefined, 764],
  ['SHARMA', 'PRIYA', undefined, 356],
  ['MILLER', 'EMILY ROSE', 'ミラー エミリー', 840],
  ['MÜLLER', 'JONAS', undefined, 276],
  ['WANG', 'FANG', '王 芳', 156],
  ['TRAN', 'VAN MINH', undefined, 704],
  ['PARK', 'SEOYEON', '朴 瑞妍', 410],
  ['WIJAYA', 'SITI', undefined, 360],
  ['LI', 'WEI', '李 偉', 156],
  ['PATEL', 'ARJUN', undefined, 356],
] as const;

const statuses = ['submitted', 'underReview', 'returned', 'resubmitted', 'decided', 'withdrawn'] as const;
const kinds = ['master', 'master', 'doctoral', 'researchStudent', 'exchange'] as const;
const kindLetter = { researchStudent: 'R', master: 'M', doctoral: 'D', exchange: 'X' } as const;
const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A reference of openapi.yaml's shape, the same for the same index (the check symbol is the server's). */
function referenceOf(kind: keyof typeof kindLetter, year: number, index: number): string {
  let value = (index + 1) * 2654435761;
  let symbols = '';
  for (let i = 0; i < 8; i++) {
    symbols += crockford[value % 32];
    value = Math.floor(value / 32) + i * 7;
  }
  return `${kindLetter[kind]}${year}-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}

/** 22 characters of base64url, the same for the same seed. */
function opaqueId(seed: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let value = seed * 7919 + 104729;
  let id = '';
  for (let i = 0; i < 22; i++) {
    id += alphabet[value % 64];
    value = (value * 31 + i * 17 + seed) % 1_000_003;
  }
  return id;
}

const iso = (date: Date) => date.toISOString();
const addHours = (date: Date, hours: number) => new Date(date.getTime() + hours * 3_600_000);

/** The users list's version the fixtures' screenings read (a SHA-256 of the list as loaded). */
const MOCK_LIST_VERSION = `sha256:${'3f'.repeat(32)}`;

/**
 * Every application's submission screening: the fifth ones of a reviewable status need review (an other name of
 * a listed entity), waiting for the desk's outcome; the others are clear.
 */
function fixtureScreening(
  index: number,
  application: StaffApplication,
): Schemas['StaffScreening'] | undefined {
  if (!application.submittedAt) return undefined;
  const countries = [
    {
      countryId: application.answers.personal.nationalityId ?? 156,
      role: 'nationality' as const,
      isGroupA: false,
      isGroupD: false,
    },
  ];
  const base = {
    id: String(index + 1),
    at: application.submittedAt,
    trigger: 'submission' as const,
    listVersion: MOCK_LIST_VERSION,
    countries,
  };
  const reviewable = ['submitted', 'underReview', 'resubmitted'].includes(application.status);
  if (index % 5 !== 0 || !reviewable) return { ...base, result: 'clear', matches: [], waiting: false };
  return {
    ...base,
    result: 'needs_review',
    waiting: true,
    matches: [
      {
        institution: 'Example Inst. of Physics',
        entryId: 1,
        entryName: 'Example Research Institute of Physics',
        matchedName: 'Example Institute of Physics',
        kind: 'alias',
        score: 1,
        country: 'Exampleland',
        concerns: [{ code: 'N', name: 'Nuclear' }],
      },
    ],
  };
}

/**
 * The fixture world's applications: 42 past their draft, in every status, kind, programme, nationality and
 * period, with documents (a PDF and an image with a preview), a history with who made each change, and
 * some internal notes. The same on every call (a fresh copy: handlers change theirs).
 */
export function staffFixtureApplications(): StaffApplication[] {
  const applications: StaffApplication[] = [];
  const firstSubmission = new Date('2026-11-02T01:30:00.000Z');
  for (let index = 0; index < 42; index++) {
    const [familyName, givenNames, nameJa, nationalityId] = people[index % people.length]!;
    const studentType = kinds[index % kinds.length]!;
    const programmes = staffFixtureLists.programmes[studentType];
    const programId = programmes[index % programmes.length]!;
    const teacherId = 101 + (index % 6);
    const status = statuses[(index * 5 + Math.floor(index / 6)) % statuses.length]!;
    const submittedAt = addHours(firstSubmission, index * 37);
    const id = opaqueId(index + 1);
    const documents: StaffApplication['documents'] = [
      {
        id: opaqueId(1000 + index),
        slotKind: 'certificate',
        slotTypeId: 311,
        fileName: 'graduation-certificate.pdf',
        mediaType: 'application/pdf',
        size: 482113 + index,
        uploadedAt: iso(addHours(submittedAt, -2)),
        hasPreview: false,
      },
      {
        id: opaqueId(2000 + index),
        slotKind: 'certificate',
        slotTypeId: 311,
        fileName: 'transcript-page-1.jpg',
        mediaType: 'image/jpeg',
        size: 1630201 + index,
        uploadedAt: iso(addHours(submittedAt, -1)),
        hasPreview: true,
      },
    ];
    const desk = { staffId: '3', role: 'desk' } as const;
    const history: StaffApplication['history'] = [{ status: 'submitted', at: iso(submittedAt) }];
    const later = (hours: number) => iso(addHours(submittedAt, hours));
    const reopened = {
      sections: ['documents'],
      documentIds: [documents[0]!.id],
      dueAt: iso(addHours(MOCK_STAFF_NOW, 24 * 10)),
      message: 'Please upload the graduation certificate with the university’s seal.',
    } satisfies Schemas['Reopened'];
    let decision: Schemas['Decision'] | undefined;
    if (status !== 'submitted' && status !== 'withdrawn')
      history.push({ status: 'underReview', at: later(20), actor: desk });
    if (status === 'returned' || status === 'resubmitted')
      history.push({ status: 'returned', at: later(21), actor: desk, reopened });
    if (status === 'resubmitted') history.push({ status: 'resubmitted', at: later(60) });
    if (status === 'decided') {
      decision =
        index % 2 === 0
          ? { outcome: 'accepted' }
          : {
              outcome: 'notAccepted',
              reason: staffFixtureLists.rejectReasons[1],
              message: 'Thank you for applying.',
            };
      history.push({ status: 'decided', at: later(48), actor: desk, decision });
    }
    if (status === 'withdrawn')
      history.push({ status: 'withdrawn', at: later(30), reason: 'I accepted another offer.' });
    // Every third asked a supervisor's consent first: a decline from another teacher, then the acceptance.
    const other = teacherId === 106 ? 101 : teacherId + 1;
    const consentSteps: StaffApplication['consentSteps'] =
      index % 3 === 0
        ? [
            { step: 'asked', at: later(-24 * 12), teacherId: other },
            {
              step: 'declined',
              at: later(-24 * 10),
              teacherId: other,
              actor: { staffId: '8', role: 'supervisor' },
              reason: staffFixtureLists.rejectReasons[2]!,
              response: 'I have no places this year; please ask another professor.',
            },
            { step: 'asked', at: later(-24 * 9), teacherId },
            { step: 'accepted', at: later(-24 * 7), teacherId, actor: { staffId: '7', role: 'supervisor' } },
          ]
        : [];
    const application: StaffApplication = {
      id,
      reference: referenceOf(studentType, programId === 12 ? 26 : 27, index),
      status,
      studentType,
      programId,
      courseId: staffFixtureLists.teacherCourse[teacherId],
      periodId: staffFixtureLists.periods[programId],
      createdAt: iso(addHours(submittedAt, -72)),
      updatedAt: history.at(-1)!.at,
      submittedAt: iso(submittedAt),
      answers: {
        choices: { programId, teacherId },
        personal: {
          familyName,
          givenNames,
          ...(nameJa ? { nameJa } : {}),
          dateOfBirth: `199${index % 10}-0${(index % 9) + 1}-1${index % 10}`,
          nationalityId,
          residenceCountryId: nationalityId,
        },
        contact: { telephone: `+81 90 0000 ${String(1000 + index)}` },
        education: {
          entries: [
            {
              countryId: nationalityId,
              institutionName: 'National University',
              from: '2017-09',
              to: '2021-07',
            },
          ],
        },
        declarations: { informationTrue: true, privacyAccepted: true },
      },
      documents,
      history,
      notes:
        index % 4 === 0
          ? [{ at: later(22), actor: desk, text: 'Transcript checked with the university.' }]
          : [],
      consentSteps,
    };
    if (status === 'returned') application.reopened = reopened;
    if (decision) application.decision = decision;
    const screening = fixtureScreening(index, application);
    if (screening) {
      application.screening = screening;
      application.history.splice(1, 0, {
        status: 'submitted',
        at: screening.at,
        screening: { event: 'screened', trigger: 'submission', result: screening.result },
      });
    }
    applications.push(application);
  }
  return applications;
}

/** The teacher the mocks' supervisor is (the teachers list's id), whom most consent requests name. */
export const MOCK_SUPERVISOR_TEACHER_ID = 103;

type StaffConsentRequest = Schemas['StaffConsentRequest'];

/**
 * The fixture world's consent requests (openapi.staff.yaml StaffConsentRequest), newest first as the server
 * lists them: two waiting for the mocks' supervisor (one due soon), one accepted, one declined with a reason,
 * one expired, one withdrawn, and one waiting for another teacher (the desk sees it; the supervisor does not).
 * The same on every call (a fresh copy: handlers change theirs).
 */
export function staffFixtureConsentRequests(): StaffConsentRequest[] {
  const at = (days: number) => iso(addHours(MOCK_STAFF_NOW, days * 24));
  const plan = { fileName: 'research-plan.pdf', mediaType: 'application/pdf', size: 284_311 };
  const request = (
    seed: number,
    person: number,
    fields: Partial<StaffConsentRequest> & Pick<StaffConsentRequest, 'status' | 'requestedAt'>,
  ): StaffConsentRequest => {
    const [familyName, givenNames, nameJa, nationalityId] = people[person]!;
    const { status, requestedAt, ...rest } = fields;
    return {
      id: opaqueId(5000 + seed),
      applicationId: opaqueId(6000 + seed),
      teacherId: MOCK_SUPERVISOR_TEACHER_ID,
      status,
      studentType: 'master',
      programId: 11,
      applicant: { familyName, givenNames, ...(nameJa ? { nameJa } : {}), nationalityId },
      message:
        'I would like to study low-resource machine translation in your laboratory. My research plan is attached.',
      researchPlan: plan,
      requestedAt,
      expiresAt: iso(addHours(new Date(requestedAt), 14 * 24)),
      ...rest,
    };
  };
  const supervisor = { staffId: '7', role: 'supervisor' } as const;
  return [
    request(1, 0, { status: 'requested', requestedAt: at(-1) }),
    request(2, 9, {
      status: 'requested',
      requestedAt: at(-12),
      studentType: 'doctoral',
      programId: 21,
      message:
        '博士後期課程で、災害時の情報伝達について研究したいと考えています。ご指導いただけますでしょうか。',
    }),
    request(3, 4, { status: 'requested', requestedAt: at(-3), teacherId: 104 }),
    request(4, 1, {
      status: 'accepted',
      requestedAt: at(-20),
      closedAt: at(-18),
      decidedBy: supervisor,
      response: 'I look forward to working with you.',
    }),
    request(5, 5, {
      status: 'declined',
      requestedAt: at(-25),
      studentType: 'researchStudent',
      programId: 31,
      closedAt: at(-21),
      decidedBy: supervisor,
      reason: staffFixtureLists.rejectReasons[2]!,
      response: 'I have no places this year; please ask Professor Sato.',
    }),
    request(6, 2, { status: 'expired', requestedAt: at(-40), closedAt: at(-26) }),
    request(7, 7, { status: 'withdrawn', requestedAt: at(-45), closedAt: at(-44), researchPlan: undefined }),
  ].map((item) => JSON.parse(JSON.stringify(item)) as StaffConsentRequest);
}
