// Reference data: the read-only lists of docs/behaviour.md#data and #api-calls, seeded into the reference_lists table at start (an
// upsert, so a changed seed reaches an existing database). Names in English and Japanese.
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import type { components } from '@pre-admission/api/schema';
import type { Clock } from './clock.ts';
import type { Database } from './db.ts';

type Schemas = components['schemas'];

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
countries.registerLocale(require('i18n-iso-countries/langs/ja.json'));

/** Countries of ISO 3166-1 from i18n-iso-countries (a maintained package with Japanese names). */
function countryList(): Schemas['Country'][] {
  // Group memberships are not explained by the spec; these sets are illustrative reference values.
  const groupA = new Set(['CN', 'KR', 'TW', 'VN', 'ID', 'TH', 'MY', 'PH', 'MN', 'NP', 'BD', 'MM']);
  const groupD = new Set(['IR', 'KP', 'SY', 'CU', 'RU', 'BY']);
  return Object.keys(countries.getAlpha2Codes())
    .map((alpha2) => {
      const numeric = countries.alpha2ToNumeric(alpha2) ?? '000';
      return {
        id: Number(numeric),
        numericCode: numeric,
        alpha3Code: countries.alpha2ToAlpha3(alpha2) ?? '',
        alpha2Code: alpha2,
        name: countries.getName(alpha2, 'en', { select: 'alias' }) ?? alpha2,
        nameJa: countries.getName(alpha2, 'ja') ?? alpha2,
        subdivisionCode: alpha2,
        isGroupD: groupD.has(alpha2),
        isGroupA: groupA.has(alpha2),
      };
    })
    .sort((a, b) => a.id - b.id);
}

const countryDetails: Schemas['CountryDetail'][] = [
  [
    156,
    12,
    'Submit the graduation certificate verified by CHESICC.',
    '学歴証明書は中国高等教育学生信息網（CHESICC）の認証を受けたものを提出してください。',
  ],
  [
    410,
    12,
    'Submit certificates in Korean or English.',
    '証明書は韓国語または英語のものを提出してください。',
  ],
  [
    158,
    12,
    'Submit certificates in Chinese or English.',
    '証明書は中国語または英語のものを提出してください。',
  ],
  [
    704,
    12,
    'A certified Japanese or English translation is required.',
    '日本語または英語の公証翻訳を添付してください。',
  ],
  [360, 12, 'A certified English translation is required.', '英語の公証翻訳を添付してください。'],
  [
    764,
    12,
    'Submit certificates in Thai with an English translation.',
    'タイ語の証明書に英訳を添付してください。',
  ],
  [
    496,
    12,
    'Submit certificates in Mongolian with an English translation.',
    'モンゴル語の証明書に英訳を添付してください。',
  ],
  [524, 12, 'Submit the transcript issued by the university.', '大学発行の成績証明書を提出してください。'],
  [50, 12, 'Submit the transcript issued by the university.', '大学発行の成績証明書を提出してください。'],
  [
    356,
    12,
    'Submit the consolidated mark sheet.',
    '統合成績表（Consolidated Mark Sheet）を提出してください。',
  ],
  [
    392,
    12,
    'Applicants who studied in Japan submit Japanese certificates.',
    '日本の学校を卒業した方は日本語の証明書を提出してください。',
  ],
].map(([id, yearsOfSchooling, note, noteJa]) => ({
  id: id as number,
  countryId: id as number,
  yearsOfSchooling: yearsOfSchooling as number,
  note: note as string,
  noteJa: noteJa as string,
}));

