import type { Option, OptionGroup, StudentType } from './types.ts';

/**
 * docs/behaviour.md#rules: the programmes offered for a kind of application: the options of the programme
 * groups of that student type, hidden groups and hidden options left out, group by group in the list's order and,
 * within a group, by display order (an option without one last, then by id).
 */
export function programmeOptions(groups: readonly OptionGroup[], studentType: StudentType): Option[] {
  return groups
    .filter((group) => !group.hidden && group.studentType === studentType)
    .flatMap((group) =>
      group.options
        .filter((option) => !option.hidden)
        .sort(
          (a, b) =>
            (a.displayOrder ?? Number.POSITIVE_INFINITY) - (b.displayOrder ?? Number.POSITIVE_INFINITY) ||
            a.id - b.id,
        ),
    );
}
