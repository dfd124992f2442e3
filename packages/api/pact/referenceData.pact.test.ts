// The 17 read-only lists the app loads at start (docs/behaviour.md#api-calls), one representative element each. Types are
// matched, not values, except the enumerations the screens switch on (student type, visibility, ranking
// year) and dates, which the adapter turns into Date values.
import { MatchersV3 } from '@pact-foundation/pact';
import { referenceListsKey, startupLists, type ReferenceListName } from '@pre-admission/api';
import { describe, expect, it } from 'vitest';
import { createPact, dateTime, int, interactionTest, jsonResponse, oneOf } from './support/pact';

const { atLeastLike, eachLike, reify } = MatchersV3;
const pact = createPact();

const studentType = oneOf(['researchStudent', 'master', 'doctoral', 'exchange'], 'master');
const visibility = oneOf(['visible', 'hidden'], 'visible');
/** A list inside an element: may be empty, but each entry has this shape. */
const listOf = <T>(template: T) => atLeastLike(template, 0, 1);
const simpleItem = {
  id: int(12),
  name: 'Japanese Government (MEXT) Scholarship',
  nameJa: '国費外国人留学生',
};

/** Each start-up list with a representative element. Optional fields are left out: not every entry has them. */
const elements: Record<keyof typeof startupLists, object> = {
  countries: {
    id: int(392),
    numericCode: '392',
    alpha3Code: 'JPN',
    alpha2Code: 'JP',
    name: 'Japan',
    nameJa: '日本',
    subdivisionCode: 'JP',
    isGroupD: false,
    isGroupA: false,
  },
  countryDetails: {
    id: int(156),
    countryId: int(156),
    yearsOfSchooling: int(12),
    note: 'Submit the graduation certificate issued by CHESICC.',
    noteJa: '学歴証明書は中国高等教育学生信息網（CHESICC）発行のものを提出してください。',
  },
  courses: {
    id: int(1),
    name: 'Graduate School of Informatics',
    nameJa: '情報学研究科',
    types: listOf(studentType),
  },
  courseDetails: {
    id: int(1),
    courseId: int(1),
    description: 'Admission for international applicants in April and October.',
    descriptionJa: '4月入学と10月入学の外国人留学生を受け入れています。',
    url: 'https://www.example.ac.jp/informatics/admission/',
  },
  educationSystems: simpleItem,
  educationTypes: simpleItem,
  partnerSchoolTypes: simpleItem,
  programs: {
    id: int(2),
    name: "Master's programmes",
    nameJa: '修士課程',
    options: listOf({
      id: int(11),
      code: 'MASTER_APRIL',
      name: "Master's programme (April entry)",
      nameJa: '修士課程（4月入学）',
      isOther: false,
      hidden: false,
    }),
    hidden: false,
  },
  scholarshipFinancialSupports: simpleItem,
  scholarshipStatuses: simpleItem,
  scholarshipTypes: simpleItem,
  supplementalMaterialTypes: {
    id: int(1),
    name: 'Research plan',
    nameJa: '研究計画書',
    templates: listOf({
      id: int(1),
      name: 'research-plan-template.pdf',
      url: '/files/research-plan-template.pdf',
      contentType: 'application/pdf',
    }),
  },
  teachers: {
    id: int(101),
    officeId: int(3),
    courseId: int(1),
    name: '山田 太郎',
    nameEn: 'Taro Yamada',
    acceptResearchStudent: true,
    acceptMaster: true,
    acceptDoctoral: false,
    acceptExchange: false,
    state: visibility,
  },
  rankedUniversities: {
    id: int(1),
    yearType: oneOf(['_2022', '_2025'], '_2025'),
    name: 'Tsinghua University',
    rankType: 'QS',
    rankingCountryName: 'China',
    countryId: int(156),
    isProject211: true,
    isProject985: true,
    isUniversityPartner: true,
    isDepartmentPartner: false,
    isOther: false,
    isChina: true,
  },
  usersLists: {
    id: int(1),
    name: 'Example Research Institute',
    country: 'Exampleland',
    wmdTypes: listOf({ id: int(1), name: 'Nuclear', code: 'N', displayOrder: int(1) }),
    anotherNames: listOf({ usersListId: int(1), anotherName: 'Example Institute of Physics' }),
  },
  applicationCertificateTypes: {
    id: int(1),
    courseId: int(1),
    studentType,
    name: 'Certificate of graduation',
    nameJa: '卒業証明書',
    description: 'Issued by the last school you attended.',
    descriptionJa: '最終学歴の学校が発行したもの。',
    required: true,
    displayOrder: int(1),
    state: visibility,
    version: int(1),
    createdAt: dateTime('2026-04-01T00:00:00Z'),
    updatedAt: dateTime('2026-04-01T00:00:00Z'),
  },
  supplementalMaterialRequires: {
    id: int(1),
    courseId: int(1),
    studentType: oneOf(['researchStudent', 'master', 'doctoral', 'exchange'], 'doctoral'),
    supplementalMaterialTypeId: int(1),
    required: true,
    displayOrder: int(1),
  },
};