// The eight schools (offices), one per department type; the graduate courses follow them.
const schools: [string, string, string, string, Schemas['DepartmentType']][] = [
  ['農学部', 'School of Agriculture', '農', 'Graduate School of Agriculture', 'Agriculture'],
  ['情報学部', 'School of Informatics', '情報', 'Graduate School of Informatics', 'Information'],
  ['経済学部', 'School of Economics', '経済', 'Graduate School of Economics', 'Economics'],
  ['人文学部', 'School of Humanities', '人文', 'Graduate School of Humanities', 'Humanities'],
  ['医学部', 'School of Medicine', '医', 'Graduate School of Medicine', 'Medicine'],
  [
    '生命医科学部',
    'School of Biomedical Sciences',
    '生命',
    'Graduate School of Biomedical Sciences',
    'Biomedical',
  ],
  ['水産学部', 'School of Fisheries', '水産', 'Graduate School of Fisheries Science', 'Fisheries'],
  ['歯学部', 'School of Dentistry', '歯', 'Graduate School of Dentistry', 'Dental'],
];
const courseNamesJa = [
  '農学研究科',
  '情報学研究科',
  '経済学研究科',
  '人文学研究科',
  '医学研究科',
  '生命医科学研究科',
  '水産学研究科',
  '歯学研究科',
];

const departments: Schemas['Department'][] = [
  ...schools.map(([name, nameEn, shortName, , type], i) => ({
    id: i + 1,
    officeId: i + 1,
    name,
    nameEn,
    shortName,
    descriptionType: type,
    state: 'visible' as const,
  })),
  {
    id: 9,
    officeId: 9,
    name: '国際交流センター',
    nameEn: 'International Exchange Center',
    shortName: '国際',
    state: 'visible',
  },
  {
    id: 10,
    officeId: 10,
    name: '旧工学部（募集停止）',
    nameEn: 'Former School of Engineering (closed)',
    shortName: '旧工',
    state: 'hidden',
  },
];

const allTypes: Schemas['StudentType'][] = ['researchStudent', 'master', 'doctoral', 'exchange'];
const courses: Schemas['Course'][] = schools.map(([, , , nameEn], i) => ({
  id: i + 1,
  name: nameEn,
  nameJa: courseNamesJa[i]!,
  // Dentistry and Medicine run no master's course in this seed; Fisheries takes no exchange students.
  types: allTypes.filter((t) => !(t === 'master' && (i === 4 || i === 7)) && !(t === 'exchange' && i === 6)),
}));

const courseDetails: Schemas['CourseDetail'][] = courses.map((course) => ({
  id: course.id,
  courseId: course.id,
  description: `${course.name} admits international applicants in April and October.`,
  descriptionJa: `${course.nameJa}では4月入学と10月入学の外国人留学生を受け入れています。`,
  url: `https://www.example.ac.jp/graduate/${course.name
    .toLowerCase()
    .replace(/^graduate school of /, '')
    .replace(/\W+/g, '-')}/admission/`,
}));

const guide = (slug: string): Schemas['OptionLink'] => ({
  name: 'Application guide',
  nameJa: '募集要項',
  url: `https://www.example.ac.jp/en/admission/${slug}.pdf`,
  urlJa: `https://www.example.ac.jp/admission/${slug}.pdf`,
});

type Opt = [number, string, string, string, Schemas['StudentType'] | undefined, boolean];
const option = (
  [id, code, name, nameJa, studentType, isOther]: Opt,
  displayOrder: number,
): Schemas['Option'] => ({
  id,
  code,
  name,
  nameJa,
  isOther,
  displayOrder,
  ...(studentType ? { studentType, link: guide(code.toLowerCase().replace(/_/g, '-')) } : {}),
  hidden: false,
});

