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
 *   (similarity.ts: Jaro-Winkler for alphabetic words, an edit similarity for Han and kana), counted only at
 *   0.88 or more (alphabetic) or above 0.8 (Han and kana: one character in six may differ, since 哈尔滨工业 and
 *   哈尔滨工程, one character apart in five, are two universities), and weighted: words of kind (university, institute,
 *   technology, 大学…) weigh 0.4, the others 1. The score is the matched weight of both names over their whole
 *   weight. A `similar` match needs at least one distinctive word in common (up to a typo) and a score of 0.8:
 *   "Harbin Insitute of Technology" (a typo) scores 0.98, while "Beijing Institute of Technology" against
 *   "Harbin Institute of Technology" shares only words of kind and is not a candidate at all.
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
import { editSimilarity, jaroWinkler } from './similarity.ts';

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
const latinWordThreshold = 0.88;
const cjkWordThreshold = 0.81;
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
  readonly weight: number;
}

export interface ScreeningIndex<Entry extends ScreenedEntry = UsersList> {
  readonly entries: readonly Entry[];
  readonly names: readonly IndexedName[];
  /** Normalised name → the names that normalise to it. */
  readonly exact: ReadonlyMap<string, readonly number[]>;
  /** Listed distinctive words, each with the names holding it. */
  readonly words: readonly { readonly word: Word; readonly names: readonly number[] }[];
  /** Trigram (alphabetic words) or character (Han and kana) → the listed distinctive words holding it. */
  readonly grams: ReadonlyMap<string, readonly number[]>;
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
  const similarity = a.cjk ? editSimilarity(a.text, b.text) : jaroWinkler(a.text, b.text);
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
  const words: { word: Word; names: number[] }[] = [];
  const grams = new Map<string, number[]>();

  const add = (entry: number, name: string, primary: boolean) => {
    const tokens = nameTokens(name);
    const normalised = tokens.map((token) => token.text).join(' ');
    if (!normalised) return;
    const id = names.length;
    const nameWords = scoringWords(tokens);
    names.push({ entry, name, primary, words: nameWords, weight: totalWeight(nameWords) });
    exact.set(normalised, [...(exact.get(normalised) ?? []), id]);
    for (const word of nameWords) {
      if (word.generic) continue;
      const key = `${word.cjk ? 'c' : 'l'}${word.text}`;
      let wordId = wordIds.get(key);
      if (wordId === undefined) {
        wordId = words.length;
        wordIds.set(key, wordId);
        words.push({ word, names: [] });
        for (const gram of gramsOf(word)) {
          const holders = grams.get(gram);
          if (holders) holders.push(wordId);
          else grams.set(gram, [wordId]);
        }
      }
      const holders = words[wordId]!.names;
      if (holders.at(-1) !== id) holders.push(id);
    }
  };

  entries.forEach((entry, index) => {
    add(index, entry.name, true);
    for (const other of entry.anotherNames) add(index, other.anotherName, false);
  });
  return { entries, names, exact, words, grams };
}

/** The listed distinctive words within a typo of `word`, with their similarity. */
const nearWords = (index: ScreeningIndex<ScreenedEntry>, word: Word): Map<number, number> => {
  const shared = new Map<number, number>();
  for (const gram of gramsOf(word)) {
    for (const wordId of index.grams.get(gram) ?? []) shared.set(wordId, (shared.get(wordId) ?? 0) + 1);
  }
  const near = new Map<number, number>();
  const length = word.text.length;
  for (const [wordId, count] of shared) {
    const listed = index.words[wordId]!.word;
    // Jaro-Winkler at 0.88 or more needs lengths within about a third of each other; an edit similarity of
    // 0.75, within a quarter. Skipping the others saves most comparisons of common trigrams ("ing", "  s").
    if (Math.abs(listed.text.length - length) > Math.max(listed.text.length, length) / 3) continue;
    if (!listed.cjk && count < 2 && length > 3) continue;
    const similarity = wordSimilarity(word, listed);
    if (similarity > 0) near.set(wordId, similarity);
  }
  return near;
};

/** The score of two names (both sides' matched weight over their whole weight). */
const nameScore = (query: readonly Word[], queryWeight: number, listed: IndexedName): number => {
  const best = (word: Word, others: readonly Word[]) =>
    others.reduce((top, other) => Math.max(top, wordSimilarity(word, other)), 0);
  let matched = 0;
  for (const word of query) matched += word.weight * best(word, listed.words);
  for (const word of listed.words) matched += word.weight * best(word, query);
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

  const words = scoringWords(tokens);
  const weight = totalWeight(words);
  const candidates = new Set<number>();
  for (const word of words) {
    if (word.generic) continue;
    for (const wordId of nearWords(index, word).keys()) {
      for (const name of index.words[wordId]!.names) candidates.add(name);
    }
  }
  for (const name of candidates) {
    const score = nameScore(words, weight, index.names[name]!);
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
