/**
 * Token pages carry the token in their URL: no request from them may send it on as a Referer. React 19
 * hoists this <meta> into <head> while the page is shown; the server sends `Referrer-Policy: no-referrer`
 * for the same paths, which also covers the first load.
 */
export function NoReferrer() {
  return <meta name="referrer" content="no-referrer" />;
}
