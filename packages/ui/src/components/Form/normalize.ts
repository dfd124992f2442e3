/**
 * docs/behaviour.md#validation: on blur, full-width characters become half-width (Unicode NFKC: "ＡＢＣ１２３" → "ABC123",
 * the ideographic space U+3000 → " ") and the text is trimmed. Half-width katakana become full-width, which
 * is what a Japanese reader expects. Email and password fields never go through this.
 */
export function normalizeText(value: string): string {
  return value.normalize('NFKC').trim();
}

/**
 * Enter pressed to confirm an input-method candidate must never submit the form. Chrome and Firefox set
 * `isComposing`; Safari fires the keydown after `compositionend`, recognisable only by keyCode 229.
 */
export function isComposingEnter(event: { key: string; keyCode?: number; isComposing?: boolean }): boolean {
  return event.key === 'Enter' && (event.isComposing === true || event.keyCode === 229);
}
