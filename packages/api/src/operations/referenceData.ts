import * as z from 'zod/mini';
import type { ApiClient, ClientPaths } from '../client/createApiClient';
import { dateTime, id } from './common';
import { parseBody } from './outcome';

// The entities as the front end reads them of docs/behaviour.md#data. A type test pins each input type to the generated one.

export const StudentTypeSchema = z.enum(['researchStudent', 'master', 'doctoral', 'exchange']);
export const VisibilityStateSchema = z.enum(['visible', 'hidden']);
export const DepartmentTypeSchema = z.enum([
  'Agriculture',
  'Information',
  'Economics',
  'Humanities',
  'Medicine',
  'Biomedical',
  'Fisheries',
  'Dental',
]);

export const SimpleItemSchema = z.object({ id, name: z.string(), nameJa: z.string() });

export const AttachmentSchema = z.object({ id, name: z.string(), url: z.string(), contentType: z.string() });

export const SupplementalMaterialTypeSchema = z.object({
  id,
  name: z.string(),
  nameJa: z.string(),
  templates: z.array(AttachmentSchema),
});

export const CountrySchema = z.object({
  id,
  numericCode: z.string(),
  alpha3Code: z.string(),
  alpha2Code: z.string(),
  name: z.string(),
  nameJa: z.string(),
  subdivisionCode: z.string(),
  isGroupD: z.boolean(),
  isGroupA: z.boolean(),
});

export const CountryDetailSchema = z.object({
  id,
  countryId: id,
  yearsOfSchooling: z.int(),
  note: z.string(),
  noteJa: z.string(),
});

export const CourseSchema = z.object({
  id,
  name: z.string(),
  nameJa: z.string(),
  types: z.array(StudentTypeSchema),
});

export const CourseDetailSchema = z.object({
  id,
  courseId: id,
  description: z.string(),
  descriptionJa: z.string(),
  url: z.string(),
});

export const DepartmentSchema = z.object({
  id,
  officeId: id,
  name: z.string(),
  nameEn: z.string(),
  shortName: z.string(),
  descriptionType: z.optional(DepartmentTypeSchema),
  state: VisibilityStateSchema,
});

export const TeacherSchema = z.object({
  id,
  officeId: id,
  courseId: id,
  name: z.string(),
  nameEn: z.string(),
  acceptResearchStudent: z.boolean(),
  acceptMaster: z.boolean(),
  acceptDoctoral: z.boolean(),
  acceptExchange: z.boolean(),
  state: VisibilityStateSchema,
});

export const RankedUniversitySchema = z.object({
  id,
  yearType: z.enum(['_2022', '_2025']),
  name: z.string(),
  rankType: z.string(),
  rank: z.optional(z.int()),
  rankInChina: z.optional(z.int()),
  rankingCountryName: z.string(),
  countryId: id,
  isProject211: z.boolean(),
  isProject985: z.boolean(),
  isUniversityPartner: z.boolean(),
  isDepartmentPartner: z.boolean(),
  isOther: z.boolean(),
  isChina: z.boolean(),
});

export const ApplicationCertificateTypeSchema = z.object({
  id,
  courseId: id,
  studentType: StudentTypeSchema,
  name: z.string(),
  nameJa: z.string(),
  description: z.string(),
  descriptionJa: z.string(),
  required: z.boolean(),
  displayOrder: z.int(),
  state: VisibilityStateSchema,
  version: z.int(),
  createdAt: dateTime,
  updatedAt: dateTime,
});

export const SupplementalMaterialRequireSchema = z.object({
  id,
  courseId: id,
  studentType: StudentTypeSchema,
  supplementalMaterialTypeId: id,
  required: z.boolean(),
  displayOrder: z.int(),
});

export const WmdTypeSchema = z.object({ id, name: z.string(), code: z.string(), displayOrder: z.int() });
export const AnotherNameSchema = z.object({ usersListId: id, anotherName: z.string() });
export const UsersListSchema = z.object({
  id,
  name: z.string(),
  country: z.string(),
  wmdTypes: z.array(WmdTypeSchema),
  anotherNames: z.array(AnotherNameSchema),
});

export const OptionLinkSchema = z.object({
  name: z.string(),
  nameJa: z.string(),
  url: z.string(),
  urlJa: z.string(),
});
export const OptionSchema = z.object({
  id,
  code: z.string(),
  name: z.string(),
  nameJa: z.string(),
  isOther: z.boolean(),
  displayOrder: z.optional(z.int()),
  studentType: z.optional(StudentTypeSchema),
  link: z.optional(OptionLinkSchema),
  hidden: z.boolean(),
});
export const OptionGroupSchema = z.object({
  id,
  name: z.string(),
  nameJa: z.string(),
  studentType: z.optional(StudentTypeSchema),
  options: z.array(OptionSchema),
  hidden: z.boolean(),
});

export type StudentType = z.output<typeof StudentTypeSchema>;
export type SimpleItem = z.output<typeof SimpleItemSchema>;
export type Attachment = z.output<typeof AttachmentSchema>;
export type Country = z.output<typeof CountrySchema>;
export type CountryDetail = z.output<typeof CountryDetailSchema>;
export type Course = z.output<typeof CourseSchema>;
export type CourseDetail = z.output<typeof CourseDetailSchema>;
export type Department = z.output<typeof DepartmentSchema>;
export type Teacher = z.output<typeof TeacherSchema>;
export type RankedUniversity = z.output<typeof RankedUniversitySchema>;
export type ApplicationCertificateType = z.output<typeof ApplicationCertificateTypeSchema>;
export type SupplementalMaterialRequire = z.output<typeof SupplementalMaterialRequireSchema>;
export type SupplementalMaterialType = z.output<typeof SupplementalMaterialTypeSchema>;
export type UsersList = z.output<typeof UsersListSchema>;
export type Option = z.output<typeof OptionSchema>;
export type OptionGroup = z.output<typeof OptionGroupSchema>;

