// The operator's commands for staff accounts (docs/operations.md#staff-accounts), run by apps/api/scripts/staff.ts:
//   npm run staff:invite -- ADDRESS ROLE [OFFICE_ID or TEACHER_ID]   mails an invitation
//   npm run staff:set-role -- ADDRESS ROLE [OFFICE_ID or TEACHER_ID] a new role, from the account's next request
//   npm run staff:remove -- ADDRESS                                  no more sign-ins; open sessions end
// Each answers one line and an exit code: 0 done, 1 refused by the database's state (no such account, one
// already active), 2 a wrong input, named with the values that would be right. Nothing is changed on 1 or 2.
import type { Deps } from '../account/accounts.ts';
import type { Mailer } from '../mail/outbox.ts';
import { templates } from '../mail/templates.ts';
import type { Database } from '../platform/db.ts';
import { seedFiles } from '../reference/referenceData.ts';
import { issueInvitation } from './invitations.ts';
import {
  createInvitedStaff,
  removeStaff,
  setStaffRole,
  staffRoles,
  type StaffAssignment,
  type StaffRole,
} from './staffAccounts.ts';

export const staffCommands = ['invite', 'set-role', 'remove'] as const;
export type StaffCommand = (typeof staffCommands)[number];

interface Named {
  id: number;
  name: string;
  nameEn: string;
}

/** The offices and teachers a role may name: the reference lists' (reference/seed/offices.json, teachers.json). */
export interface StaffReferences {
  offices: Named[];
  teachers: Named[];
}

export function seedReferences(): StaffReferences {
  const files = seedFiles();
  const named = (list: unknown[] | undefined): Named[] =>
    (list ?? []).map((item) => {
      const { id, name, nameEn } = item as Named;
      return { id, name, nameEn };
    });
  return { offices: named(files.offices), teachers: named(files.teachers) };
}

export interface StaffCommandContext {
  db: Database;
  deps: Deps;
  mailer: Pick<Mailer, 'send'>;
  references: StaffReferences;
}

export interface StaffCommandResult {
  exitCode: 0 | 1 | 2;
  line: string;
}

const listed = (items: Named[]) => items.map((item) => `${item.id} (${item.nameEn})`).join(', ');

/** The role's reference list, for the roles that name one. */
const referenceOf = (role: StaffRole, references: StaffReferences) =>
  role === 'office'
    ? { kind: 'an office', items: references.offices, key: 'officeId' as const }
    : role === 'supervisor'
      ? { kind: 'a teacher', items: references.teachers, key: 'teacherId' as const }
      : undefined;

/**
 * ROLE [OFFICE_ID or TEACHER_ID] as an assignment, or the one-line problem that names what is wrong and the
 * values that would be right.
 */
export function parseAssignment(
  args: readonly string[],
  references: StaffReferences,
): { assignment: StaffAssignment } | { problem: string } {
  const [roleText, referenceText, ...extra] = args;
  if (roleText === undefined) return { problem: `a role is missing; the roles are ${staffRoles.join(', ')}` };
  const role = staffRoles.find((known) => known === roleText);
  if (!role) return { problem: `"${roleText}" is not a role; the roles are ${staffRoles.join(', ')}` };
  const reference = referenceOf(role, references);
  if (!reference) {
    if (referenceText !== undefined)
      return {
        problem: `the role ${role} takes no office or teacher (got "${referenceText}"); only office (an office id) and supervisor (a teacher id) do`,
      };
    return { assignment: { role } };
  }
  if (referenceText === undefined)
    return { problem: `the role ${role} needs ${reference.kind}: one of ${listed(reference.items)}` };
  if (extra.length > 0) return { problem: `unexpected "${extra.join(' ')}" after the ${role}'s reference` };
  const item = /^[0-9]{1,9}$/.test(referenceText)
    ? reference.items.find((candidate) => candidate.id === Number(referenceText))
    : undefined;
  if (!item)
    return { problem: `"${referenceText}" is not ${reference.kind}; one of ${listed(reference.items)}` };
  return { assignment: { role, [reference.key]: item.id } };
}

