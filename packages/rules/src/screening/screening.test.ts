import type { UsersList } from '../types.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseName, screen, screeningIndex, similarMatchThreshold } from './index.ts';
import { editSimilarity } from './similarity.ts';

const entry = (id: number, name: string, ...otherNames: string[]): UsersList => ({
  id,
  name,
  country: 'China',
  wmdTypes: [{ id: 1, name: 'Missile', code: 'M', displayOrder: 1 }],
  anotherNames: otherNames.map((anotherName) => ({ usersListId: id, anotherName })),
});

/**
 * Entries as METI's End User List writes them (names and other names of entities it lists), and one made-up
 * company with a Japanese other name, since the list holds no Japanese entity.
 */
const list: UsersList[] = [
  entry(1, 'Harbin Institute of Technology', 'HIT', '哈尔滨工业大学', 'ハルビン工業大学'),
  entry(2, 'Harbin Engineering University', 'HEU', '哈尔滨工程大学'),
  entry(3, 'Beijing Institute of Technology', 'BIT', '北京理工大学'),
  entry(
    4,
    'Beihang University',
    'Beijing University of Aeronautics and Astronautics',
    'BUAA',
    '北京航空航天大学',
  ),
  entry(5, 'Northwestern Polytechnical University', 'NPU', '西北工业大学'),
  entry(6, 'National University of Defense Technology', 'NUDT', '国防科技大学', '中国人民解放军国防科技大学'),
  entry(7, 'Sharif University of Technology', 'Arya-Mehr University of Technology'),
  entry(8, 'Malek-Ashtar University of Technology', 'MUT'),
  entry(9, 'China Academy of Engineering Physics', 'CAEP', '中国工程物理研究院'),
  entry(10, 'Sample Aerospace Industries Co., Ltd.', 'サンプル航空宇宙工業株式会社'),
];
const index = screeningIndex(list);
/** Words of kind in the fixtures, whose typos the table covers (`Insitute`, `Univresity`). */
const generic = new Set(['university', 'institute', 'technology', 'academy', 'engineering', 'industries']);

/** Where the entry stands in the institution's matches (1 = first), or undefined when it is not among them. */
const rankOf = (institution: string, id: number) => {
  const position = screen([institution], index)[0]!.matches.findIndex((match) => match.entry.id === id);
  return position === -1 ? undefined : position + 1;
};

type Case = readonly [
  script: string,
  what: string,
  institution: string,
  entry: number,
  rank: number | undefined,
];

