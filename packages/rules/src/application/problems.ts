import { isValidPhoneNumber } from 'libphonenumber-js';
import { planProblems } from '../plan.ts';
import { scholarshipStatusOptions } from '../scholarshipStatuses.ts';
import { universitiesOf } from '../universities.ts';
import { ageOn, compareDates, japanDate, japanMonth, parseDate, parseYearMonth } from './dates.ts';
import { documentSlots, slotField } from './slots.ts';
import type {
  ApplicationAnswersInput,
  ApplicationInput,
  ApplicationLists,
  ApplicationSection,
  EducationEntryAnswers,
} from './types.ts';

/**
 * docs/behaviour.md#applications, Codes. A value that is present but wrong (refused on every save): `required`
 * (a text of spaces only), `too_long`, `latin_only`, `invalid_date`, `in_future`, `too_young`, `date_order`,
 * `invalid_telephone`, `not_offered`, `unknown_institution`, `too_many`. A value that is required and absent
 * (refused only at submission): `required`, `not_declared`.
 */
export type ApplicationFieldCode =
  | 'required'
  | 'too_long'
  | 'latin_only'
  | 'invalid_date'
  | 'in_future'
  | 'too_young'
  | 'date_order'
  | 'invalid_telephone'
  | 'not_offered'
  | 'unknown_institution'
  | 'too_many'
  | 'not_declared';

/** A problem of one field: `personal.dateOfBirth`, `education.entries.0.to`, `documents.certificate.311`. */
export interface FieldProblem {
  readonly field: string;
  readonly code: ApplicationFieldCode;
}

/** The youngest applicant, in whole years on the day of the check. */
export const minimumAge = 15;
/** openapi.yaml `ShortText`, `PostalAddress.postcode`, `Education.entries`. */
const shortTextMax = 200;
const postcodeMax = 20;
const entriesMax = 20;

// Passport names (docs/behaviour.md#applications): Latin letters, accented ones too (Latin-1 Supplement, Latin
// Extended-A and -B, Latin Extended Additional for Vietnamese; an accent typed as a combining mark after its
// letter), spaces, hyphens, apostrophes and periods, with at least one letter. Full-width letters are not Latin
// letters here: the form makes them half-width on blur.
const latinLetter = 'A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F\\u1E00-\\u1EFF';
const latinName = new RegExp(
  `^[ '\\u2019.-]*[${latinLetter}](?:[${latinLetter} '\\u2019.-]|(?<=[${latinLetter}])[\\u0300-\\u036F]+)*$`,
  'u',
);
const e164 = /^\+[1-9][0-9]{6,14}$/;

/** Whether a name is one a passport prints in its Latin line. */
export const isLatinName = (name: string) => latinName.test(name);

/** Whether a telephone number is in E.164 form and a valid number of its country (libphonenumber-js). */
export const isValidTelephone = (telephone: string) => e164.test(telephone) && isValidPhoneNumber(telephone);

interface Identified {
  readonly id: number;
}

class Problems {
  readonly list: FieldProblem[] = [];
  /** Whether absent answers are problems too (`submission` mode). */
  readonly missing: boolean;
  constructor(missing: boolean) {
    this.missing = missing;
  }
  add(field: string, code: ApplicationFieldCode) {
    this.list.push({ field, code });
  }
  /** In `submission` mode, an absent answer is `required`. True when it is present. */
  need<T>(field: string, value: T | undefined, required = true): value is T {
    if (value !== undefined) return true;
    if (required && this.missing) this.add(field, 'required');
    return false;
  }
  /** A text: not blank, not too long; absent only where it is optional. True when it is fine. */
  text(field: string, value: string | undefined, required: boolean, max = shortTextMax): value is string {
    if (!this.need(field, value, required)) return false;
    if (value.trim() === '') this.add(field, 'required');
    else if ([...value].length > max) this.add(field, 'too_long');
    else return true;
    return false;
  }
  /** An id: one of the list's; absent only where it is optional. */
  known(field: string, value: number | undefined, list: readonly Identified[], required: boolean) {
    if (this.need(field, value, required) && !list.some((item) => item.id === value))
      this.add(field, 'not_offered');
  }
}

