import {
  ApplicationChoicesSchema,
  DeclarationsSchema,
  EducationEntrySchema,
  PersonalDetailsSchema,
  PlanSchema,
  PostalAddressSchema,
  type Plan,
} from '@pre-admission/api';
import type { ApplicationAnswersInput } from '@pre-admission/rules';
import type { AnswerSection } from './application/model';
import { taskNames, type TaskName } from './model';

/**
 * The unsaved answers of the planner (docs/behaviour.md#planner, Drafts), kept in the tab's sessionStorage
 * so that they outlive a failed save, a reload and a timeout sign-out, and nothing else: the tab's storage
 * ends with the tab, never reaches the server, and is not shared with other tabs or windows.
 *
 * One draft per tab, with its owner (the account's e-mail address): it is given back to that account only,
 * and dropped when another account reads it (a shared computer: the next applicant on this tab never sees
 * it) or when the applicant signs out on purpose (`forgetDraft`, called by the app's sign-out). A timeout
 * sign-out leaves it, for the same applicant's next sign-in.
 */
export const draftKey = 'pre-admission:planner-draft';

export interface Draft {
  /** The plan as the applicant left it: every task's answers, saved or not. */
  readonly plan: Plan;
  /** The task the applicant last changed, for the task list's notice after a sign-in. */
  readonly task?: TaskName;
}

interface Stored extends Draft {
  readonly owner: string;
}

/** Storage can be missing or refuse (a browser's privacy mode throws on access): a draft is then not kept. */
function storageOf(storage: () => Storage | undefined): Storage | undefined {
  try {
    return storage();
  } catch {
    return undefined;
  }
}

const sameOwner = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** This tab's sessionStorage, where there is one. */
const tabStorage = (): Storage | undefined =>
  typeof sessionStorage === 'undefined' ? undefined : sessionStorage;

/**
 * The owner's draft, if this tab keeps one. A draft of another owner, or one that no longer reads as a plan
 * (an older version of the site wrote it), is removed.
 */
export function readDraft(owner: string, storage = tabStorage): Draft | undefined {
  const store = storageOf(storage);
  if (!store) return undefined;
  try {
    const text = store.getItem(draftKey);
    if (text === null) return undefined;
    const stored = JSON.parse(text) as Partial<Stored> | null;
    const plan = PlanSchema.safeParse(stored?.plan);
    if (stored && typeof stored.owner === 'string' && sameOwner(stored.owner, owner) && plan.success) {
      const task = taskNames.find((name) => name === stored.task);
      return task ? { plan: plan.data, task } : { plan: plan.data };
    }
    store.removeItem(draftKey);
  } catch {
    // Not JSON, or the storage refused: nothing to give back.
    forgetDraft(storage);
  }
  return undefined;
}

/** Keeps the owner's draft (replacing any other). */
export function writeDraft(owner: string, draft: Draft, storage = tabStorage): void {
  try {
    storageOf(storage)?.setItem(draftKey, JSON.stringify({ owner, ...draft } satisfies Stored));
  } catch {
    // Full or refused: the draft lives on in the page only, as it did before drafts were kept.
  }
}

/**
 * Drops the tab's draft: the plan was saved. A sign-out on purpose drops every application's unsaved answers
 * too (`sectionDraftKey`), so the next applicant on a shared computer finds nothing of them in the tab.
 */
export function forgetDraft(storage = tabStorage): void {
  try {
    const store = storageOf(storage);
    if (!store) return;
    store.removeItem(draftKey);
    forgetSectionDrafts(undefined, storage);
  } catch {
    // Refused: there was nothing it would give back either.
  }
}

// An application's sections (docs/behaviour.md#applications, Unsaved answers): the same tab storage, one entry
// per application and section, keyed by the application's id (only its owner can open it). Answers only: the
// documents section uploads each file as it is chosen, and no file is ever kept here.
const sectionDraftPrefix = 'pre-admission:application-draft:';

/** Where a section's unsaved answers are kept: `pre-admission:application-draft:{id}:{section}`. */
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
 * Drops unsaved answers: of the given sections of one application (saved), of all its sections (no longer
 * editable), or of every application (`applicationId` undefined: a sign-out on purpose).
 */
export function forgetSectionDrafts(
  applicationId: string | undefined,
  storage = tabStorage,
  sections?: readonly AnswerSection[],
): void {
  try {
    const store = storageOf(storage);
    if (!store) return;
    if (applicationId !== undefined && sections) {
      for (const section of sections) store.removeItem(sectionDraftKey(applicationId, section));
      return;
    }
    const prefix =
      applicationId === undefined ? sectionDraftPrefix : `${sectionDraftPrefix}${applicationId}:`;
    const keys: string[] = [];
    for (let index = 0; index < store.length; index += 1) {
      const key = store.key(index);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  } catch {
    // Refused: there was nothing it would give back either.
  }
}
