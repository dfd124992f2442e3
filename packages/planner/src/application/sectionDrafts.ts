import {
  ApplicationChoicesSchema,
  DeclarationsSchema,
  EducationEntrySchema,
  PersonalDetailsSchema,
  PostalAddressSchema,
} from '@pre-admission/api';
import type { ApplicationAnswersInput } from '@pre-admission/rules';
import { removeKeys, sectionDraftPrefix, storageOf, tabStorage } from '../draft';
import type { AnswerSection } from './model';

/**
 * An application's unsaved answers (docs/behaviour.md#applications, Unsaved answers), kept as the planner's
 * draft is (../draft.ts: the tab's sessionStorage, for a reload or a tab closed by accident, never the server)
 * but one entry per application and section, keyed by the application's id (only its owner can open it).
 * Answers only: the documents section uploads each file as it is chosen, and no file is ever kept here. Apart
 * from ../draft.ts so that the sign-in page, which only drops them (`forgetDraft`), does not load this.
 */
/** Where a section's unsaved answers are kept: `pre-admission:planner-draft:{id}:{section}`. */
export const sectionDraftKey = (applicationId: string, section: AnswerSection) =>
  `${sectionDraftPrefix}${applicationId}:${section}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether every member is one of the schema's keys with a value of its kind: a yes or no in the declarations,
 * a list's id (`…Id`) elsewhere, or text as typed (a date's parts, a telephone). The value may be one the rules
 * refuse (a date that is no date): a draft keeps what was typed, and the rules say what is wrong with it.
 */
function flat(value: unknown, schema: { shape: object }, flags = false): boolean {
  const keys = Object.keys(schema.shape);
  return (
    isRecord(value) &&
    Object.entries(value).every(
      ([key, member]) =>
        keys.includes(key) &&
        (member === undefined ||
          typeof member === (flags ? 'boolean' : key.endsWith('Id') ? 'number' : 'string')),
    )
  );
}

/** Whether a kept entry still reads as the section's answers (an older version of the site may have written it). */
function readsAs(section: AnswerSection, value: unknown): boolean {
  if (!isRecord(value)) return false;
  switch (section) {
    case 'choices':
      return flat(value, ApplicationChoicesSchema);
    case 'personal':
      return flat(value, PersonalDetailsSchema);
    case 'declarations':
      return flat(value, DeclarationsSchema, true);
    case 'contact':
      return Object.entries(value).every(([key, member]) =>
        key === 'address'
          ? member === undefined || flat(member, PostalAddressSchema)
          : key === 'telephone' && (member === undefined || typeof member === 'string'),
      );
    case 'education': {
      const { entries, ...others } = value;
      return (
        Object.keys(others).length === 0 &&
        Array.isArray(entries) &&
        entries.every((entry) => flat(entry, EducationEntrySchema))
      );
    }
  }
}

/** A section's unsaved answers kept in this tab, if any; an entry that no longer reads as them is removed. */
export function readSectionDraft<Section extends AnswerSection>(
  applicationId: string,
  section: Section,
  storage = tabStorage,
): ApplicationAnswersInput[Section] | undefined {
  const store = storageOf(storage);
  if (!store) return undefined;
  const key = sectionDraftKey(applicationId, section);
  try {
    const text = store.getItem(key);
    if (text === null) return undefined;
    const answers = JSON.parse(text) as unknown;
    if (readsAs(section, answers)) return answers as ApplicationAnswersInput[Section];
    store.removeItem(key);
  } catch {
    // Not JSON, or the storage refused: nothing to give back.
    forgetSectionDrafts(applicationId, storage, [section]);
  }
  return undefined;
}

/** Keeps a section's unsaved answers (replacing what was kept of them). */
export function writeSectionDraft<Section extends AnswerSection>(
  applicationId: string,
  section: Section,
  answers: ApplicationAnswersInput[Section],
  storage = tabStorage,
): void {
  try {
    storageOf(storage)?.setItem(sectionDraftKey(applicationId, section), JSON.stringify(answers));
  } catch {
    // Full or refused: the answers live on in the page only, as they did before.
  }
}

/**
 * Drops an application's unsaved answers: of the given sections (saved), or of all its sections (no longer
 * editable). A sign-out on purpose drops every application's (`forgetDraft`).
 */
export function forgetSectionDrafts(
  applicationId: string,
  storage = tabStorage,
  sections?: readonly AnswerSection[],
): void {
  try {
    const store = storageOf(storage);
    if (!store) return;
    if (sections) for (const section of sections) store.removeItem(sectionDraftKey(applicationId, section));
    else removeKeys(store, `${sectionDraftPrefix}${applicationId}:`);
  } catch {
    // Refused: there was nothing it would give back either.
  }
}