type ListPath = {
  [Path in keyof ClientPaths]: ClientPaths[Path] extends { get: { responses: { 200: unknown } } }
    ? Path
    : never;
}[keyof ClientPaths];

const list = <Schema extends z.ZodMiniType>(path: ListPath, schema: Schema) => ({
  path,
  schema: z.array(schema),
});

/** The 17 lists loaded when the app starts (docs/behaviour.md#api-calls), by name. */
export const startupLists = {
  countries: list('/api/countries', CountrySchema),
  countryDetails: list('/api/country-details', CountryDetailSchema),
  courses: list('/api/courses', CourseSchema),
  courseDetails: list('/api/course-details', CourseDetailSchema),
  educationSystems: list('/api/education-systems', SimpleItemSchema),
  educationTypes: list('/api/education-types', SimpleItemSchema),
  partnerSchoolTypes: list('/api/partner-school-types', SimpleItemSchema),
  programs: list('/api/programs', OptionGroupSchema),
  scholarshipFinancialSupports: list('/api/scholarship-financial-supports', SimpleItemSchema),
  scholarshipStatuses: list('/api/scholarship-statuses', SimpleItemSchema),
  scholarshipTypes: list('/api/scholarship-types', SimpleItemSchema),
  supplementalMaterialTypes: list('/api/supplemental-material-types', SupplementalMaterialTypeSchema),
  teachers: list('/api/teachers', TeacherSchema),
  rankedUniversities: list('/api/ranked-universities', RankedUniversitySchema),
  usersLists: list('/api/users-lists', UsersListSchema),
  applicationCertificateTypes: list('/api/application-certificate-types', ApplicationCertificateTypeSchema),
  supplementalMaterialRequires: list(
    '/api/supplemental-material-requires',
    SupplementalMaterialRequireSchema,
  ),
};

/** The other reference lists of docs/behaviour.md#api-calls, loaded when a screen needs them. */
export const otherLists = {
  acceptorRejectReasons: list('/api/acceptor-reject-reasons', SimpleItemSchema),
  educationCertificateCategories: list('/api/education-certificate-categories', SimpleItemSchema),
  educationCertificateTypes: list('/api/education-certificate-types', SimpleItemSchema),
};

export const referenceLists = { ...startupLists, ...otherLists };
export type ReferenceListName = keyof typeof referenceLists;
export type ReferenceList<Name extends ReferenceListName> = z.output<(typeof referenceLists)[Name]['schema']>;

export function fetchReferenceList<Name extends ReferenceListName>(
  client: ApiClient,
  name: Name,
): Promise<ReferenceList<Name>> {
  const { path, schema } = referenceLists[name];
  return parseBody(client.GET(path, {}), schema) as Promise<ReferenceList<Name>>;
}

/**
 * Every list getReferenceLists can send, in the order its `names` must come (openapi.yaml `ReferenceListName`;
 * referenceData.test.ts checks the two agree): the order of `referenceLists`.
 */
export const referenceListNames = Object.keys(referenceLists) as readonly ReferenceListName[];
const rankOf = new Map<string, number>(referenceListNames.map((name, rank) => [name, rank]));

/** Several lists by name, as getReferenceLists answers them. */
export type ReferenceLists<Name extends ReferenceListName> = { [N in Name]: ReferenceList<N> };

/** getReferenceLists' answer: each list optional, as the contract's `ReferenceLists` (schemas.test-d.ts pins it). */
export const ReferenceListsSchema = z.strictObject(
  Object.fromEntries(referenceListNames.map((name) => [name, z.optional(referenceLists[name].schema)])) as {
    [N in ReferenceListName]: z.ZodMiniOptional<(typeof referenceLists)[N]['schema']>;
  },
);

/** The names in the contract's order, each once: one set of lists, one address (one cache entry). */
export function referenceListsKey<Name extends ReferenceListName>(names: readonly Name[]): Name[] {
  return [...new Set(names)].sort((a, b) => rankOf.get(a)! - rankOf.get(b)!);
}

/**
 * Several lists in one request (getReferenceLists): the answer must carry every list asked for, each as its
 * own operation answers it. A failure rethrows, as a single list's does (no failure table: the screens
 * report it, docs/behaviour.md#error-catalogue).
 */
export async function fetchReferenceLists<Name extends ReferenceListName>(
  client: ApiClient,
  names: readonly Name[],
): Promise<ReferenceLists<Name>> {
  const ordered = referenceListsKey(names);
  // Each list asked for is required here (the contract's object has them all optional).
  const shape: Record<string, z.ZodMiniType> = Object.fromEntries(
    ordered.map((name) => [name, referenceLists[name].schema]),
  );
  const schema = z.strictObject(shape);
  return parseBody(
    client.GET('/api/reference-lists', { params: { query: { names: ordered } } }),
    schema,
  ) as Promise<ReferenceLists<Name>>;
}

/** Country details and course details are looked up by id (docs/behaviour.md#data). */
export function keyById<Item extends { id: number }>(items: readonly Item[]): ReadonlyMap<number, Item> {
  return new Map(items.map((item) => [item.id, item]));
}