/** The matching table (issue 41, Tests): each institution as an application may write it, and the rank expected. */
const table: readonly Case[] = [
  ['Latin', 'full width', 'ＨＡＲＢＩＮ　ＩＮＳＴＩＴＵＴＥ　ＯＦ　ＴＥＣＨＮＯＬＯＧＹ', 1, 1],
  ['Latin', 'upper case', 'NORTHWESTERN POLYTECHNICAL UNIVERSITY', 5, 1],
  ['Latin', 'dotted abbreviations', 'Harbin Inst. of Tech.', 1, 1],
  ['Latin', 'dotted abbreviations and a legal suffix', 'Sample Aerospace Industries Co Ltd', 10, 1],
  ['Latin', 'reordered words', 'University of Technology, Sharif', 7, 1],
  ['Latin', 'reordered words', 'Defense Technology National University', 6, 1],
  ['Latin', 'a one-letter typo', 'Northwestern Polytechnial University', 5, 1],
  ['Latin', 'two letters swapped', 'Malek-Ashtar Univresity of Technology', 8, 1],
  ['Latin', 'a one-letter typo in the distinctive word', 'Harbim Institute of Technology', 1, 1],
  ['Latin', 'an alias only', 'Beijing Univ. of Aeronautics & Astronautics', 4, 1],
  ['Latin', 'an alias only (a former name)', 'Arya Mehr University of Technology', 7, 1],
  ['Latin', 'an alias only (an acronym, dotted)', 'N.U.D.T.', 6, 1],
  ['Latin', 'a different institution sharing words of kind', 'Beijing Institute of Technology', 1, undefined],
  ['Latin', 'a different institution sharing words of kind', 'Harbin Institute of Technology', 3, undefined],
  ['Latin', 'a different institution sharing the city', 'Beijing University of Technology', 3, undefined],
  [
    'Latin',
    'a different institution sharing the city',
    'Harbin University of Science and Technology',
    1,
    undefined,
  ],
  [
    'Latin',
    'a different institution sharing the city',
    'Harbin University of Science and Technology',
    2,
    undefined,
  ],
  ['Latin', 'a different institution sharing most words', 'National University of Singapore', 6, undefined],
  ['Latin', 'a different institution a letter apart in one word', 'Northeastern University', 5, undefined],
  ['Latin', 'a different institution sharing words of kind', 'Sharif Institute of Technology', 8, undefined],
  ['Chinese', 'Traditional for Simplified', '哈爾濱工業大學', 1, 1],
  ['Chinese', 'Traditional for Simplified', '國防科技大學', 6, 1],
  ['Chinese', 'Traditional, the full name', '中國人民解放軍國防科技大學', 6, 1],
  ['Chinese', 'spaces between the words', '北京 理工 大学', 3, 1],
  ['Chinese', 'a one-character look-alike (枝 for 技)', '中国人民解放军国防科枝大学', 6, 1],
  [
    'Chinese',
    'a one-character look-alike in six: as close as a neighbour, not caught',
    '北京航空航夭大学',
    4,
    undefined,
  ],
  ['Chinese', 'a different institution one character apart in six', '南京航空航天大学', 4, undefined],
  ['Chinese', 'full-width and half-width spacing', '中国工程物理研究院　', 9, 1],
  ['Chinese', 'a different institution sharing the city', '哈尔滨工程大学', 1, undefined],
  ['Chinese', 'the institution itself, beside its neighbour', '哈尔滨工程大学', 2, 1],
  ['Chinese', 'a different institution sharing the city', '北京工业大学', 3, undefined],
  ['Chinese', 'a different institution sharing the city', '北京大学', 4, undefined],
  ['Chinese', 'a different institution sharing a word', '西北大学', 5, undefined],
  ['Chinese', 'written in pinyin: transliteration is not caught', 'Haerbin Gongye Daxue', 1, undefined],
  ['Japanese', 'shinjitai (浜, 爾, 業) for Simplified', '哈爾浜工業大学', 1, 1],
  ['Japanese', 'an alias only, in katakana, with 大學', 'ハルビン工業大學', 1, 1],
  ['Japanese', 'half-width katakana and a legal form', 'ｻﾝﾌﾟﾙ航空宇宙工業株式会社', 10, 1],
  ['Japanese', 'the legal form first', '株式会社サンプル航空宇宙工業', 10, 1],
  ['Japanese', 'a one-character look-alike (ブ for プ)', 'サンブル航空宇宙工業株式会社', 10, 1],
  ['Japanese', 'shinjitai for Simplified, another entry', '北京航空航天大学', 4, 1],
  ['Japanese', 'a different company sharing the name', 'サンプル化学工業株式会社', 10, undefined],
  ['Japanese', 'a different institution sharing words of kind', '東京工業大学', 1, undefined],
];

