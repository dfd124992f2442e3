// What each staff role may see of the applications (docs/security.md#staff, the roles' rights): the desk every
// application past its draft, an office those whose prospective supervisor is of its office (the teachers
// list's `officeId`: the office's graduate school's courses), a supervisor those naming them, exchange staff the
// exchange applications. Written as one SQL condition that every desk query of an application begins with, so
// that another's application is found exactly as an unknown id is not (404, the same body). The role is the
// one read with the session at this request (staff/access.ts), never an earlier one.
import type { Queryable } from '../platform/db.ts';
import type { SignedInStaff } from '../staff/access.ts';
import type { StaffRole } from '../staff/staffAccounts.ts';

/** Every role reads the applications of its reach and may add notes to them. */
export const readingRoles: readonly StaffRole[] = ['desk', 'office', 'supervisor', 'exchange'];
/**
 * Who may return an application for changes or record its decision: not a supervisor, whose word on an
 * application is their consent (issue 40, item 2), given before it is submitted.
 */
export const decidingRoles: readonly StaffRole[] = ['desk', 'office', 'exchange'];

/** The reference lists the desk reads: who teaches in which course and office, and the reject reasons. */
export interface DeskLists {
  readonly teachers: readonly { id: number; officeId: number; courseId: number }[];
  readonly offices: readonly { id: number; officeId: number }[];
  readonly acceptorRejectReasons: readonly { id: number; name: string; nameJa: string }[];
}

export async function deskLists(db: Queryable): Promise<DeskLists> {
  const rows = await db.query<{ name: string; items: unknown }>(
    'select name, items from reference_lists where name = any($1)',
    [['teachers', 'offices', 'acceptorRejectReasons']],
  );
  const byName = new Map(
    rows.map((row) => [row.name, typeof row.items === 'string' ? JSON.parse(row.items) : row.items]),
  );
  return {
    teachers: byName.get('teachers') ?? [],
    offices: byName.get('offices') ?? [],
    acceptorRejectReasons: byName.get('acceptorRejectReasons') ?? [],
  };
}

/** The teachers of an office (its account names the offices list's `id`). */
export function teachersOfOffice(lists: DeskLists, officeListId: number): number[] {
  const office = lists.offices.find((item) => item.id === officeListId);
  if (!office) return [];
  return lists.teachers.filter((t) => t.officeId === office.officeId).map((t) => t.id);
}

/**
 * The condition on `applications` of what `staff` may see, its values pushed onto `params`. A
 * draft is never the staff's: it is the applicant's until it is sent.
 */
export function reachCondition(
  staff: Pick<SignedInStaff, 'assignment'>,
  lists: DeskLists,
  params: unknown[],
): string {
  const { assignment } = staff;
  const drafts = "status <> 'draft'";
  switch (assignment.role) {
    case 'desk':
      return drafts;
    case 'office':
      params.push(teachersOfOffice(lists, assignment.officeId ?? -1));
      return `${drafts} and teacher_id = any($${params.length}::integer[])`;
    case 'supervisor':
      params.push(assignment.teacherId ?? -1);
      return `${drafts} and teacher_id = $${params.length}`;
    case 'exchange':
      return `${drafts} and student_type = 'exchange'`;
  }
}