type Application = Pick<ApplicationInput, 'studentType' | 'answers'>;

function choicesProblems(lists: ApplicationLists, { studentType, answers }: Application, p: Problems) {
  const { choices } = answers;
  const refused = new Set(
    planProblems(lists, { ...choices, studentType, readyCertificateIds: [], readyMaterialIds: [] }).map(
      ({ field }) => field,
    ),
  );
  // The scholarship may be left out, as in the plan; once its type is chosen, its status (where the type offers
  // one: privately financed has none) and support are asked.
  const scholarship = choices.scholarshipTypeId !== undefined;
  const statuses = scholarshipStatusOptions(lists.scholarshipStatuses, choices.scholarshipTypeId);
  const fields = [
    ['programId', true],
    ['teacherId', true],
    ['scholarshipTypeId', false],
    ['scholarshipStatusId', scholarship && statuses.length > 0],
    ['financialSupportId', scholarship],
  ] as const;
  for (const [name, required] of fields)
    if (p.need(`choices.${name}`, choices[name], required) && refused.has(name))
      p.add(`choices.${name}`, 'not_offered');
}

function personalProblems(
  lists: ApplicationLists,
  { personal }: ApplicationAnswersInput,
  now: Date,
  p: Problems,
) {
  for (const name of ['familyName', 'givenNames'] as const) {
    const value = personal[name];
    // A passport may have no given names: only the family name is required.
    if (p.text(`personal.${name}`, value, name === 'familyName') && !isLatinName(value))
      p.add(`personal.${name}`, 'latin_only');
  }
  p.text('personal.nameJa', personal.nameJa, false);
  if (p.need('personal.dateOfBirth', personal.dateOfBirth)) {
    const birth = parseDate(personal.dateOfBirth);
    const today = japanDate(now);
    if (!birth) p.add('personal.dateOfBirth', 'invalid_date');
    else if (compareDates(birth, today) > 0) p.add('personal.dateOfBirth', 'in_future');
    else if (ageOn(birth, today) < minimumAge) p.add('personal.dateOfBirth', 'too_young');
  }
  p.known('personal.nationalityId', personal.nationalityId, lists.countries, true);
  p.known('personal.residenceCountryId', personal.residenceCountryId, lists.countries, true);
}

function contactProblems(lists: ApplicationLists, { contact }: ApplicationAnswersInput, p: Problems) {
  const address = contact.address ?? {};
  p.text('contact.address.line1', address.line1, true);
  p.text('contact.address.line2', address.line2, false);
  p.text('contact.address.city', address.city, true);
  p.text('contact.address.region', address.region, false);
  p.text('contact.address.postcode', address.postcode, false, postcodeMax);
  p.known('contact.address.countryId', address.countryId, lists.countries, true);
  if (p.need('contact.telephone', contact.telephone) && !isValidTelephone(contact.telephone))
    p.add('contact.telephone', 'invalid_telephone');
}

function entryProblems(
  lists: ApplicationLists,
  entry: EducationEntryAnswers,
  at: string,
  now: Date,
  p: Problems,
) {
  p.known(`${at}.countryId`, entry.countryId, lists.countries, true);
  // The institution: a ranked university of the entry's country, or its name typed when it is not listed.
  if (entry.universityId !== undefined) {
    const listed =
      entry.countryId !== undefined &&
      universitiesOf(lists.rankedUniversities, entry.countryId).some((u) => u.id === entry.universityId);
    if (!listed) p.add(`${at}.universityId`, 'unknown_institution');
  } else if (entry.institutionName === undefined && p.missing)
    p.add(`${at}.universityId`, 'unknown_institution');
  p.text(`${at}.institutionName`, entry.institutionName, false);
  p.known(`${at}.educationSystemId`, entry.educationSystemId, lists.educationSystems, false);
  p.known(`${at}.educationTypeId`, entry.educationTypeId, lists.educationTypes, true);
  const from = entry.from === undefined ? undefined : parseYearMonth(entry.from);
  const to = entry.to === undefined ? undefined : parseYearMonth(entry.to);
  if (p.need(`${at}.from`, entry.from)) {
    if (from === undefined) p.add(`${at}.from`, 'invalid_date');
    else if (from > japanMonth(now)) p.add(`${at}.from`, 'in_future');
  }
  // `to` left out while still studying; a `to` after this month is the expected end.
  if (entry.to !== undefined) {
    if (to === undefined) p.add(`${at}.to`, 'invalid_date');
    else if (from !== undefined && to < from) p.add(`${at}.to`, 'date_order');
  }
  p.known(
    `${at}.certificateCategoryId`,
    entry.certificateCategoryId,
    lists.educationCertificateCategories,
    false,
  );
  p.known(`${at}.certificateTypeId`, entry.certificateTypeId, lists.educationCertificateTypes, false);
}

