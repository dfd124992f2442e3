import type { IntlShape } from 'react-intl';
import type { MessageId } from '@pre-admission/i18n';
import { nameIn } from '../names';
import type { ApplicationScreenLists } from './lists';
import type { SectionName } from './model';

/** The codes the rules and the server give (docs/behaviour.md#applications, Codes), each with its message. */
const codeMessages: Readonly<Record<string, MessageId>> = {
  too_long: 'planner.application.error.too_long',
  latin_only: 'planner.application.error.latin_only',
  invalid_date: 'planner.application.error.invalid_date',
  in_future: 'planner.application.error.in_future',
  too_young: 'planner.application.error.too_young',
  date_order: 'planner.application.error.date_order',
  invalid_telephone: 'planner.application.error.invalid_telephone',
  not_offered: 'planner.application.error.not_offered',
  unknown_institution: 'planner.application.error.unknown_institution',
  too_many: 'planner.application.error.too_many',
  not_declared: 'planner.application.error.not_declared',
};

/** What an absent answer asks for, by the kind of field: a text is entered, a date typed, a choice made. */
function requiredMessage(path: string): MessageId {
  if (path === 'education.entries') return 'planner.application.error.required_entries';
  if (path.startsWith('documents.')) return 'planner.application.error.required_document';
  if (/(dateOfBirth|\.from|\.to)$/.test(path)) return 'planner.application.error.required_date';
  if (/Id$/.test(path)) return 'planner.application.error.required_choice';
  return 'planner.application.error.required_text';
}

/**
 * The message of a field's problem (the screen's own check or the server's 400): what to do, never the question
 * again (docs/behaviour.md#planner). A code this screen does not know: check the answer.
 */
export function problemMessage(intl: IntlShape, path: string, code: string): string {
  const id =
    code === 'required' ? requiredMessage(path) : (codeMessages[code] ?? 'planner.application.error.other');
  return intl.formatMessage({ id });
}

const labels: Readonly<Record<string, MessageId>> = {
  'choices.programId': 'planner.task.programme',
  'choices.teacherId': 'planner.task.supervisor',
  'choices.scholarshipTypeId': 'planner.field.scholarshipTypeId',
  'choices.scholarshipStatusId': 'planner.field.scholarshipStatusId',
  'choices.financialSupportId': 'planner.field.financialSupportId',
  'personal.familyName': 'planner.application.personal.familyName',
  'personal.givenNames': 'planner.application.personal.givenNames',
  'personal.nameJa': 'planner.application.personal.nameJa',
  'personal.dateOfBirth': 'planner.application.personal.dateOfBirth',
  'personal.nationalityId': 'planner.application.personal.nationality',
  'personal.residenceCountryId': 'planner.application.personal.residence',
  'contact.address.line1': 'planner.application.contact.line1',
  'contact.address.line2': 'planner.application.contact.line2',
  'contact.address.city': 'planner.application.contact.city',
  'contact.address.region': 'planner.application.contact.region',
  'contact.address.postcode': 'planner.application.contact.postcode',
  'contact.address.countryId': 'planner.application.contact.country',
  'contact.telephone': 'planner.application.contact.telephone',
  'education.entries': 'planner.application.education.title',
  'declarations.informationTrue': 'planner.application.declarations.informationTrue',
  'declarations.privacyAccepted': 'planner.application.declarations.privacyAccepted',
};

const entryLabels: Readonly<Record<string, MessageId>> = {
  countryId: 'planner.application.education.country',
  universityId: 'planner.application.education.institution',
  institutionName: 'planner.application.education.institutionName',
  educationSystemId: 'planner.application.education.system',
  educationTypeId: 'planner.application.education.type',
  from: 'planner.application.education.from',
  to: 'planner.application.education.to',
  certificateCategoryId: 'planner.application.education.certificateCategory',
  certificateTypeId: 'planner.application.education.certificateType',
};

/**
 * The name of the field a path names, as its page labels it: "Date of birth", "School or university 2: From",
 * a document by its name. A path this screen does not know: its section's name.
 */
export function fieldLabel(intl: IntlShape, lists: ApplicationScreenLists, path: string): string {
  const known = labels[path];
  if (known) return intl.formatMessage({ id: known });
  const entry = /^education\.entries\.(\d+)\.(\w+)$/.exec(path);
  if (entry) {
    const field = entryLabels[entry[2] ?? ''];
    const heading = intl.formatMessage(
      { id: 'planner.application.education.entry' },
      { number: Number(entry[1]) + 1 },
    );
    return field
      ? intl.formatMessage(
          { id: 'planner.application.education.entryField' },
          { entry: heading, field: intl.formatMessage({ id: field }) },
        )
      : heading;
  }
  const slot = /^documents\.(certificate|material)\.(\d+)$/.exec(path);
  if (slot) {
    const id = Number(slot[2]);
    const locale = intl.locale === 'ja' ? 'ja' : 'en';
    if (slot[1] === 'certificate') {
      const type = lists.applicationCertificateTypes.find((item) => item.id === id);
      if (type) return nameIn(locale, type);
    } else {
      const requirement = lists.supplementalMaterialRequires.find((item) => item.id === id);
      const type = lists.supplementalMaterialTypes.find(
        (item) => item.id === requirement?.supplementalMaterialTypeId,
      );
      if (type) return nameIn(locale, type);
    }
  }
  const section = path.split('.')[0] as SectionName;
  return intl.formatMessage({ id: `planner.application.section.${section}` });
}
