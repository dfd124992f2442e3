import { PlanSchema, type Plan } from '@pre-admission/api';
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
export function storageOf(storage: () => Storage | undefined): Storage | undefined {
  try {
    return storage();
  } catch {
    return undefined;
  }
}

const sameOwner = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** This tab's sessionStorage, where there is one. */
export const tabStorage = (): Storage | undefined =>
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
 * The prefix of the keys of the applications' unsaved answers (./application/sectionDrafts.ts), one entry per
 * application and section in the same tab storage: the planner draft's own key, so one pass drops them all.
 */
export const sectionDraftPrefix = `${draftKey}:`;

/** Removes every key of the tab's storage that starts with the prefix. */
export function removeKeys(store: Storage, prefix: string): void {
  for (const key of Array.from({ length: store.length }, (_, index) => store.key(index)))
    if (key?.startsWith(prefix)) store.removeItem(key);
}

/**
 * Drops the tab's draft: the plan was saved. A sign-out on purpose drops every application's unsaved answers
 * too, so the next applicant on a shared computer finds nothing of them in the tab.
 */
export function forgetDraft(storage = tabStorage): void {
  try {
    const store = storageOf(storage);
    if (!store) return;
    // The plan's draft and every application's unsaved answers (`sectionDraftPrefix`).
    removeKeys(store, draftKey);
  } catch {
    // Refused: there was nothing it would give back either.
  }
}
