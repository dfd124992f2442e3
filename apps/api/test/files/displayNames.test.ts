// Issue 38: the name an upload is shown and downloaded under (receive.ts sanitiseDisplayName). It comes from
// the browser, so from anyone: these are the names an attacker sends, and what must come out.
import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX, sanitiseDisplayName } from '../../src/application/files/receive.ts';

describe('a display name', () => {
  it.each([
    ['a path up and out', '../../etc/passwd', 'application/pdf', 'passwd.pdf'],
    ['a Windows path', 'C:\\Users\\me\\Desktop\\成績証明書.pdf', 'application/pdf', '成績証明書.pdf'],
    ['a NUL to cut the name short', 'cv.pdf\u0000.html', 'application/pdf', 'cv.pdf.html.pdf'],
    ['control characters and a newline', 'a\u0001b\u007f\u0085c\r\nd.png', 'image/png', 'abcd.png'],
    ['a right-to-left override hiding .exe', 'invoice\u202Egnp.exe', 'image/png', 'invoicegnp.exe.png'],
    ['bidi isolates and marks', '\u2066a\u2069\u200Eb\u200F\u061C.gif', 'image/gif', 'ab.gif'],
    ['a hidden file', '.htaccess', 'application/pdf', 'htaccess.pdf'],
    ['only dots', '..', 'application/pdf', 'document.pdf'],
    ['only an extension (its leading dot goes)', '.jpg', 'image/jpeg', 'jpg.jpg'],
    ['nothing at all', undefined, 'image/jpeg', 'image.jpg'],
    ['only controls', '\u0000\u202E', 'application/pdf', 'document.pdf'],
    ['a lone surrogate', 'a\uD800b.pdf', 'application/pdf', 'ab.pdf'],
    ['the right extension in capitals', 'SCAN.JPEG', 'image/jpeg', 'SCAN.JPEG'],
    ['another image extension', 'photo.png', 'image/jpeg', 'photo.png.jpg'],
    ['an HTML page extension on a JPEG', 'x.html', 'image/jpeg', 'x.html.jpg'],
    ['runs of spaces and tabs', '  my\t\t  cv  .pdf  ', 'application/pdf', 'my cv.pdf'],
  ] as const)('%s', (_attack, declared, type, shown) => {
    expect(sanitiseDisplayName(declared, type)).toBe(shown);
  });

  it('is NFC: a decomposed name (as macOS sends it) is composed', () => {
    const decomposed = 'カ\u3099ク.pdf'; // ガク with a combining voiced mark
    expect(sanitiseDisplayName(decomposed, 'application/pdf')).toBe('ガク.pdf');
  });

  it(`is at most ${DISPLAY_NAME_MAX} characters and keeps its extension`, () => {
    const shown = sanitiseDisplayName(`${'長'.repeat(500)}.pdf`, 'application/pdf');
    expect([...shown].length).toBe(DISPLAY_NAME_MAX);
    expect(shown.endsWith('長.pdf')).toBe(true);
  });

  it('is cut between characters, never inside an emoji or a surrogate pair', () => {
    const shown = sanitiseDisplayName(`${'a'.repeat(114)}👩‍👩‍👧.pdf`, 'application/pdf');
    expect(shown).toBe(`${'a'.repeat(114)}.pdf`);
    expect(sanitiseDisplayName(`${'a'.repeat(116)}😀.pdf`, 'application/pdf')).toBe(`${'a'.repeat(116)}.pdf`);
    expect(sanitiseDisplayName(`${'a'.repeat(115)}😀.pdf`, 'application/pdf')).toBe(
      `${'a'.repeat(115)}😀.pdf`,
    );
  });

  it('of a huge name costs no more than a short one', () => {
    const started = performance.now();
    sanitiseDisplayName(`${'x'.repeat(1_000_000)}.pdf`, 'application/pdf');
    expect(performance.now() - started).toBeLessThan(100);
  });
});