describe('export-control screening: the matching table (issue 41; packages/rules/README.md#screening)', () => {
  it.each(table)('%s, %s: %s ranks entry %i at %s', (_script, _what, institution, id, rank) => {
    expect(rankOf(institution, id)).toBe(rank);
  });

  it('says how each match was found: exact, alias or similar, with the name that matched', () => {
    const [byName, byAlias, byTypo] = screen(
      ['HARBIN INSTITUTE OF TECHNOLOGY', '北京航空航天大學', 'Harbin Insitute of Technology'],
      index,
    );
    expect(byName!.matches[0]).toMatchObject({
      kind: 'exact',
      matchedName: 'Harbin Institute of Technology',
      score: 1,
      entry: { id: 1 },
    });
    expect(byAlias!.matches[0]).toMatchObject({
      kind: 'alias',
      matchedName: '北京航空航天大学',
      score: 1,
      entry: { id: 4 },
    });
    expect(byTypo!.matches[0]).toMatchObject({
      kind: 'similar',
      matchedName: 'Harbin Institute of Technology',
    });
    expect(byTypo!.matches[0]!.score).toBeGreaterThanOrEqual(similarMatchThreshold);
    expect(byTypo!.matches[0]!.score).toBeLessThan(1);
  });

  it('ranks exact and alias matches before similar ones, then by score, one match per entry', () => {
    const look = [entry(1, 'Sample Institute of Physics'), entry(2, 'Sampel Institute of Physics', 'SIP')];
    const [result] = screen(['Sampel Institute of Physics'], look);
    expect(result!.matches.map((match) => [match.entry.id, match.kind])).toEqual([
      [2, 'exact'],
      [1, 'similar'],
    ]);
    const [byBoth] = screen(['SIP'], [entry(3, 'SIP', 'S.I.P.')]);
    expect(byBoth!.matches).toHaveLength(1);
    expect(byBoth!.matches[0]!.kind).toBe('exact');
  });

  it('gives back the whole entry, so the desk sees its country and weapon concerns', () => {
    const [result] = screen(['CAEP'], index);
    expect(result!.matches[0]!.entry).toBe(list[8]);
  });

  it('screens against the list itself as against its index', () => {
    const institutions = table.map(([, , institution]) => institution);
    expect(screen(institutions, list)).toEqual(screen(institutions, index));
  });

  it('finds no match for a name with nothing distinctive unless it is the listed name itself', () => {
    expect(
      screen(['National University', 'Institute of Technology', ''], index).map((r) => r.matches),
    ).toEqual([[], [], []]);
  });

  it('compares names sharing only a word the list holds in many names when the institution has nothing rarer', () => {
    const fields = Array.from({ length: 40 }, (_, n) =>
      entry(
        n + 1,
        `${String.fromCharCode(97 + (n % 26))}${'qxz'.repeat(1 + Math.floor(n / 26))} Aerospace Institute`,
      ),
    );
    const crowded = [...fields, entry(99, 'Aerospace Engineering Institute')];
    const [alone, withPlace] = screen(['Aerospace Institute', 'Kestrovia Aerospace Institute'], crowded);
    expect(alone!.matches.map((match) => match.entry.id)).toContain(99);
    // Kestrovia is on no listed name: the names sharing only "aerospace" with it are not compared (and would
    // score under the threshold: a distinctive word on each side unmatched).
    expect(withPlace!.matches).toEqual([]);
  });

  it('counts a typo as one edit: a letter wrong, missing, extra, or two neighbours swapped', () => {
    expect(editSimilarity('university', 'univresity')).toBeCloseTo(0.9);
    expect(editSimilarity('institute', 'insitute')).toBeCloseTo(1 - 1 / 9);
    expect(editSimilarity('harbin', 'harbim')).toBeCloseTo(1 - 1 / 6);
    expect(editSimilarity('北京航空航天', '南京航空航天')).toBeCloseTo(1 - 1 / 6);
    expect(editSimilarity('beijing', 'nanjing')).toBeCloseTo(1 - 3 / 7);
    expect(editSimilarity('', 'a')).toBe(0);
  });

  it('finds every listed Latin name with one typo in a distinctive word of five letters or more', () => {
    const words = list.flatMap((listed) =>
      [listed.name, ...listed.anotherNames.map((other) => other.anotherName)].flatMap((name) =>
        name
          .split(/[^A-Za-z]+/u)
          .flatMap((word) =>
            word.length >= 5 && normaliseName(word) === word.toLowerCase() && !generic.has(word.toLowerCase())
              ? [{ id: listed.id, name, word }]
              : [],
          ),
      ),
    );
    const typo = fc.record({
      at: fc.nat(),
      letter: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
      edit: fc.constantFrom('wrong', 'missing', 'extra', 'swapped'),
    });
    fc.assert(
      fc.property(fc.constantFrom(...words), typo, ({ id, name, word }, { at, letter, edit }) => {
        const i = at % (word.length - 1);
        const typed =
          edit === 'wrong'
            ? word.slice(0, i) + letter + word.slice(i + 1)
            : edit === 'missing'
              ? word.slice(0, i) + word.slice(i + 1)
              : edit === 'extra'
                ? word.slice(0, i) + letter + word.slice(i)
                : word.slice(0, i) + word[i + 1]! + word[i]! + word.slice(i + 2);
        const [result] = screen([name.replace(word, typed)], index);
        expect(result!.matches.map((match) => match.entry.id)).toContain(id);
      }),
      { numRuns: 500 },
    );
  });

  it('finds every listed name and other name, however it is cased and spaced, as exact or alias first', () => {
    const names = list.flatMap((listed) => [
      { id: listed.id, name: listed.name, kind: 'exact' },
      ...listed.anotherNames.map(({ anotherName }) => ({ id: listed.id, name: anotherName, kind: 'alias' })),
    ]);
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.boolean(),
        fc.boolean(),
        ({ id, name, kind }, upper, wide) => {
          const cased = upper ? name.toUpperCase() : name.toLowerCase();
          const written = wide ? toFullWidth(cased) : ` ${cased.replaceAll(' ', '  ')} `;
          const [first] = screen([written], index)[0]!.matches;
          expect(first).toMatchObject({ entry: { id }, kind, score: 1 });
        },
      ),
    );
  });
});