// docs/behaviour.md#rules: research student 8, 9, 10, 16, 17; master 11, 13; doctoral 12, 14; exchange 18; 15 is "other".
const programs: Schemas['OptionGroup'][] = [
  {
    id: 1,
    name: 'Research student programmes',
    nameJa: '研究生',
    studentType: 'researchStudent',
    hidden: false,
    options: (
      [
        [
          8,
          'RESEARCH_APRIL',
          'Research student (April entry)',
          '研究生（4月入学）',
          'researchStudent',
          false,
        ],
        [
          9,
          'RESEARCH_OCTOBER',
          'Research student (October entry)',
          '研究生（10月入学）',
          'researchStudent',
          false,
        ],
        [
          10,
          'RESEARCH_MEXT',
          'Research student (MEXT scholarship)',
          '研究生（国費外国人留学生）',
          'researchStudent',
          false,
        ],
        [
          16,
          'RESEARCH_PREPARATORY',
          'Research student (pre-entrance for master)',
          '研究生（修士課程進学予定）',
          'researchStudent',
          false,
        ],
        [
          17,
          'RESEARCH_PREPARATORY_DOCTORAL',
          'Research student (pre-entrance for doctoral)',
          '研究生（博士課程進学予定）',
          'researchStudent',
          false,
        ],
      ] as Opt[]
    ).map(option),
  },
  {
    id: 2,
    name: "Master's programmes",
    nameJa: '修士課程',
    studentType: 'master',
    hidden: false,
    options: (
      [
        [11, 'MASTER_APRIL', "Master's programme (April entry)", '修士課程（4月入学）', 'master', false],
        [13, 'MASTER_OCTOBER', "Master's programme (October entry)", '修士課程（10月入学）', 'master', false],
      ] as Opt[]
    ).map(option),
  },
  {
    id: 3,
    name: 'Doctoral programmes',
    nameJa: '博士課程',
    studentType: 'doctoral',
    hidden: false,
    options: (
      [
        [12, 'DOCTORAL_APRIL', 'Doctoral programme (April entry)', '博士課程（4月入学）', 'doctoral', false],
        [
          14,
          'DOCTORAL_OCTOBER',
          'Doctoral programme (October entry)',
          '博士課程（10月入学）',
          'doctoral',
          false,
        ],
      ] as Opt[]
    ).map(option),
  },
  {
    id: 4,
    name: 'Exchange programmes',
    nameJa: '交換留学',
    studentType: 'exchange',
    hidden: false,
    options: (
      [[18, 'EXCHANGE', 'Exchange student programme', '交換留学生プログラム', 'exchange', false]] as Opt[]
    ).map(option),
  },
  {
    id: 5,
    name: 'Other',
    nameJa: 'その他',
    hidden: false,
    options: (
      [
        [15, 'OTHER', 'Other (consult the support desk)', 'その他（窓口にご相談ください）', undefined, true],
      ] as Opt[]
    ).map(option),
  },
];

type T = [string, string, number, [boolean, boolean, boolean, boolean], boolean?];
const teacherSeed: T[] = [
  ['山田 太郎', 'Taro Yamada', 2, [true, true, false, false]],
  ['佐藤 花子', 'Hanako Sato', 2, [true, true, true, true]],
  ['鈴木 一郎', 'Ichiro Suzuki', 2, [false, false, true, false]],
  ['高橋 美咲', 'Misaki Takahashi', 1, [true, false, false, false]],
  ['田中 健', 'Ken Tanaka', 1, [false, true, true, false]],
  ['伊藤 直子', 'Naoko Ito', 3, [true, true, false, true]],
  ['渡辺 修', 'Osamu Watanabe', 3, [false, false, false, true]],
  ['中村 由美', 'Yumi Nakamura', 4, [true, true, true, false]],
  ['小林 誠', 'Makoto Kobayashi', 5, [true, false, true, false]],
  ['加藤 恵', 'Megumi Kato', 6, [false, true, false, false]],
  ['吉田 隆', 'Takashi Yoshida', 7, [true, true, true, false]],
  ['山本 彩', 'Aya Yamamoto', 8, [true, false, true, false]],
  ['松本 大輔', 'Daisuke Matsumoto', 2, [true, true, true, true], true],
  ['井上 静香', 'Shizuka Inoue', 4, [false, true, false, true], true],
];
const teachers: Schemas['Teacher'][] = teacherSeed.map(([name, nameEn, office, accepts, hidden], i) => ({
  id: 101 + i,
  officeId: office,
  courseId: office,
  name,
  nameEn,
  acceptResearchStudent: accepts[0],
  acceptMaster: accepts[1],
  acceptDoctoral: accepts[2],
  acceptExchange: accepts[3],
  state: hidden ? 'hidden' : 'visible',
}));

