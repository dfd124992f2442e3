// The operator's staff commands (docs/operations.md#staff-accounts): a wrong input is one line naming what is
// wrong and the values that would be right, exit code 2, before anything is opened; a state that refuses
// (no such account, one already active) exit code 1; nothing changes on either.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseStaffCommand, seedReferences, type StaffCommand } from '../src/staff/operatorCommands.ts';
import { serverFixture, uniqueEmail } from './helpers.ts';
import { invite, staffCommand } from './staffHelpers.ts';

const { server } = serverFixture();
const references = seedReferences();
const parse = (command: StaffCommand, ...args: string[]) =>
  parseStaffCommand(command, args, references, (value) => value.includes('@'));

describe('a wrong input: exit 2, one line naming what is wrong and the right values', () => {
  it.each([
    [['invite'], 'the address is missing'],
    [['invite', 'not-an-address', 'desk'], '"not-an-address" is not an e-mail address'],
    [['invite', 'a@example.ac.jp'], 'a role is missing; the roles are desk, office, supervisor, exchange'],
    [
      ['invite', 'a@example.ac.jp', 'admin'],
      '"admin" is not a role; the roles are desk, office, supervisor, exchange',
    ],
    [['invite', 'a@example.ac.jp', 'Desk'], '"Desk" is not a role'],
    [
      ['invite', 'a@example.ac.jp', 'office'],
      'the role office needs an office: one of 1 (School of Agriculture), 2 (School of Informatics)',
    ],
    [
      ['invite', 'a@example.ac.jp', 'office', '99'],
      '"99" is not an office; one of 1 (School of Agriculture)',
    ],
    [['invite', 'a@example.ac.jp', 'office', 'informatics'], '"informatics" is not an office'],
    [
      ['invite', 'a@example.ac.jp', 'supervisor'],
      'the role supervisor needs a teacher: one of 101 (Taro Yamada)',
    ],
    [['invite', 'a@example.ac.jp', 'supervisor', '2'], '"2" is not a teacher; one of 101 (Taro Yamada)'],
    [['invite', 'a@example.ac.jp', 'desk', '2'], 'the role desk takes no office or teacher (got "2")'],
    [['invite', 'a@example.ac.jp', 'office', '2', 'extra'], 'unexpected "extra"'],
    [['set-role', 'a@example.ac.jp', 'teacher', '101'], '"teacher" is not a role'],
    [['remove', 'a@example.ac.jp', 'desk'], 'unexpected "desk" after the address'],
  ] as const)('%j', ([command, ...args], problem) => {
    const result = parse(command, ...args);
    expect(result).toMatchObject({ exitCode: 2 });
    const { line } = result as { line: string };
    expect(line).toContain(`staff:${command}: ${problem}`);
    expect(line).toContain(`npm run staff:${command} -- `);
    expect(line).not.toContain('\n');
  });

  it('every office and teacher of the reference lists is a valid reference, and is named when one is missing', () => {
    for (const office of references.offices) {
      expect(parse('invite', 'a@example.ac.jp', 'office', String(office.id))).toMatchObject({
        assignment: { role: 'office', officeId: office.id },
      });
      expect((parse('invite', 'a@example.ac.jp', 'office') as { line: string }).line).toContain(
        `${office.id} (${office.nameEn})`,
      );
    }
    for (const teacher of references.teachers)
      expect(parse('set-role', 'a@example.ac.jp', 'supervisor', String(teacher.id))).toMatchObject({
        assignment: { role: 'supervisor', teacherId: teacher.id },
      });
  });

  it('the command itself: exit 2 and the one line on stderr, without opening a database', async () => {
    const script = fileURLToPath(new URL('../scripts/staff.ts', import.meta.url));
    const run = promisify(execFile);
    const failed = await run(process.execPath, [script, 'invite', 'desk01@example.ac.jp', 'admin'], {
      // A database that does not exist: opening it would fail with another message.
      env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', DATA_DIR: '/nonexistent' },
    }).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stdout).toBe('');
    expect(failed?.stderr.trim().split('\n')).toEqual([
      'staff:invite: "admin" is not a role; the roles are desk, office, supervisor, exchange (npm run staff:invite -- ADDRESS ROLE [OFFICE_ID or TEACHER_ID])',
    ]);
  });
});

describe('the database refuses: exit 1, nothing changed', () => {
  it('set-role and remove of an address that has no staff account', async () => {
    const nobody = uniqueEmail('nobody');
    expect(await staffCommand(server, 'set-role', nobody, 'desk')).toMatchObject({
      exitCode: 1,
      line: expect.stringContaining(`no staff account has the address ${nobody}`),
    });
    expect(await staffCommand(server, 'remove', nobody)).toMatchObject({ exitCode: 1 });
  });

  it('an applicant account of the address is no staff account', async () => {
    const email = uniqueEmail('applicant');
    await server.call('requestRegistration', { body: { email } });
    expect(await staffCommand(server, 'remove', email)).toMatchObject({ exitCode: 1 });
  });
});

describe('done: exit 0', () => {
  it('set-role writes the new role; remove, then invite again, makes a new account', async () => {
    const email = uniqueEmail('cycle');
    await invite(server, email, 'exchange');
    expect(await staffCommand(server, 'set-role', email, 'supervisor', '110')).toMatchObject({
      exitCode: 0,
      line: `staff:set-role: ${email} is now role: supervisor (Megumi Kato), from the account's next request`,
    });
    const rows = async () =>
      server.services.db.query<{ role: string; teacher_id: number | null; removed: boolean }>(
        `select role, teacher_id, removed_at is not null as removed from staff_accounts
          where lower(email) = lower($1) order by id`,
        [email],
      );
    expect(await rows()).toEqual([{ role: 'supervisor', teacher_id: 110, removed: false }]);
    await staffCommand(server, 'remove', email);
    await invite(server, email, 'desk');
    expect(await rows()).toEqual([
      { role: 'supervisor', teacher_id: 110, removed: true },
      { role: 'desk', teacher_id: null, removed: false },
    ]);
  });
});
