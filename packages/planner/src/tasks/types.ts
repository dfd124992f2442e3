import type { Dispatch, SetStateAction } from 'react';
import type { Plan } from '@pre-admission/api';
import type { Locale } from '@pre-admission/i18n';
import type { PlanField } from '@pre-admission/rules';
import type { PlannerLists } from '../model';

/** What each task's questions get from the planner: the lists, the plan being edited, its field errors. */
export interface TaskProps {
  lists: PlannerLists;
  draft: Plan;
  setDraft: Dispatch<SetStateAction<Plan>>;
  fieldErrors: Partial<Record<PlanField, string>>;
  locale: Locale;
  /** Shown as a part of an application's section, not as a task of the plan: no "This task is optional." */
  embedded?: boolean;
}

/** The id of a field's error message, for `aria-describedby`. */
export const errorId = (field: PlanField) => `planner-${field}-error`;
