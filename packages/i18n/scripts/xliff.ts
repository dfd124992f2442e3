// `npm run i18n:export [-- DIR]` and `npm run i18n:import FILE [-- --dry-run]` (issue 18): the round trip
// to a translation tool in XLIFF 2.0. See packages/i18n/README.md#for-translators.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readAreas } from '../src/xliff/files';
import { describePlan, exportXliff, planImport, targetLocales } from '../src/xliff/xliff';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Another folder of catalogues (the importer's own test works on a copy); then nothing is compiled.
const cataloguesOverride = process.env.I18N_CATALOGUES_DIR;
const catalogues = cataloguesOverride ? resolve(cataloguesOverride) : join(root, 'src/catalogues');
/** Where the export goes by default (gitignored). */
const defaultOut = join(root, 'out/xliff');

function exportAll(out: string) {
  mkdirSync(out, { recursive: true });
  const areas = readAreas(catalogues);
  const count = Object.values(areas).reduce((sum, area) => sum + Object.keys(area.en).length, 0);
  for (const target of targetLocales) {
    const file = join(out, `${target}.xlf`);
    writeFileSync(file, exportXliff(areas, target));
    console.info(`i18n:export: ${count} messages, en → ${target}: ${relative(process.cwd(), file)}`);
  }
}

function importFile(file: string, { dryRun }: { dryRun: boolean }): number {
  const areas = readAreas(catalogues);
  const plan = planImport(readFileSync(file, 'utf8'), areas);
  if (plan.problems.length > 0) {
    console.error(
      `i18n:import: ${file} refused, nothing written (${plan.problems.length} ${plan.problems.length === 1 ? 'problem' : 'problems'}):`,
    );
    for (const problem of plan.problems) console.error(`  ✗ ${problem}`);
    return 1;
  }
  console.info(describePlan(plan, areas));
  if (dryRun) {
    console.info('i18n:import: --dry-run, nothing written');
    return 0;
  }
  const written: string[] = [];
  for (const [area, catalogue] of Object.entries(plan.next)) {
    const path = join(catalogues, `${area}.${plan.target}.json`);
    writeFileSync(path, `${JSON.stringify(catalogue, null, 2)}\n`);
    written.push(relative(process.cwd(), path));
  }
  if (written.length > 0 && !cataloguesOverride) {
    // The compiled catalogues follow their sources (the gate checks it).
    execFileSync('node', [join(root, 'scripts/compile.mjs')], { stdio: 'inherit' });
    console.info(`i18n:import: wrote ${written.join(', ')}; commit them with src/generated`);
  } else if (written.length > 0) console.info(`i18n:import: wrote ${written.join(', ')}`);
  return 0;
}

const [command, ...args] = process.argv.slice(2);
if (command === 'export') exportAll(args[0] ? resolve(args[0]) : defaultOut);
else if (command === 'import' && args.some((arg) => !arg.startsWith('--')))
  process.exitCode = importFile(resolve(args.find((arg) => !arg.startsWith('--')) ?? ''), {
    dryRun: args.includes('--dry-run'),
  });
else {
  console.error('usage: npm run i18n:export [-- DIR]   |   npm run i18n:import FILE [-- --dry-run]');
  process.exitCode = 2;
}
