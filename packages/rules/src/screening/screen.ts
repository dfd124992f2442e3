/**
 * Export-control screening's matching (issue 41; packages/rules/README.md#screening): the institutions of an
 * application against the users list (METI's End User List, `/api/users-lists`), each listed name and other name
 * compared with each institution.
 *
 * How names are compared, and why:
 * - Both sides are normalised (normalise.ts): width, case, accents, Chinese character variants, punctuation,
 *   abbreviations, legal forms and word order no longer count. Equal normalised names are an `exact` match (the
 *   entry's name) or an `alias` match (one of its other names), score 1.
 * - Otherwise the names are compared word by word (a soft token match, as in Cohen, Ravikumar and Fienberg's
 *   2003 comparison of name-matching methods): each word finds its most alike word on the other side
 *   (similarity.ts: an edit similarity, typos counted), counted only at one typo in five letters or fewer (0.8)
 *   or, for Han and kana, one character in seven (0.85), and weighted: words of kind (university, institute,
 *   technology, 大学…) weigh 0.4, the others 1. The score is the matched weight of both names over their whole
 *   weight. A `similar` match needs at least one distinctive word in common (up to a typo) and a score of 0.8:
 *   "Harbin Insitute of Technology" (a typo) scores 0.97, while "Beijing Institute of Technology" against
 *   "Harbin Institute of Technology" shares only words of kind and is not a candidate at all.
 * - A distinctive word held by many listed names (more than 0.5 % of them, at least 20: a field such as
 *   "aerospace") finds candidates only when none of the institution's distinctive words is rarer.
 * - Why not trigram similarity of whole names (pg_trgm): a long shared tail ("… Institute of Technology") gives
 *   two different institutions more trigrams in common than a typo takes away from the same one, so no threshold
 *   keeps the typo and drops the neighbour. Trigrams serve here only to find, in the index, the listed words
 *   within a typo of an application's word.
 *
 * The index (`screeningIndex`) is built once per list: normalised names, a map of exact names, and the listed
 * distinctive words with their names and their trigrams (characters, for Han and kana). Screening an institution
 * then looks at the names sharing a word within a typo, not the whole list.
 */
import type { UsersList } from '../types.ts';
import { nameTokens, type NameToken } from './normalise.ts';
import { editSimilarity } from './similarity.ts';

/** What screening reads of a users-list entry; the matches give back the whole entry (its country, its concerns). */
export type ScreenedEntry = Pick<UsersList, 'id' | 'name' | 'anotherNames'>;

export type MatchKind = 'exact' | 'alias' | 'similar';

export interface ScreeningMatch<Entry extends ScreenedEntry = UsersList> {
  readonly entry: Entry;
  /** The entry's name or other name that matched, as the list writes it. */
  readonly matchedName: string;
  readonly kind: MatchKind;
  /** From 0 to 1; 1 for exact and alias matches. */
  readonly score: number;
}

export interface InstitutionScreening<Entry extends ScreenedEntry = UsersList> {
  readonly institution: string;
  /** Exact and alias matches first, then by score, highest first; one match per entry (its best name). */
  readonly matches: readonly ScreeningMatch<Entry>[];
}

/** A `similar` match's lowest score. */
export const similarMatchThreshold = 0.8;
/** One typo in five letters (harbim, harbin: 0.83; insitute, institute: 0.89). */
const latinWordThreshold = 0.8;
/**
 * One character in seven: a Han name packs its place and field into few characters, and 北京航空航天 and
 * 南京航空航天, one apart in six (0.83), are two universities, as are 哈尔滨工业 and 哈尔滨工程 (0.8).
 */
const cjkWordThreshold = 0.85;
const genericWeight = 0.4;

/** A word as names are scored: adjacent distinctive Han and kana words are one ("北京 理工" is "北京理工"). */
interface Word {
  readonly text: string;
  readonly generic: boolean;
  readonly cjk: boolean;
  readonly weight: number;
}

interface IndexedName {
  readonly entry: number;
  readonly name: string;
  readonly primary: boolean;
  readonly words: readonly Word[];
  /** Each word's place in the index's `words`, or -1 for a word of kind. */
  readonly wordIds: readonly number[];
  readonly weight: number;
}

interface ListedWord {
  readonly word: Word;
  /** In code points, as editSimilarity counts. */
  readonly length: number;
  readonly grams: number;
  /** The names holding the word. */
  readonly names: number[];
}

export interface ScreeningIndex<Entry extends ScreenedEntry = UsersList> {
  readonly entries: readonly Entry[];
  readonly names: readonly IndexedName[];
  /** Normalised name → the names that normalise to it. */
  readonly exact: ReadonlyMap<string, readonly number[]>;
  /** Listed distinctive words, each with the names holding it. */
  readonly words: readonly ListedWord[];
  /** Trigram (alphabetic words) or character (Han and kana) → the listed distinctive words holding it. */
  readonly grams: ReadonlyMap<string, readonly number[]>;
  /** A word held by more names than this is common: it finds candidates only when nothing rarer does. */
  readonly commonLimit: number;
  /** The listed words near an institution's word, kept for the next screening (institutions repeat). */
  readonly nearCache: Map<string, ReadonlyMap<number, number>>;
  /** Shared trigram counts per listed word, reused by each look-up. */
  readonly counts: Int32Array;
}