/** What the adapter hands the screens for the example: the JSON, with date-time strings as Dates. */
function expected(name: ReferenceListName, example: Record<string, unknown>): Record<string, unknown> {
  if (name !== 'applicationCertificateTypes') return example;
  return {
    ...example,
    createdAt: new Date(example.createdAt as string),
    updatedAt: new Date(example.updatedAt as string),
  };
}

describe('start-up lists', () => {
  const names = Object.keys(startupLists) as (keyof typeof startupLists)[];

  it('covers every start-up list of the adapter (docs/behaviour.md#api-calls: 17 lists)', () => {
    expect(names).toHaveLength(17);
    expect(Object.keys(elements).sort()).toEqual([...names].sort());
  });

  for (const name of names) {
    const { path } = startupLists[name];
    interactionTest(pact, `loads ${path}: 200 with at least one element of the expected shape`, {
      uponReceiving: `a GET of ${path}`,
      request: { method: 'GET', path },
      response: {
        status: 200,
        build: (builder) => {
          builder.headers(jsonResponse).jsonBody(eachLike(elements[name]));
        },
      },
      test: async (api) => {
        const list = await api.fetchReferenceList(name);
        expect(list).toEqual([expected(name, reify(elements[name]) as Record<string, unknown>)]);
      },
    });
  }
});

describe('a screen’s lists in one request', () => {
  // The planner's lists (packages/planner/src/model.ts listNames), as the adapter sends them: in the
  // contract's order, each once, whatever order the screen names them in.
  const planner = [
    'programs',
    'teachers',
    'courses',
    'applicationCertificateTypes',
    'supplementalMaterialRequires',
    'supplementalMaterialTypes',
    'scholarshipTypes',
    'scholarshipStatuses',
    'scholarshipFinancialSupports',
    'countries',
    'rankedUniversities',
  ] as const satisfies readonly (keyof typeof startupLists)[];
  const names = referenceListsKey(planner);

  interactionTest(pact, 'loads the planner’s lists in one request: 200 with each list under its name', {
    uponReceiving: 'a GET of /api/reference-lists naming the planner’s lists',
    request: { method: 'GET', path: '/api/reference-lists', query: { names } },
    response: {
      status: 200,
      build: (builder) => {
        builder
          .headers(jsonResponse)
          .jsonBody(Object.fromEntries(names.map((name) => [name, eachLike(elements[name])])));
      },
    },
    test: async (api) => {
      const lists = await api.fetchReferenceLists(planner);
      expect(Object.keys(lists)).toEqual(names);
      for (const name of names)
        expect(lists[name], name).toEqual([expected(name, reify(elements[name]) as Record<string, unknown>)]);
    },
  });
});
