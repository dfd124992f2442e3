// `npm run bench:screening` (a script, not a timed test; issue 41's benchmark of the matching): a deterministic
// users list of 5,000 entries with 3 other names each and 10,000 applications of 5 institutions each, made up
// from the same pools of places, fields and kinds (so most institutions share words with listed names without
// being them, as real applications do), about 2 % of them a listed name or other name rewritten (case, width,
// abbreviations, a typo). Prints the index's build time, the time to screen one application (p50, p95, max;
// goal: p95 under 50 ms) and to screen all 10,000 (goal: under a minute), and how many matches were found.
// Exits non-zero only when the harness fails (a planted name not found), never on a time.
//
//   npm run bench:screening
//   BENCH_SEED=7 npm run bench:screening            # another list and other applications
//   BENCH_APPLICATIONS=1000 npm run bench:screening # fewer applications
//   BENCH_VERBOSE=1 npm run bench:screening         # also list the planted typos not found
import { cpus, loadavg } from 'node:os';
import { screen, screeningIndex } from '@pre-admission/rules/screening';

const ENTRIES = 5_000;
const OTHER_NAMES = 3;
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 10_000);
const INSTITUTIONS = 5;

/** mulberry32: a small seeded generator, so every run screens the same list and applications. */
const random = (() => {
  let state = Number(process.env.BENCH_SEED ?? 41) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
})();
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const syllables = [
  'har',
  'bin',
  'bei',
  'jing',
  'shen',
  'yang',
  'xi',
  'an',
  'nan',
  'chang',
  'teh',
  'ran',
  'ka',
  'ra',
  'chi',
  'lah',
  'ore',
  'mos',
  'kov',
  'novo',
  'sib',
  'irsk',
  'pyong',
  'sung',
  'dal',
  'lian',
  'wu',
  'han',
  'tian',
  'zhou',
  'qing',
  'dao',
  'shi',
  'raz',
  'isfa',
  'mash',
  'had',
  'tabr',
  'kerm',
  'ahv',
  'az',
];
const fields = [
  'Aerospace',
  'Nuclear',
  'Physics',
  'Chemical',
  'Electronics',
  'Machinery',
  'Optics',
  'Materials',
  'Shipbuilding',
  'Rocket',
  'Propulsion',
  'Energy',
  'Metallurgy',
  'Computing',
  'Radar',
  'Aviation',
  'Defense',
  'Precision Instruments',
  'Applied Mathematics',
  'Engineering Physics',
  'Marine',
  'Telecommunications',
];
const kinds = [
  'Institute',
  'University',
  'Research Institute',
  'Academy',
  'Corporation',
  'Co., Ltd.',
  'Industries',
  'Group',
  'Institute of Technology',
  'University of Technology',
  'Laboratory',
];
const hanPlaces = Array.from(
  '北京南西东哈尔滨上海天津成都武汉长沙重庆沈阳大连青岛广州深圳杭州合肥兰州太原昆明贵阳',
);
const hanFields = [
  '航空',
  '航天',
  '核',
  '物理',
  '化工',
  '电子',
  '机械',
  '光学',
  '材料',
  '船舶',
  '火箭',
  '动力',
  '能源',
  '计算',
];
const hanKinds = ['研究所', '大学', '研究院', '有限公司', '集团', '工业大学', '理工大学'];

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const place = () =>
  capital(Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(syllables)).join(''));
const latinName = () => {
  const [where, field, kind] = [place(), pick(fields), pick(kinds)];
  return random() < 0.5 ? `${where} ${field} ${kind}` : `${kind} of ${field}, ${where}`;
};
const hanName = () =>
  Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(hanPlaces)).join('') +
  pick(hanFields) +
  pick(hanKinds);
const acronym = (name: string) =>
  name
    .split(/[^A-Za-z]+/u)
    .filter((word) => word && word !== 'of')
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
const abbreviated = (name: string) =>
  name.replace('Institute', 'Inst.').replace('University', 'Univ.').replace('Technology', 'Tech.');

const list = Array.from({ length: ENTRIES }, (_, index) => {
  const id = index + 1;
  const name = random() < 0.85 ? latinName() : hanName();
  const otherNames = [acronym(name) || hanName(), abbreviated(latinName()), hanName()].slice(0, OTHER_NAMES);
  return {
    id,
    name,
    country: 'Benchland',
    wmdTypes: [],
    anotherNames: otherNames.map((anotherName) => ({ usersListId: id, anotherName })),
  };
});

