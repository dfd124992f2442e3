// A small world of reference lists where every planner step is real (the same ids and names as the server's
// seed, apps/api/src/reference/seed/, fewer of them): stories answer with these over MSW; the unit tests read them too.
import type { components } from '@pre-admission/api/schema';

type Schemas = components['schemas'];
type StudentType = Schemas['StudentType'];
const studentTypes: StudentType[] = ['researchStudent', 'master', 'doctoral', 'exchange'];

export const courses: Schemas['Course'][] = [
  { id: 1, name: 'Graduate School of Agriculture', nameJa: '農学研究科', types: studentTypes },
  { id: 2, name: 'Graduate School of Informatics', nameJa: '情報学研究科', types: studentTypes },
  { id: 3, name: 'Graduate School of Economics', nameJa: '経済学研究科', types: studentTypes },
];

const option = (
  id: number,
  code: string,
  name: string,
  nameJa: string,
  displayOrder: number,
  extra: Partial<Schemas['Option']> = {},
): Schemas['Option'] => ({ id, code, name, nameJa, isOther: false, displayOrder, hidden: false, ...extra });
const guide = (path: string): Schemas['OptionLink'] => ({
  name: 'Application guide',
  nameJa: '募集要項',
  url: `https://www.example.ac.jp/en/admission/${path}.pdf`,
  urlJa: `https://www.example.ac.jp/admission/${path}.pdf`,
});

export const programs: Schemas['OptionGroup'][] = [
  {
    id: 1,
    name: 'Research students',
    nameJa: '研究生',
    studentType: 'researchStudent',
    hidden: false,
    options: [
      option(9, 'RESEARCH_OCTOBER', 'Research student (October entry)', '研究生（10月入学）', 1),
      option(8, 'RESEARCH_APRIL', 'Research student (April entry)', '研究生（4月入学）', 0, {
        link: guide('research-april'),
      }),
    ],
  },
  {
    id: 2,
    name: "Master's programmes",
    nameJa: '修士課程',
    studentType: 'master',
    hidden: false,
    options: [
      option(11, 'MASTER_APRIL', "Master's programme (April entry)", '修士課程（4月入学）', 0, {
        link: guide('master-april'),
      }),
      option(13, 'MASTER_OCTOBER', "Master's programme (October entry)", '修士課程（10月入学）', 1),
      // Not in the rules' table (docs/behaviour.md#rules): it offers every visible teacher.
      option(
        15,
        'MASTER_JOINT',
        "Master's programme (joint degree)",
        '修士課程（ジョイント・ディグリー）',
        2,
      ),
      option(19, 'MASTER_CLOSED', "Master's programme (closed)", '修士課程（募集停止）', 2, { hidden: true }),
    ],
  },
  {
    id: 3,
    name: 'Doctoral programmes',
    nameJa: '博士課程',
    studentType: 'doctoral',
    hidden: false,
    options: [
      option(12, 'DOCTORAL_APRIL', 'Doctoral programme (April entry)', '博士課程（4月入学）', 0),
      option(14, 'DOCTORAL_OCTOBER', 'Doctoral programme (October entry)', '博士課程（10月入学）', 1),
    ],
  },
  {
    id: 4,
    name: 'Exchange students',
    nameJa: '交換留学',
    studentType: 'exchange',
    hidden: false,
    options: [option(18, 'EXCHANGE', 'Exchange student', '交換留学生', 0)],
  },
  {
    id: 5,
    name: 'Closed programmes',
    nameJa: '募集停止中のプログラム',
    studentType: 'master',
    hidden: true,
    options: [option(20, 'OLD', 'Old programme', '旧プログラム', 0)],
  },
];

const teacher = (
  id: number,
  courseId: number,
  name: string,
  nameEn: string,
  accepts: Partial<
    Record<'acceptResearchStudent' | 'acceptMaster' | 'acceptDoctoral' | 'acceptExchange', boolean>
  >,
  state: 'visible' | 'hidden' = 'visible',
): Schemas['Teacher'] => ({
  id,
  officeId: courseId,
  courseId,
  name,
  nameEn,
  acceptResearchStudent: false,
  acceptMaster: false,
  acceptDoctoral: false,
  acceptExchange: false,
  ...accepts,
  state,
});

