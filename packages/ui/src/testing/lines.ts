/**
 * The text of an element as it is laid out, one string per line: where the browser broke the lines. For play
 * functions that check a name or a phrase is never broken inside (docs/glossary.md, Japanese line breaks).
 */
export function linesOf(element: Element): string[] {
  const lines: string[] = [];
  let top: number | undefined;
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    for (let i = 0; i < node.length; i += 1) {
      const range = element.ownerDocument.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getClientRects()[0];
      if (!rect || rect.width === 0) continue;
      // A character more than half a line below the last one starts a new line.
      if (top === undefined || rect.top - top > rect.height / 2) lines.push('');
      top = rect.top;
      lines.push((lines.pop() ?? '') + node.data.charAt(i));
    }
  }
  return lines.map((line) => line.trim());
}

/**
 * Whether every line break of `lines` falls between two of `words` (the text without spaces): a name laid
 * out as `lines` was never broken inside one of its words.
 */
export function breaksBetween(lines: readonly string[], words: readonly string[]): boolean {
  const ends = (parts: readonly string[]) => {
    let at = 0;
    return parts.map((part) => (at += part.replaceAll(' ', '').length));
  };
  const wordEnds = new Set(ends(words));
  return ends(lines).every((end) => wordEnds.has(end));
}