const scoringWords = (tokens: readonly NameToken[]): Word[] => {
  const words: Word[] = [];
  for (const token of tokens) {
    const previous = words.at(-1);
    if (previous && token.cjk && !token.generic && previous.cjk && !previous.generic) {
      words[words.length - 1] = { ...previous, text: previous.text + token.text };
      continue;
    }
    words.push({ ...token, weight: token.generic ? genericWeight : 1 });
  }
  return words;
};

const gramsOf = (word: Word): string[] => {
  if (word.cjk) return [...new Set(word.text)];
  const padded = `  ${word.text} `;
  const grams = new Set<string>();
  for (let index = 0; index + 3 <= padded.length; index += 1) grams.add(padded.slice(index, index + 3));
  return [...grams];
};

const wordSimilarity = (a: Word, b: Word): number => {
  if (a.cjk !== b.cjk) return 0;
  if (a.text === b.text) return 1;
  const similarity = editSimilarity(a.text, b.text);
  return similarity >= (a.cjk ? cjkWordThreshold : latinWordThreshold) ? similarity : 0;
};

const totalWeight = (words: readonly Word[]) => words.reduce((sum, word) => sum + word.weight, 0);

/** Builds the index of a users list once, for every screening against that list. */
export function screeningIndex<Entry extends ScreenedEntry>(
  entries: readonly Entry[],
): ScreeningIndex<Entry> {
  const names: IndexedName[] = [];
  const exact = new Map<string, number[]>();
  const wordIds = new Map<string, number>();
  const words: ListedWord[] = [];
  const grams = new Map<string, number[]>();

  const add = (entry: number, name: string, primary: boolean) => {
    const tokens = nameTokens(name);
    const normalised = tokens.map((token) => token.text).join(' ');
    if (!normalised) return;
    const id = names.length;
    const nameWords = scoringWords(tokens);
    const ids = nameWords.map((word) => {
      if (word.generic) return -1;
      const key = `${word.cjk ? 'c' : 'l'}${word.text}`;
      let wordId = wordIds.get(key);
      if (wordId === undefined) {
        wordId = words.length;
        wordIds.set(key, wordId);
        const wordGrams = gramsOf(word);
        words.push({ word, length: Array.from(word.text).length, grams: wordGrams.length, names: [] });
        for (const gram of wordGrams) {
          const holders = grams.get(gram);
          if (holders) holders.push(wordId);
          else grams.set(gram, [wordId]);
        }
      }
      const holders = words[wordId]!.names;
      if (holders.at(-1) !== id) holders.push(id);
      return wordId;
    });
    names.push({ entry, name, primary, words: nameWords, wordIds: ids, weight: totalWeight(nameWords) });
    const same = exact.get(normalised);
    if (same) same.push(id);
    else exact.set(normalised, [id]);
  };

  entries.forEach((entry, index) => {
    add(index, entry.name, true);
    for (const other of entry.anotherNames) add(index, other.anotherName, false);
  });
  return {
    entries,
    names,
    exact,
    words,
    grams,
    commonLimit: Math.max(20, Math.ceil(names.length * 0.005)),
    nearCache: new Map(),
    counts: new Int32Array(words.length),
  };
}

const nearCacheSize = 50_000;

/**
 * The listed distinctive words within a typo of `word`, with their similarity. Only those that could reach the
 * word threshold are compared (count filtering, Gravano et al., 2001): a length within the edits allowed, and
 * enough trigrams in common (one edit changes at most four of a word's padded trigrams; for Han and kana, at most
 * one of its characters).
 */
const nearWords = (index: ScreeningIndex<ScreenedEntry>, word: Word): ReadonlyMap<number, number> => {
  const key = `${word.cjk ? 'c' : 'l'}${word.text}`;
  const cached = index.nearCache.get(key);
  if (cached) return cached;
  const wordGrams = gramsOf(word);
  const { counts } = index;
  const touched: number[] = [];
  for (const gram of wordGrams) {
    for (const wordId of index.grams.get(gram) ?? []) {
      if (counts[wordId] === 0) touched.push(wordId);
      counts[wordId] = counts[wordId]! + 1;
    }
  }
  const near = new Map<number, number>();
  const length = Array.from(word.text).length;
  for (const wordId of touched) {
    const shared = counts[wordId]!;
    counts[wordId] = 0;
    const listed = index.words[wordId]!;
    const longest = Math.max(listed.length, length);
    const edits = Math.floor((1 - (word.cjk ? cjkWordThreshold : latinWordThreshold)) * longest + 1e-9);
    if (Math.abs(listed.length - length) > edits) continue;
    if (shared < Math.max(listed.grams, wordGrams.length) - (word.cjk ? 1 : 4) * edits) continue;
    const similarity = wordSimilarity(word, listed.word);
    if (similarity > 0) near.set(wordId, similarity);
  }
  if (index.nearCache.size >= nearCacheSize) index.nearCache.clear();
  index.nearCache.set(key, near);
  return near;
};

