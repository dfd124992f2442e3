// `npm run consent -- list | require ID… | waive ID…`: which programme options require the supervisor's
// consent before submission (docs/operations.md#supervisor-consent). Data an operator sets, as the periods
// are, in the database the server uses (migration 15), so that a change needs no rebuild and no restart: the
// next submission reads it. An id must be a programme option of the programs list; a wrong one changes
// nothing and says which. Exit 0: done; 1: refused; 2: wrong usage.
import { readFileSync } from 'node:fs';
import type { Clock } from '../platform/clock.ts';
import type { Queryable } from '../platform/db.ts';
import { seedFolder } from '../reference/referenceData.ts';

export interface ConsentCommandResult {
  exitCode: 0 | 1 | 2;
  lines: string[];
}

export const USAGE =
  'Usage: npm run consent -- list | require PROGRAMME_ID… | waive PROGRAMME_ID…   (ids of the programs list)';

export interface ProgrammeOption {
  id: number;
  code: string;
  name: string;
}

/** The programme options of the programs list (reference/seed/programs.json). */
export function programmeOptions(): ProgrammeOption[] {
  const groups = JSON.parse(readFileSync(new URL('programs.json', seedFolder), 'utf8')) as Array<{
    options: ProgrammeOption[];
  }>;
  return groups.flatMap((group) => group.options.map(({ id, code, name }) => ({ id, code, name })));
}

export async function runConsentCommand(
  db: Queryable,
  clock: Clock,
  args: readonly string[],
  options: readonly ProgrammeOption[] = programmeOptions(),
): Promise<ConsentCommandResult> {
  const [command, ...ids] = args;
  const byId = new Map(options.map((option) => [option.id, option]));
  const describe = (id: number) => {
    const option = byId.get(id);
    return option ? `${id} ${option.code} ${option.name}` : `${id} (no longer in the programs list)`;
  };
  if (command === 'list' && ids.length === 0) {
    const rows = await db.query<{ program_id: number }>(
      'select program_id from consent_requirements order by program_id',
    );
    if (rows.length === 0) return { exitCode: 0, lines: ['No programme option requires consent.'] };
    return {
      exitCode: 0,
      lines: [
        `${rows.length} programme option(s) require the supervisor's consent before submission:`,
        ...rows.map((row) => `  ${describe(Number(row.program_id))}`),
      ],
    };
  }
  if ((command !== 'require' && command !== 'waive') || ids.length === 0)
    return { exitCode: 2, lines: [USAGE] };
  const wrong = ids.filter((id) => !/^[1-9][0-9]{0,8}$/.test(id) || !byId.has(Number(id)));
  if (wrong.length > 0)
    return {
      exitCode: 1,
      lines: [
        `Not a programme option of the programs list: ${wrong.join(', ')}. Nothing was changed.`,
        `The options: ${options.map((option) => `${option.id} ${option.code}`).join(', ')}.`,
      ],
    };
  const numbers = [...new Set(ids.map(Number))];
  if (command === 'require')
    await db.query(
      `insert into consent_requirements (program_id, set_at)
       select id, $2 from unnest($1::integer[]) as id on conflict (program_id) do nothing`,
      [numbers, clock.now()],
    );
  else await db.query('delete from consent_requirements where program_id = any($1::integer[])', [numbers]);
  return {
    exitCode: 0,
    lines: numbers.map(
      (id) =>
        `${command === 'require' ? 'Requires' : 'No longer requires'} consent before submission: ${describe(id)}`,
    ),
  };
}