/** A listed name written another way: upper case, full width, abbreviated, or with one letter or character changed. */
const rewritten = (name: string, how: number) => {
  if (how === 0) return name.toUpperCase();
  if (how === 1) return name.replace(/[!-~]/gu, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
  if (how === 2) return abbreviated(name);
  const letters = Array.from(name);
  // A letter (or character) of the name, not its first, not a space or a dot.
  const places = letters.flatMap((c, at) => (at > 0 && /\p{L}/u.test(c) ? [at] : []));
  const at = places.length > 0 ? pick(places) : 0;
  if (/\p{Script=Han}/u.test(letters[at]!)) letters[at] = pick(hanPlaces.filter((c) => c !== letters[at]));
  else letters[at] = letters[at] === 'e' ? 'a' : 'e';
  return letters.join('');
};

const rewrites = ['upper case', 'full width', 'abbreviated', 'a typo'] as const;
const planted: { application: number; institution: number; entry: number; how: number }[] = [];
const applications = Array.from({ length: APPLICATIONS }, (_, application) =>
  Array.from({ length: INSTITUTIONS }, (_, institution) => {
    if (random() < 0.02) {
      const listed = pick(list);
      const names = [listed.name, ...listed.anotherNames.map((other) => other.anotherName)];
      const how = Math.floor(random() * 4);
      planted.push({ application, institution, entry: listed.id, how });
      return rewritten(pick(names), how);
    }
    return random() < 0.85 ? latinName() : hanName();
  }),
);

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(2)} ms`;

console.info(
  `bench:screening: ${ENTRIES} entries × ${OTHER_NAMES} other names, ${APPLICATIONS} applications × ${INSTITUTIONS} institutions; Node ${process.versions.node}, ${cpus().length} CPUs, load ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);

const buildStart = performance.now();
const index = screeningIndex(list);
const buildTime = performance.now() - buildStart;
console.info(
  `index built in ${ms(buildTime)} (${index.names.length} names, ${index.words.length} distinctive words)`,
);

const firstStart = performance.now();
screen(applications[0]!, index);
console.info(`first application (cold): ${ms(performance.now() - firstStart)}`);

// Wall time and CPU time (this process's, user and system): on a loaded machine the wall time also counts
// the time the process waited for a core.
const times: number[] = [];
const cpuTimes: number[] = [];
let matched = 0;
const found = new Set<string>();
const allStart = performance.now();
const allCpu = process.cpuUsage();
applications.forEach((institutions, application) => {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const results = screen(institutions, index);
  const used = process.cpuUsage(cpu);
  times.push(performance.now() - start);
  cpuTimes.push((used.user + used.system) / 1000);
  results.forEach((result, institution) => {
    matched += result.matches.length;
    for (const match of result.matches) found.add(`${application}/${institution}/${match.entry.id}`);
  });
});
const allTime = performance.now() - allStart;
const allCpuUsed = process.cpuUsage(allCpu);
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);

const missed = planted.filter((p) => !found.has(`${p.application}/${p.institution}/${p.entry}`));
console.info(
  `one application: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(times.at(-1)!)} (goal: under 50 ms); CPU time p50 ${ms(percentile(cpuTimes, 50))}, p95 ${ms(percentile(cpuTimes, 95))}, max ${ms(cpuTimes.at(-1)!)}`,
);
console.info(
  `${APPLICATIONS} applications: ${(allTime / 1000).toFixed(2)} s (goal: under a minute); CPU time ${((allCpuUsed.user + allCpuUsed.system) / 1e6).toFixed(2)} s`,
);
console.info(`matches: ${matched} in all; planted names found, by how they were written:`);
rewrites.forEach((rewrite, how) => {
  const these = planted.filter((p) => p.how === how);
  const short = these.filter((p) => Array.from(applications[p.application]![p.institution]!).length <= 4);
  const foundThese = these.filter((p) => found.has(`${p.application}/${p.institution}/${p.entry}`));
  const foundShort = short.filter((p) => found.has(`${p.application}/${p.institution}/${p.entry}`));
  console.info(
    `  ${rewrite}: ${foundThese.length} of ${these.length} (of which acronyms of 4 letters or fewer: ${foundShort.length} of ${short.length})`,
  );
});
for (const miss of missed.filter((m) => process.env.BENCH_VERBOSE || m.how !== 3)) {
  const written = applications[miss.application]![miss.institution]!;
  const listed = list[miss.entry - 1]!;
  console.info(`  missed: ${JSON.stringify(written)} (entry ${miss.entry}: ${JSON.stringify(listed.name)})`);
}
// A typo may land on an acronym or a short Han name, where one letter makes another name: missed by design. A
// name only recased, widened or abbreviated must always be found.
if (missed.some((miss) => miss.how !== 3)) {
  console.error('bench:screening: a planted name written without a typo was not found');
  process.exitCode = 1;
}
