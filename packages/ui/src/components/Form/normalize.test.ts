import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isComposingEnter, normalizeText } from './normalize';

describe('normalizeText', () => {
  it('turns full-width letters, digits and spaces into half-width and trims', () => {
    expect(normalizeText('　ＡＢＣ　１２３ ')).toBe('ABC 123');
    expect(normalizeText('ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ')).toBe('taro@example.jp');
  });

  it('keeps Japanese text and makes half-width katakana full-width', () => {
    expect(normalizeText('東京大学 ﾀﾞｲｶﾞｸ')).toBe('東京大学 ダイガク');
  });

  it('is idempotent', () => {
    fc.assert(fc.property(fc.string(), (s) => normalizeText(normalizeText(s)) === normalizeText(s)));
  });

  it('never leaves leading or trailing white space', () => {
    fc.assert(fc.property(fc.string(), (s) => normalizeText(s) === normalizeText(s).trim()));
  });
});

describe('isComposingEnter', () => {
  it('recognises Enter while an input method is composing', () => {
    expect(isComposingEnter({ key: 'Enter', isComposing: true, keyCode: 13 })).toBe(true);
    expect(isComposingEnter({ key: 'Enter', isComposing: false, keyCode: 229 })).toBe(true);
  });

  it('lets a plain Enter and other keys through', () => {
    expect(isComposingEnter({ key: 'Enter', isComposing: false, keyCode: 13 })).toBe(false);
    expect(isComposingEnter({ key: 'a', isComposing: true, keyCode: 229 })).toBe(false);
  });
});