/** ASCII written in full width (U+FF01–FF5E, the ideographic space), as a Japanese keyboard types it. */
const toFullWidth = (text: string) =>
  text.replace(/[!-~ ]/gu, (c) => (c === ' ' ? '\u3000' : String.fromCharCode(c.charCodeAt(0) + 0xfee0)));

/** Text mixing the scripts and marks names are written in: ASCII, accented Latin, Greek, CJK, kana, punctuation. */
const nameText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789  .,&'-()/"),
    fc.constantFrom(...'ÀÉÎÕÜßçñøİıΣσςÆæŒœ'),
    fc.constantFrom(...'大学學院研究所有限公司株式会社国國立法人东東京工业業北京哈尔濱ハルビンｻﾝﾌﾟﾙー々'),
    fc.constantFrom(
      'Univ.',
      'Inst.',
      'Tech.',
      'Co., Ltd.',
      'University of ',
      ' Institute',
      '大学校',
      '研究院',
    ),
    fc.string({ unit: 'grapheme', maxLength: 1 }),
  ),
  maxLength: 30,
});

describe('normaliseName', () => {
  it.each([
    ['Univ. of Tokyo', 'tokyo university'],
    ['Tokyo University', 'tokyo university'],
    ['HARBIN INST. OF TECH.', 'harbin institute technology'],
    ['Sample Aerospace Co., Ltd.', 'sample aerospace'],
    ['Zürich Tech & Science', 'zurich science technology'],
    ['M.I.T.', 'mit'],
    ['哈爾濱工業大學', '哈尔滨工业 大学'],
    ['国立大学法人東京大学', '东京 大学'],
    ['ｻﾝﾌﾟﾙ株式会社', 'サンプル'],
  ])('normalises %s to %s', (name, normalised) => {
    expect(normaliseName(name)).toBe(normalised);
  });

  it('is idempotent: a normalised name normalises to itself', () => {
    fc.assert(
      fc.property(nameText, (text) => {
        const once = normaliseName(text);
        expect(normaliseName(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it('is width-blind: full-width and half-width letters, digits, punctuation and spaces give the same name', () => {
    fc.assert(
      fc.property(nameText, (text) => {
        expect(normaliseName(toFullWidth(text))).toBe(normaliseName(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('is case-blind: upper, lower and mixed case give the same name', () => {
    fc.assert(
      fc.property(nameText, fc.infiniteStream(fc.boolean()), (text, upper) => {
        const mixed = Array.from(text, (c) => (upper.next().value ? c.toUpperCase() : c.toLowerCase())).join(
          '',
        );
        expect(normaliseName(text.toUpperCase())).toBe(normaliseName(text));
        expect(normaliseName(mixed)).toBe(normaliseName(text));
      }),
      { numRuns: 2000 },
    );
  });
});
