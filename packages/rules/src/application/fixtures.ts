// Small reference lists and a complete application for the tests of the application's rules.
import type { ApplicationCertificateType, OptionGroup, RankedUniversity, Teacher } from '../types.ts';
import type { ApplicationInput, ApplicationLists } from './types.ts';

const option = (id: number, displayOrder: number, hidden = false) => ({
  id,
  code: `P${id}`,
  name: `Programme ${id}`,
  nameJa: `課程${id}`,
  isOther: false,
  displayOrder,
  hidden,
});

const programs: OptionGroup[] = [
  {
    id: 1,
    name: 'Research',
    nameJa: '研究生',
    studentType: 'researchStudent',
    hidden: false,
    options: [option(8, 0)],
  },
  {
    id: 2,
    name: 'Master',
    nameJa: '修士',
    studentType: 'master',
    hidden: false,
    options: [option(11, 0), option(13, 1)],
  },
  {
    id: 3,
    name: 'Doctoral',
    nameJa: '博士',
    studentType: 'doctoral',
    hidden: false,
    options: [option(12, 0)],
  },
];

const teacher = (id: number, courseId: number, accepts: Partial<Teacher> = {}): Teacher => ({
  id,
  officeId: 1,
  courseId,
  name: `教員${id}`,
  nameEn: `Teacher ${id}`,
  acceptResearchStudent: false,
  acceptMaster: false,
  acceptDoctoral: false,
  acceptExchange: false,
  state: 'visible',
  ...accepts,
});

const teachers: Teacher[] = [
  teacher(101, 1, { acceptMaster: true }),
  teacher(102, 2, { acceptDoctoral: true }),
  teacher(103, 1, { acceptResearchStudent: true }),
  teacher(104, 1, { acceptMaster: true, state: 'hidden' }),
];

const certificate = (
  id: number,
  courseId: number,
  required: boolean,
  displayOrder: number,
  state: 'visible' | 'hidden' = 'visible',
): ApplicationCertificateType => ({
  id,
  courseId,
  studentType: 'master',
  name: `Certificate ${id}`,
  nameJa: `証明書${id}`,
  description: '',
  descriptionJa: '',
  required,
  displayOrder,
  state,
  version: 1,
  createdAt: '2026-04-01T00:00:00Z',
  updatedAt: '2026-04-01T00:00:00Z',
});

const university = (
  id: number,
  countryId: number,
  yearType: RankedUniversity['yearType'],
): RankedUniversity => ({
  id,
  yearType,
  name: `University ${id}`,
  rankType: 'QS',
  rankingCountryName: 'Somewhere',
  countryId,
  isProject211: false,
  isProject985: false,
  isUniversityPartner: false,
  isDepartmentPartner: false,
  isOther: false,
  isChina: countryId === 156,
});

const ids = (...list: number[]) => list.map((id) => ({ id }));

export const lists: ApplicationLists = {
  programs,
  teachers,
  applicationCertificateTypes: [
    certificate(311, 1, true, 2),
    certificate(312, 1, false, 1),
    certificate(313, 1, true, 5),
    certificate(314, 1, true, 0, 'hidden'),
    certificate(321, 2, true, 1),
  ],
  supplementalMaterialRequires: [
    {
      id: 411,
      courseId: 1,
      studentType: 'master',
      supplementalMaterialTypeId: 1,
      required: true,
      displayOrder: 2,
    },
    {
      id: 412,
      courseId: 1,
      studentType: 'master',
      supplementalMaterialTypeId: 2,
      required: false,
      displayOrder: 0,
    },
    {
      id: 413,
      courseId: 1,
      studentType: 'doctoral',
      supplementalMaterialTypeId: 1,
      required: true,
      displayOrder: 1,
    },
  ],
  scholarshipTypes: ids(1, 2, 12, 13),
  scholarshipStatuses: ids(1, 2, 3, 4, 5),
  scholarshipFinancialSupports: ids(1, 2),
  countries: ids(156, 392, 410, 180, 178),
  rankedUniversities: [university(1, 156, '_2025'), university(2, 156, '_2022'), university(3, 410, '_2025')],
  countryDetails: [
    { countryId: 156, yearsOfSchooling: 12 },
    { countryId: 410, yearsOfSchooling: 11 },
  ],
  educationSystems: ids(1, 2, 5),
  educationTypes: ids(1, 2, 3, 4, 5, 6),
  educationCertificateCategories: ids(1, 2),
  educationCertificateTypes: ids(1, 2, 3),
};

/** 2026-12-01 12:00 in Japan. */
export const now = new Date('2026-12-01T03:00:00.000Z');

/** A master's application with every section complete and every required document uploaded. */
export const complete: ApplicationInput = {
  studentType: 'master',
  answers: {
    choices: {
      programId: 11,
      teacherId: 101,
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
          universityId: 1,
          educationSystemId: 1,
          educationTypeId: 4,
          from: '2017-09',
          to: '2021-07',
          certificateCategoryId: 1,
          certificateTypeId: 1,
        },
      ],
    },
    declarations: { informationTrue: true, privacyAccepted: true },
  },
  documents: [
    { slotKind: 'certificate', slotTypeId: 311 },
    { slotKind: 'certificate', slotTypeId: 313 },
    { slotKind: 'material', slotTypeId: 411 },
  ],
};