export const teachers: Schemas['Teacher'][] = [
  teacher(101, 1, '山田 太郎', 'Taro Yamada', { acceptMaster: true, acceptDoctoral: true }),
  teacher(102, 2, '佐藤 花子', 'Hanako Sato', { acceptResearchStudent: true, acceptMaster: true }),
  teacher(103, 2, '鈴木 一郎', 'Ichiro Suzuki', { acceptDoctoral: true }),
  teacher(104, 3, '高橋 美咲', 'Misaki Takahashi', { acceptMaster: true }),
  teacher(105, 1, '田中 健', 'Ken Tanaka', { acceptResearchStudent: true, acceptExchange: true }),
  teacher(106, 3, 'ブラウン アリス', 'Alice Brown', { acceptMaster: true, acceptDoctoral: true }),
  teacher(
    107,
    2,
    '渡辺 隠',
    'Shin Watanabe',
    { acceptResearchStudent: true, acceptMaster: true, acceptDoctoral: true, acceptExchange: true },
    'hidden',
  ),
];

const certificateNames = [
  [
    'Application form',
    '入学願書',
    'The form printed from this site, signed.',
    '本サイトから印刷し、署名した願書。',
    true,
  ],
  [
    'Academic transcript',
    '成績証明書',
    'From every university you attended.',
    '在籍したすべての大学のもの。',
    true,
  ],
  [
    'Certificate of graduation',
    '卒業証明書',
    'Or of expected graduation.',
    '卒業見込み証明書でも構いません。',
    true,
  ],
  ['Copy of passport', 'パスポートの写し', 'The page with your photograph.', '顔写真のあるページ。', false],
] as const;

/** Each course, for each kind of application: three required certificates and one optional, and one hidden. */
export const applicationCertificateTypes: Schemas['ApplicationCertificateType'][] = courses.flatMap(
  (course) =>
    studentTypes.flatMap((studentType, t) => [
      ...certificateNames.map(([name, nameJa, description, descriptionJa, required], n) => ({
        id: course.id * 100 + t * 10 + n + 1,
        courseId: course.id,
        studentType,
        name,
        nameJa,
        description,
        descriptionJa,
        required,
        displayOrder: n,
        state: 'visible' as const,
        version: 1,
        createdAt: '2026-04-01T00:00:00Z',
        updatedAt: '2026-04-01T00:00:00Z',
      })),
      {
        id: course.id * 100 + t * 10 + 9,
        courseId: course.id,
        studentType,
        name: 'Withdrawn form',
        nameJa: '廃止された書式',
        description: '',
        descriptionJa: '',
        required: true,
        displayOrder: 9,
        state: 'hidden' as const,
        version: 1,
        createdAt: '2026-04-01T00:00:00Z',
        updatedAt: '2026-04-01T00:00:00Z',
      },
    ]),
);

export const supplementalMaterialTypes: Schemas['SupplementalMaterialType'][] = [
  { id: 1, name: 'Research plan', nameJa: '研究計画書', templates: [] },
  { id: 2, name: 'Letter of recommendation', nameJa: '推薦書', templates: [] },
  { id: 3, name: 'Language test score', nameJa: '語学試験スコア', templates: [] },
];

/** Each course, for each kind of application: the research plan required, the others optional. */
export const supplementalMaterialRequires: Schemas['SupplementalMaterialRequire'][] = courses.flatMap(
  (course) =>
    studentTypes.flatMap((studentType, t) =>
      supplementalMaterialTypes.map((type, n) => ({
        id: course.id * 100 + t * 10 + n + 1,
        courseId: course.id,
        studentType,
        supplementalMaterialTypeId: type.id,
        required: type.id === 1,
        displayOrder: n,
      })),
    ),
);

const item = (id: number, name: string, nameJa: string): Schemas['SimpleItem'] => ({ id, name, nameJa });

export const scholarshipTypes: Schemas['SimpleItem'][] = [
  item(1, 'Privately financed', '私費'),
  item(2, 'Government scholarship of home country', '本国政府奨学金'),
  item(
    12,
    'Japanese Government (MEXT) Scholarship: Embassy Recommendation',
    '国費外国人留学生（大使館推薦）',
  ),
  item(
    13,
    'Japanese Government (MEXT) Scholarship: University Recommendation',
    '国費外国人留学生（大学推薦）',
  ),
];
export const scholarshipStatuses: Schemas['SimpleItem'][] = [
  item(1, 'Already awarded', '受給決定済み'),
  item(2, 'Applying', '応募中'),
  item(3, 'Planning to apply', '応募予定'),
  item(4, 'Passed the primary screening at the embassy', '大使館の一次選考に合格'),
  item(5, 'Nominated by the university', '大学から推薦済み'),
];
export const scholarshipFinancialSupports: Schemas['SimpleItem'][] = [
  item(1, 'Tuition and living expenses', '授業料および生活費'),
  item(2, 'Living expenses only', '生活費のみ'),
  item(3, 'Tuition only', '授業料のみ'),
];