const simple = (rows: [number, string, string][]): Schemas['SimpleItem'][] =>
  rows.map(([id, name, nameJa]) => ({ id, name, nameJa }));

const scholarshipTypes = simple([
  [1, 'Privately financed', '私費'],
  [2, 'Government scholarship of home country', '本国政府奨学金'],
  [3, 'JASSO Monbukagakusho Honors Scholarship', '文部科学省外国人留学生学習奨励費（JASSO）'],
  [4, 'Local government scholarship', '地方自治体奨学金'],
  [5, 'Private foundation scholarship', '民間団体奨学金'],
  [6, 'University scholarship', '本学奨学金'],
  [7, "Employer's support", '勤務先からの支援'],
  [8, 'Other', 'その他'],
  [12, 'Japanese Government (MEXT) Scholarship: Embassy Recommendation', '国費外国人留学生（大使館推薦）'],
  [13, 'Japanese Government (MEXT) Scholarship: University Recommendation', '国費外国人留学生（大学推薦）'],
]);

// docs/behaviour.md#rules: item 12 offers only status 4, item 13 only status 5, the others neither 4 nor 5.
const scholarshipStatuses = simple([
  [1, 'Already awarded', '受給決定済み'],
  [2, 'Applying', '申請中'],
  [3, 'Planning to apply', '申請予定'],
  [4, 'Passed the primary screening at the embassy', '大使館の一次選考に合格'],
  [5, 'Nominated by the university', '大学から推薦済み'],
]);