/**
 * The score of two names: both sides' matched weight over their whole weight. Two distinctive words are alike
 * as nearWords found them; a word of kind is compared with each word of the other name (`memo` keeps the
 * comparisons of one screening, whose candidates share many words).
 */
const nameScore = (
  query: readonly { readonly word: Word; readonly near?: ReadonlyMap<number, number> }[],
  queryWeight: number,
  listed: IndexedName,
  memo: Map<string, number>,
): number => {
  const similarity = (a: Word, b: Word) => {
    const key = `${a.cjk ? 'c' : 'l'}${a.text}\u0000${b.text}`;
    let value = memo.get(key);
    if (value === undefined) {
      value = wordSimilarity(a, b);
      memo.set(key, value);
    }
    return value;
  };
  let matched = 0;
  const listedBest = new Float64Array(listed.words.length);
  for (const { word, near } of query) {
    let best = 0;
    listed.words.forEach((other, position) => {
      const wordId = listed.wordIds[position]!;
      const value = near && wordId >= 0 ? (near.get(wordId) ?? 0) : similarity(word, other);
      if (value > best) best = value;
      if (value > listedBest[position]!) listedBest[position] = value;
    });
    matched += word.weight * best;
  }
  listed.words.forEach((other, position) => {
    matched += other.weight * listedBest[position]!;
  });
  return matched / (queryWeight + listed.weight);
};

const kindOrder: Record<MatchKind, number> = { exact: 0, alias: 1, similar: 2 };

const screenOne = <Entry extends ScreenedEntry>(
  index: ScreeningIndex<Entry>,
  institution: string,
): InstitutionScreening<Entry> => {
  const tokens = nameTokens(institution);
  const normalised = tokens.map((token) => token.text).join(' ');
  const best = new Map<number, { name: number; kind: MatchKind; score: number }>();
  const offer = (name: number, kind: MatchKind, score: number) => {
    const entry = index.names[name]!.entry;
    const current = best.get(entry);
    if (
      current === undefined ||
      kindOrder[kind] < kindOrder[current.kind] ||
      (kind === current.kind && score > current.score)
    ) {
      best.set(entry, { name, kind, score });
    }
  };

  for (const name of index.exact.get(normalised) ?? []) {
    offer(name, index.names[name]!.primary ? 'exact' : 'alias', 1);
  }

  const words = scoringWords(tokens).map((word) =>
    word.generic ? { word } : { word, near: nearWords(index, word) },
  );
  const weight = totalWeight(words.map(({ word }) => word));
  // Candidates: the names holding a listed word near one of the institution's distinctive words. A common
  // listed word (a field such as "aerospace", held by hundreds of names) brings its names only when none of the
  // institution's distinctive words is rarer: a name sharing only that word with it scores far below the
  // threshold when the institution has another distinctive word the name lacks.
  const rare = new Set<number>();
  const common = new Set<number>();
  let onlyCommon = true;
  for (const { near } of words) {
    if (near === undefined) continue;
    let rareWord = near.size === 0;
    for (const wordId of near.keys()) {
      const holders = index.words[wordId]!.names;
      const into = holders.length > index.commonLimit ? common : rare;
      if (into === rare) rareWord = true;
      for (const name of holders) into.add(name);
    }
    if (rareWord) onlyCommon = false;
  }
  const memo = new Map<string, number>();
  for (const name of onlyCommon ? new Set([...rare, ...common]) : rare) {
    const score = nameScore(words, weight, index.names[name]!, memo);
    if (score >= similarMatchThreshold) offer(name, 'similar', Math.min(score, 1));
  }

  const matches = [...best.entries()]
    .map(([entry, match]) => ({
      entry: index.entries[entry]!,
      matchedName: index.names[match.name]!.name,
      kind: match.kind,
      score: match.score,
    }))
    .sort((a, b) => kindOrder[a.kind] - kindOrder[b.kind] || b.score - a.score || a.entry.id - b.entry.id);
  return { institution, matches };
};

/**
 * Each institution of an application with the users-list entries whose name or other name matches it, best
 * first. Takes the list's index (`screeningIndex`, built once per list) or the list itself (indexed for this
 * call only).
 */
export function screen<Entry extends ScreenedEntry>(
  institutions: readonly string[],
  list: ScreeningIndex<Entry> | readonly Entry[],
): InstitutionScreening<Entry>[] {
  const index = 'exact' in list ? list : screeningIndex(list);
  return institutions.map((institution) => screenOne(index, institution));
}
