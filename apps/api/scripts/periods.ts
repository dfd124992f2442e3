// `npm run periods -- check [FILE]`: the desk's check of an application periods file before (or after) it goes
// live (docs/operations.md#application-periods). It reads the file as the server does (FILE, else PERIODS_FILE,
// else the repository's apps/api/data/periods.json), says every problem in it, or prints every period in Japan
// time with its state on this machine's clock now. Exit 0: the file is good; 1: it is not; 2: wrong usage.
import { readFileSync } from 'node:fs';
import { periodState } from '@pre-admission/rules';
import { formatJapanTime, readPeriodsFile } from '../src/application/periods.ts';
import { defaultPeriodsFile } from '../src/platform/config.ts';
import { seedFolder } from '../src/reference/referenceData.ts';

const USAGE =
  'Usage: npm run periods -- check [FILE]   (FILE: PERIODS_FILE, else apps/api/data/periods.json)';

const [command, file, ...rest] = process.argv.slice(2);
if (command !== 'check' || rest.length > 0) {
  console.error(USAGE);
  process.exit(2);
}
const path = file ?? process.env.PERIODS_FILE ?? defaultPeriodsFile;
const read = readPeriodsFile(path);
if ('problem' in read) {
  console.error(read.problem);
  process.exit(1);
}

const options = new Map(
  (
    JSON.parse(readFileSync(new URL('programs.json', seedFolder), 'utf8')) as Array<{
      options: Array<{ id: number; code: string; name: string }>;
    }>
  ).flatMap((group) => group.options.map((option) => [option.id, option] as const)),
);
const now = new Date();
console.info(
  `${path}: ${read.periods.length} period(s), no problem found. Japan time (UTC+9); now ${formatJapanTime(now)}.`,
);
console.info(
  'A period opens at its opening minute and closes at its closing minute exactly (17:00 is 17:00:00.000), on the server’s clock.',
);
const rows = [...read.periods]
  .sort((a, b) => a.programId - b.programId || a.opensAt.getTime() - b.opensAt.getTime())
  .map((period) => {
    const option = options.get(period.programId)!;
    return [
      periodState(period, now),
      period.id,
      `${period.programId} ${option.code}`,
      `entry ${period.entryYear}`,
      `${formatJapanTime(period.opensAt)} → ${formatJapanTime(period.closesAt)}`,
      option.name,
    ];
  });
const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]!.length))) ?? [];
for (const row of rows)
  console.info(
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd(),
  );