function educationProblems(
  lists: ApplicationLists,
  { education }: ApplicationAnswersInput,
  now: Date,
  p: Problems,
) {
  const { entries } = education;
  if (entries.length > entriesMax) p.add('education.entries', 'too_many');
  else if (entries.length === 0 && p.missing) p.add('education.entries', 'required');
  entries.forEach((entry, index) => entryProblems(lists, entry, `education.entries.${index}`, now, p));
}

/**
 * The documents: one in a slot the application does not ask for (after a change of supervisor, say) is
 * `not_offered`; in `submission` mode, a required slot without one is `required`.
 */
function documentProblems(
  lists: ApplicationLists,
  { studentType, answers, documents }: ApplicationInput,
  p: Problems,
) {
  const slots = documentSlots(lists, studentType, answers.choices) ?? [];
  const reported = new Set<string>();
  for (const document of documents) {
    const field = slotField(document);
    const asked = slots.some((s) => s.slotKind === document.slotKind && s.slotTypeId === document.slotTypeId);
    if (!asked && !reported.has(field)) p.add(field, 'not_offered');
    reported.add(field);
  }
  if (p.missing)
    for (const slot of slots)
      if (slot.required && !reported.has(slotField(slot))) p.add(slotField(slot), 'required');
}

function declarationProblems({ declarations }: ApplicationAnswersInput, p: Problems) {
  if (!p.missing) return;
  for (const name of ['informationTrue', 'privacyAccepted'] as const)
    if (declarations[name] !== true) p.add(`declarations.${name}`, 'not_declared');
}

/**
 * docs/behaviour.md#applications: what is present but wrong in an application's answers, section by section in
 * the order of their fields. The server refuses a save that has any; an absent answer is never a problem here.
 * `now` decides the dates (on the calendar of Japan).
 */
export function answerProblems(lists: ApplicationLists, application: Application, now: Date): FieldProblem[] {
  const p = new Problems(false);
  answersInto(lists, application, now, p);
  return p.list;
}

function answersInto(lists: ApplicationLists, application: Application, now: Date, p: Problems) {
  choicesProblems(lists, application, p);
  personalProblems(lists, application.answers, now, p);
  contactProblems(lists, application.answers, p);
  educationProblems(lists, application.answers, now, p);
}

/**
 * docs/behaviour.md#applications: every problem of an application, section by section in the order of their
 * fields. `format` mode: what is present but wrong (`answerProblems`, and documents in a slot the application
 * does not ask for). `submission` mode (the default) adds what is required and absent: the check at submission.
 */
export function applicationProblems(
  lists: ApplicationLists,
  application: ApplicationInput,
  now: Date,
  mode: 'format' | 'submission' = 'submission',
): FieldProblem[] {
  const p = new Problems(mode === 'submission');
  answersInto(lists, application, now, p);
  documentProblems(lists, application, p);
  declarationProblems(application.answers, p);
  return p.list;
}

/** Everything that stops a submission: `applicationProblems` in `submission` mode. */
export const submissionProblems = (lists: ApplicationLists, application: ApplicationInput, now: Date) =>
  applicationProblems(lists, application, now, 'submission');

/** The section a problem's field belongs to. */
export const sectionOf = (problem: FieldProblem) => problem.field.split('.')[0] as ApplicationSection;
