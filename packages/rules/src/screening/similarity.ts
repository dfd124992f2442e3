/**
 * How alike two words are, from 0 to 1. Latin (and other alphabetic) words: Jaro-Winkler (W. E. Winkler, 1990,
 * the US Census Bureau's record linkage measure), made for short names with typos: a transposition or one wrong
 * letter keeps a long word above 0.9, and the shared beginning counts more than the end. Han and kana words: one
 * minus the Levenshtein distance over the longer length, since each character carries a syllable of meaning and
 * two names one character apart (北京理工 and 北京工业) are already different names unless the word is long.
 */

/** Jaro-Winkler similarity of two strings (prefix scale 0.1, up to 4 characters). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const lengthA = a.length;
  const lengthB = b.length;
  if (lengthA === 0 || lengthB === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(lengthA, lengthB) / 2) - 1);
  const matchedA = new Uint8Array(lengthA);
  const matchedB = new Uint8Array(lengthB);
  let matches = 0;
  for (let i = 0; i < lengthA; i += 1) {
    const from = Math.max(0, i - window);
    const to = Math.min(lengthB - 1, i + window);
    const code = a.charCodeAt(i);
    for (let j = from; j <= to; j += 1) {
      if (matchedB[j] === 0 && b.charCodeAt(j) === code) {
        matchedA[i] = 1;
        matchedB[j] = 1;
        matches += 1;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transposed = 0;
  let j = 0;
  for (let i = 0; i < lengthA; i += 1) {
    if (matchedA[i] === 0) continue;
    while (matchedB[j] === 0) j += 1;
    if (a.charCodeAt(i) !== b.charCodeAt(j)) transposed += 1;
    j += 1;
  }
  const jaro = (matches / lengthA + matches / lengthB + (matches - transposed / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < lengthA && prefix < lengthB && a[prefix] === b[prefix]) prefix += 1;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** One minus the Levenshtein distance of two strings (by code point) over the longer one's length. */
export function editSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const left = Array.from(a);
  const right = Array.from(b);
  if (left.length === 0 || right.length === 0) return 0;
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= right.length; j += 1) {
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return 1 - previous[right.length]! / Math.max(left.length, right.length);
}