const country = (
  id: number,
  alpha3: string,
  alpha2: string,
  name: string,
  nameJa: string,
): Schemas['Country'] => ({
  id,
  numericCode: String(id).padStart(3, '0'),
  alpha3Code: alpha3,
  alpha2Code: alpha2,
  name,
  nameJa,
  subdivisionCode: '',
  isGroupD: false,
  isGroupA: false,
});
export const countries: Schemas['Country'][] = [
  country(156, 'CHN', 'CN', 'China', '中国'),
  // Two countries of the same English name, as the server's list has them (issue 38 item 6).
  country(178, 'COG', 'CG', 'Congo', 'コンゴ共和国'),
  country(180, 'COD', 'CD', 'Congo', 'コンゴ民主共和国'),
  country(360, 'IDN', 'ID', 'Indonesia', 'インドネシア'),
  country(410, 'KOR', 'KR', 'Korea, Republic of', '韓国'),
  country(704, 'VNM', 'VN', 'Viet Nam', 'ベトナム'),
];

const university = (
  id: number,
  yearType: '_2022' | '_2025',
  name: string,
  countryId: number,
  rank?: number,
): Schemas['RankedUniversity'] => ({
  id,
  yearType,
  name,
  rankType: 'QS',
  ...(rank === undefined ? {} : { rank }),
  rankingCountryName: countries.find((c) => c.id === countryId)?.name ?? '',
  countryId,
  isProject211: false,
  isProject985: false,
  isUniversityPartner: false,
  isDepartmentPartner: false,
  isOther: false,
  isChina: countryId === 156,
});
export const rankedUniversities: Schemas['RankedUniversity'][] = [
  university(1, '_2022', 'Tsinghua University', 156, 23),
  university(101, '_2025', 'Tsinghua University', 156, 20),
  university(102, '_2025', 'Peking University', 156, 14),
  university(103, '_2025', 'Zhejiang University', 156),
  university(111, '_2025', 'Seoul National University', 410, 31),
  university(121, '_2025', 'Vietnam National University, Hanoi', 704),
];

/** A plan with every task done: master, programme 11, Taro Yamada, every document ready, MEXT 12 / status 4, China / Tsinghua. */
export const completePlan: Schemas['Plan'] = {
  studentType: 'master',
  programId: 11,
  teacherId: 101,
  readyCertificateIds: [111, 112, 113],
  readyMaterialIds: [111],
  scholarshipTypeId: 12,
  scholarshipStatusId: 4,
  financialSupportId: 1,
  countryId: 156,
  universityId: 101,
};

/** A supervisor only programme 15 allows (Ken Tanaka: research students and exchange): programme 11 would clear him. */
export const jointPlan: Schemas['Plan'] = {
  studentType: 'master',
  programId: 15,
  teacherId: 105,
  readyCertificateIds: [111],
  readyMaterialIds: [],
};

/** Halfway: kind and programme chosen, the supervisor chosen, one required document ticked. */
export const partPlan: Schemas['Plan'] = {
  studentType: 'master',
  programId: 11,
  teacherId: 101,
  readyCertificateIds: [111],
  readyMaterialIds: [],
  countryId: 156,
};

export const lists = {
  programs,
  teachers,
  courses,
  applicationCertificateTypes,
  supplementalMaterialRequires,
  supplementalMaterialTypes,
  scholarshipTypes,
  scholarshipStatuses,
  scholarshipFinancialSupports,
  countries,
  rankedUniversities,
};

/**
 * Every text of the lists above that is data, not a message (names, descriptions, link names): in the
 * pseudo-locale they stay as the API sends them, so the pseudo-locale check is told they are not hard-coded.
 */
export function dataTexts(): string[] {
  const texts = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (/[A-Za-z]/.test(value) && !/^https?:/.test(value)) texts.add(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(lists);
  return [...texts];
}