const supplementalMaterialTypes: Schemas['SupplementalMaterialType'][] = [
  {
    ...simple([[1, 'Research plan', '研究計画書']])[0]!,
    templates: [attachment(1, 'research-plan-template.pdf', 'application/pdf')],
  },
  {
    ...simple([[2, 'Letter of recommendation', '推薦書']])[0]!,
    templates: [
      attachment(
        2,
        'recommendation-form.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ),
    ],
  },
  { ...simple([[3, 'Language test score', '語学試験スコア']])[0]!, templates: [] },
  {
    ...simple([[4, 'Portfolio', 'ポートフォリオ']])[0]!,
    templates: [attachment(3, 'portfolio-sample.png', 'image/png')],
  },
  {
    ...simple([[5, 'Photograph', '証明写真']])[0]!,
    templates: [attachment(4, 'photo-example.jpeg', 'image/jpeg')],
  },
];

function attachment(id: number, name: string, contentType: string): Schemas['Attachment'] {
  return { id, name, url: `/files/${name}`, contentType };
}

const supplementalMaterialRequires: Schemas['SupplementalMaterialRequire'][] = courses.flatMap((course) =>
  course.types.flatMap((studentType, t) =>
    [1, 2].map((materialId, m) => ({
      id: course.id * 100 + t * 10 + m + 1,
      courseId: course.id,
      studentType,
      supplementalMaterialTypeId: materialId,
      required: materialId === 1 ? studentType !== 'exchange' : studentType === 'doctoral',
      displayOrder: m + 1,
    })),
  ),
);

const certificateSeed: [string, string, string, string][] = [
  [
    'Certificate of graduation',
    '卒業証明書',
    'Issued by the last school you attended.',
    '最終学歴の学校が発行したもの。',
  ],
  ['Academic transcript', '成績証明書', 'All years of your last school.', '最終学歴の全学年分。'],
  ['Passport copy', 'パスポートの写し', 'The page with your photograph.', '顔写真のページ。'],
  ['Certificate of enrolment', '在学証明書', 'For applicants still enrolled.', '在学中の方のみ。'],
];
const createdAt = '2026-04-01T00:00:00Z';
const applicationCertificateTypes: Schemas['ApplicationCertificateType'][] = courses.flatMap((course) =>
  course.types.flatMap((studentType, t) =>
    certificateSeed.map(([name, nameJa, description, descriptionJa], c) => ({
      id: course.id * 100 + t * 10 + c + 1,
      courseId: course.id,
      studentType,
      name,
      nameJa,
      description,
      descriptionJa,
      required: c < 3 && !(studentType === 'exchange' && c === 0),
      displayOrder: c + 1,
      state: c === 3 && studentType === 'doctoral' ? ('hidden' as const) : ('visible' as const),
      version: 1,
      createdAt,
      updatedAt: createdAt,
    })),
  ),
);

// Ranked universities of both ranking years (QS World University Rankings, rounded illustrative ranks).
type U = [
  string,
  string,
  number,
  number | undefined,
  number | undefined,
  [boolean, boolean, boolean, boolean],
];
const universitySeed: U[] = [
  ['Tsinghua University', 'QS', 156, 20, 1, [true, true, true, false]],
  ['Peking University', 'QS', 156, 14, 2, [true, true, false, true]],
  ['Fudan University', 'QS', 156, 39, 3, [true, true, true, false]],
  ['Zhejiang University', 'QS', 156, 47, 4, [true, true, false, false]],
  ['Wuhan University', 'QS', 156, 194, 10, [true, true, false, true]],
  ['Northwest A&F University', 'Domestic', 156, undefined, 45, [true, true, false, true]],
  ['Seoul National University', 'QS', 410, 31, undefined, [false, false, true, false]],
  ['National Taiwan University', 'QS', 158, 68, undefined, [false, false, true, false]],
  ['Vietnam National University, Hanoi', 'QS', 704, 800, undefined, [false, false, false, true]],
  ['Universitas Indonesia', 'QS', 360, 206, undefined, [false, false, true, false]],
];
const rankedUniversities: Schemas['RankedUniversity'][] = (['_2022', '_2025'] as const).flatMap(
  (yearType, y) =>
    universitySeed.map(
      ([name, rankType, countryId, rank, rankInChina, [p211, p985, uniPartner, deptPartner]], i) => ({
        id: y * 100 + i + 1,
        yearType,
        name,
        rankType,
        ...(rank ? { rank: yearType === '_2022' ? rank + 3 : rank } : {}),
        ...(rankInChina ? { rankInChina } : {}),
        rankingCountryName: countries.getName(String(countryId), 'en', { select: 'alias' }) ?? 'China',
        countryId,
        isProject211: p211,
        isProject985: p985,
        isUniversityPartner: uniPartner,
        isDepartmentPartner: deptPartner,
        isOther: !uniPartner && !deptPartner && countryId !== 156,
        isChina: countryId === 156,
      }),
    ),
);

const wmdTypes: Schemas['WmdType'][] = [
  { id: 1, name: 'Nuclear', code: 'N', displayOrder: 1 },
  { id: 2, name: 'Chemical', code: 'C', displayOrder: 2 },
  { id: 3, name: 'Missile', code: 'M', displayOrder: 3 },
  { id: 4, name: 'Biological', code: 'B', displayOrder: 4 },
];

const usersLists: Schemas['UsersList'][] = [
  {
    id: 1,
    name: 'Example Research Institute of Physics',
    country: 'Exampleland',
    wmd: [1],
    aliases: ['ERIP', 'Example Institute of Physics'],
  },
  { id: 2, name: 'Sample Aerospace Industries', country: 'Samplestan', wmd: [3], aliases: ['SAI'] },
  { id: 3, name: 'Demo Chemical Works', country: 'Demoland', wmd: [2, 4], aliases: [] },
].map(({ id, name, country, wmd, aliases }) => ({
  id,
  name,
  country,
  wmdTypes: wmd.map((w) => wmdTypes[w - 1]!),
  anotherNames: aliases.map((anotherName) => ({ usersListId: id, anotherName })),
}));

const accountRefs = (rows: [string, string][]): Schemas['AccountReference'][] =>
  rows.map(([name, account]) => ({ name, account }));

/** Every list, by the name its endpoint reads. */
export function referenceLists(): Record<string, unknown[]> {
  return {
    countries: countryList(),
    countryDetails,
    courses,
    courseDetails,
    educationSystems: simple([
      [1, '6-3-3 system', '6-3-3制'],
      [2, '5-4-3 system', '5-4-3制'],
      [3, '6-2-4 system', '6-2-4制'],
      [4, '5-3-4 system', '5-3-4制'],
      [5, 'Other', 'その他'],
    ]),
    educationTypes: simple([
      [1, 'Elementary school', '小学校'],
      [2, 'Lower secondary school', '中学校'],
      [3, 'Upper secondary school', '高等学校'],
      [4, 'University (bachelor)', '大学（学士課程）'],
      [5, 'Graduate school (master)', '大学院（修士課程）'],
      [6, 'Graduate school (doctoral)', '大学院（博士課程）'],
    ]),
    partnerSchoolTypes: simple([
      [1, 'University-level partner', '大学間協定校'],
      [2, 'Department-level partner', '部局間協定校'],
      [3, 'Not a partner', '協定校ではない'],
    ]),
    programs,
    scholarshipFinancialSupports: simple([
      [1, 'Tuition and living expenses', '授業料および生活費'],
      [2, 'Living expenses only', '生活費のみ'],
      [3, 'Tuition only', '授業料のみ'],
      [4, 'Partial support', '一部支援'],
    ]),
    scholarshipStatuses,
    scholarshipTypes,
    supplementalMaterialTypes,
    teachers,
    rankedUniversities,
    usersLists,
    applicationCertificateTypes,
    supplementalMaterialRequires,
    acceptorRejectReasons: simple([
      [1, 'Research field does not match', '研究分野が一致しない'],
      [2, 'No capacity this term', '今期は受入枠がない'],
      [3, 'Insufficient documents', '書類が不足している'],
      [4, 'Language requirement not met', '語学要件を満たしていない'],
      [5, 'Other', 'その他'],
    ]),
    educationCertificateCategories: simple([
      [1, 'Graduation', '卒業'],
      [2, 'Transcript', '成績'],
      [3, 'Degree', '学位'],
      [4, 'Enrolment', '在学'],
    ]),
    educationCertificateTypes: simple([
      [1, 'Certificate of graduation', '卒業証明書'],
      [2, 'Expected graduation certificate', '卒業見込証明書'],
      [3, 'Academic transcript', '成績証明書'],
      [4, 'Degree certificate', '学位記'],
      [5, 'Certificate of enrolment', '在学証明書'],
    ]),
    debugAdmins: accountRefs([
      ['Hanako Yamada', 'admin01@example.ac.jp'],
      ['Kenji Mori', 'admin02@example.ac.jp'],
    ]),
    debugApprovers: accountRefs([
      ['Naoko Ito', 'approver01@example.ac.jp'],
      ['Taro Yamada', 'approver02@example.ac.jp'],
    ]),
    debugExchangeUsers: accountRefs([
      ['Li Wei', 'exchange01@example.ac.jp'],
      ['Nguyen Thi Lan', 'exchange02@example.ac.jp'],
    ]),
    offices: departments,
  };
}

export type ListName = keyof ReturnType<typeof referenceLists>;

/** Writes every list into reference_lists (insert or replace). */
export async function seedReferenceData(db: Database, clock: Clock): Promise<void> {
  const lists = referenceLists();
  await db.transaction(async (tx) => {
    for (const [name, items] of Object.entries(lists)) {
      await tx.query(
        `insert into reference_lists (name, items, updated_at) values ($1, $2::jsonb, $3)
         on conflict (name) do update set items = excluded.items, updated_at = excluded.updated_at
         where reference_lists.items is distinct from excluded.items`,
        [name, JSON.stringify(items), clock.now()],
      );
    }
  });
}
