// The application stories' world: the planner's fixture lists (../../testing/fixtures.ts), the lists the later
// sections read, and example applications made of them, in the shape the server answers (the adapter's
// examples, whose choices and document slots are the reference server's seed, are re-made here on the
// fixtures' supervisor and documents).
import type { components } from '@pre-admission/api/schema';
import { MOCK_NOW, schemaExamples } from '@pre-admission/api/mocks';
import { countries, dataTexts as plannerDataTexts, lists as plannerLists } from '../../testing/fixtures';

type Schemas = components['schemas'];
type Application = Schemas['Application'];
type ApplicationPeriod = Schemas['ApplicationPeriod'];

const item = (id: number, name: string, nameJa: string): Schemas['SimpleItem'] => ({ id, name, nameJa });

export const countryDetails: Schemas['CountryDetail'][] = [
  {
    id: 156,
    countryId: 156,
    yearsOfSchooling: 12,
    note: 'Submit the graduation certificate verified by CHESICC.',
    noteJa: '学歴証明書は中国高等教育学生信息網（CHESICC）の認証を受けたものを提出してください。',
  },
  { id: 410, countryId: 410, yearsOfSchooling: 12, note: '', noteJa: '' },
  { id: 704, countryId: 704, yearsOfSchooling: 12, note: '', noteJa: '' },
];

export const educationSystems = [item(1, '6-3-3 system', '6-3-3制'), item(5, 'Other', 'その他')];
export const educationTypes = [
  item(1, 'Elementary school', '小学校'),
  item(2, 'Lower secondary school', '中学校'),
  item(3, 'Upper secondary school', '高等学校'),
  item(4, 'University (bachelor)', '大学（学士課程）'),
  item(5, 'Graduate school (master)', '大学院（修士課程）'),
];
export const educationCertificateCategories = [item(1, 'Graduation', '卒業'), item(2, 'Transcript', '成績')];
export const educationCertificateTypes = [
  item(1, 'Certificate of graduation', '卒業証明書'),
  item(2, 'Expected graduation certificate', '卒業見込証明書'),
  item(3, 'Academic transcript', '成績証明書'),
];

export const applicationLists = {
  ...plannerLists,
  countryDetails,
  educationSystems,
  educationTypes,
  educationCertificateCategories,
  educationCertificateTypes,
};

/** The mock's clock (the adapter's): every date of the stories is set around it. */
export const storyNow = new Date(MOCK_NOW);

const at = (hoursFromNow: number) => new Date(storyNow.getTime() + hoursFromNow * 3_600_000).toISOString();

/** Programme 11's period, open from a month ago until 45 days from now. */
export const openPeriods: ApplicationPeriod[] = [
  { id: '2027-april-master', programId: 11, opensAt: at(-24 * 31), closesAt: at(24 * 45), state: 'open' },
];
/** Closing in 30 hours and 20 minutes: the notice says how long is left. */
export const closingSoonPeriods: ApplicationPeriod[] = [
  { id: '2027-april-master', programId: 11, opensAt: at(-24 * 31), closesAt: at(30 + 1 / 3), state: 'open' },
];
/** Closing eight seconds after the stories' now: a page left open on a moving clock sees it close. */
export const closingInSecondsPeriods: ApplicationPeriod[] = [
  {
    id: '2027-april-master',
    programId: 11,
    opensAt: at(-24 * 31),
    closesAt: new Date(storyNow.getTime() + 8000).toISOString(),
    state: 'open',
  },
];
/** Opening in ten days. */
export const upcomingPeriods: ApplicationPeriod[] = [
  { id: '2027-april-master', programId: 11, opensAt: at(24 * 10), closesAt: at(24 * 55), state: 'upcoming' },
];
/** Closed yesterday. */
export const closedPeriods: ApplicationPeriod[] = [
  { id: '2027-april-master', programId: 11, opensAt: at(-24 * 60), closesAt: at(-24), state: 'closed' },
];

const ids = {
  draft: 'q3ZbV1n8R0K7yXw2LmA9tQ',
  complete: 'D7hPq2Lx9Rk4Vn0sWc8yTa',
  submitted: 'S2mKv8Qw3Xn6Rb1Yt5Lp9A',
} as const;

/** The first section as the plan gives it: programme 11, Taro Yamada, MEXT (embassy) with its status. */
const choices: Schemas['ApplicationChoices'] = {
  programId: 11,
  teacherId: 101,
  scholarshipTypeId: 12,
  scholarshipStatusId: 4,
  financialSupportId: 1,
};

/** Every section answered, as an applicant from China would. */
export const completeAnswers: Application['answers'] = {
  choices,
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
        certificateTypeId: 1,
      },
    ],
  },
  declarations: { informationTrue: true, privacyAccepted: true },
};

const file = (
  id: string,
  slotKind: 'certificate' | 'material',
  slotTypeId: number,
  fileName: string,
): Schemas['ApplicationDocument'] => ({
  id,
  slotKind,
  slotTypeId,
  fileName,
  mediaType: fileName.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg',
  size: 254880,
  uploadedAt: at(-48),
  hasPreview: !fileName.endsWith('.pdf'),
});

/** A file in every required slot of course 1's master's application (the fixtures' Taro Yamada). */
export const completeDocuments: Schemas['ApplicationDocument'][] = [
  file('Fa1rM9xQ2kV7bN4wL8cZ3A', 'certificate', 111, 'application-form.pdf'),
  file('Fb2sN8yR3lW6cM5xK9dY4B', 'certificate', 112, 'transcript.jpg'),
  file('Fc3tP7zS4mX5dL6yJ1eX5C', 'certificate', 113, 'graduation-certificate.pdf'),
  file('Fd4uQ6aT5nY4eK7zH2fW6D', 'material', 111, 'research-plan.pdf'),
];

const created = at(-72);

/** Started from the plan: the choices answered, nothing else. */
export const draftApplication: Application = {
  ...(schemaExamples.Application as Application),
  id: ids.draft,
  status: 'draft',
  studentType: 'master',
  programId: 11,
  createdAt: created,
  updatedAt: created,
  history: [],
  answers: { choices, personal: {}, contact: {}, education: { entries: [] }, declarations: {} },
  documents: [],
};

/** Every section answered and every required file uploaded: ready to submit. */
export const completeApplication: Application = {
  ...draftApplication,
  id: ids.complete,
  updatedAt: at(-2),
  answers: completeAnswers,
  documents: completeDocuments,
};

/** Submitted an hour ago, with its reference number. */
export const submittedApplication: Application = {
  ...completeApplication,
  id: ids.submitted,
  status: 'submitted',
  periodId: '2027-april-master',
  reference: 'M27-4KX7-9QF2',
  submittedAt: at(-1),
  updatedAt: at(-1),
  history: [{ status: 'submitted', at: at(-1) }],
};

/** Data, not messages: the pseudo-locale leaves them in plain English (names, addresses, file names). */
export function dataTexts(): string[] {
  const texts = new Set(plannerDataTexts());
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (/[A-Za-z]/.test(value) && !/^https?:/.test(value)) texts.add(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk([applicationLists, completeAnswers, completeDocuments, countries, 'applicant@example.ac.jp']);
  return [...texts];
}