/** How the invitation names the role, in both languages. */
function roleWords(assignment: StaffAssignment, references: StaffReferences): { ja: string; en: string } {
  const office = references.offices.find((item) => item.id === assignment.officeId);
  const teacher = references.teachers.find((item) => item.id === assignment.teacherId);
  switch (assignment.role) {
    case 'desk':
      return { ja: '役割：入学前支援窓口', en: 'role: the Pre-admission Support Desk' };
    case 'office':
      return {
        ja: `役割：${office?.name ?? ''}の事務`,
        en: `role: the office of the ${office?.nameEn ?? ''}`,
      };
    case 'supervisor':
      return {
        ja: `役割：指導教員（${teacher?.name ?? ''}）`,
        en: `role: supervisor (${teacher?.nameEn ?? ''})`,
      };
    case 'exchange':
      return { ja: '役割：交換留学担当', en: 'role: exchange programme staff' };
  }
}

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** An invitation's lifetime in words (STAFF_INVITATION_LIFETIME_SECONDS): whole days, else hours. */
export function lifetimeWords(ms: number): { ja: string; en: string } {
  if (ms % DAY === 0) {
    const days = ms / DAY;
    return { ja: `${days}日間`, en: `${days} day${days === 1 ? '' : 's'}` };
  }
  const hours = Math.max(1, Math.round(ms / HOUR));
  return { ja: `${hours}時間`, en: `${hours} hour${hours === 1 ? '' : 's'}` };
}

/**
 * The invitation's link: the desk's console page that sets the password, under the site's base path
 * (`/desk/invitations/{token}`; the console is issue 40's next step).
 */
export const staffInvitationLink = (deps: Deps, token: string): string =>
  `${deps.config.publicUrl}${deps.config.basePath}/desk/invitations/${token}`;

const USAGE: Record<StaffCommand, string> = {
  invite: 'ADDRESS ROLE [OFFICE_ID or TEACHER_ID]',
  'set-role': 'ADDRESS ROLE [OFFICE_ID or TEACHER_ID]',
  remove: 'ADDRESS',
};

/** A command whose input is right, ready to run. */
export interface StaffOrder {
  command: StaffCommand;
  email: string;
  /** For invite and set-role. */
  assignment?: StaffAssignment;
}

/**
 * Checks a command's input before anything is opened: the order to run, or the one line of a wrong input
 * (exit code 2) naming what is wrong and the values that would be right.
 */
export function parseStaffCommand(
  command: StaffCommand,
  args: readonly string[],
  references: StaffReferences,
  isEmail: (value: string) => boolean,
): StaffOrder | StaffCommandResult {
  const wrong = (problem: string): StaffCommandResult => ({
    exitCode: 2,
    line: `staff:${command}: ${problem} (npm run staff:${command} -- ${USAGE[command]})`,
  });
  const [email, ...rest] = args;
  if (email === undefined) return wrong('the address is missing');
  if (!isEmail(email)) return wrong(`"${email}" is not an e-mail address`);
  if (command === 'remove')
    return rest.length > 0 ? wrong(`unexpected "${rest.join(' ')}" after the address`) : { command, email };
  const parsed = parseAssignment(rest, references);
  return 'problem' in parsed ? wrong(parsed.problem) : { command, email, assignment: parsed.assignment };
}

/** Runs a checked order: 0 done, 1 refused by the database's state (nothing changed). */
export async function runStaffOrder(
  { command, email, assignment }: StaffOrder,
  context: StaffCommandContext,
): Promise<StaffCommandResult> {
  const { db, deps, references } = context;
  if (command === 'remove' || !assignment) {
    const removed = await removeStaff(db, deps, email);
    return removed
      ? { exitCode: 0, line: `staff:remove: ${email} removed; ${removed.sessions} open sessions ended` }
      : { exitCode: 1, line: `staff:remove: no staff account has the address ${email}; nothing changed` };
  }
  const role = roleWords(assignment, references);
  if (command === 'set-role') {
    return (await setStaffRole(db, deps, email, assignment))
      ? { exitCode: 0, line: `staff:set-role: ${email} is now ${role.en}, from the account's next request` }
      : { exitCode: 1, line: `staff:set-role: no staff account has the address ${email}; nothing changed` };
  }
  const validFor = lifetimeWords(deps.config.lifetimes.staffInvitation);
  const invited = await db.transaction(async (tx) => {
    const account = await createInvitedStaff(tx, deps, email, assignment);
    if (account === 'active') return 'active' as const;
    const token = await issueInvitation(tx, deps, account.staffId);
    await context.mailer.send(
      tx,
      templates.staffInvitation(email, staffInvitationLink(deps, token), role, validFor),
    );
    return account;
  });
  if (invited === 'active')
    return {
      exitCode: 1,
      line: `staff:invite: ${email} already has an active staff account; change its role with npm run staff:set-role, or remove it first; nothing changed`,
    };
  return {
    exitCode: 0,
    line: `staff:invite: ${email} invited (${role.en}); the invitation mail is queued, its link valid for ${validFor.en}`,
  };
}
