/**
 * The console's base path, from `<base href>` in index.html (the server writes `BASE_PATH/desk/` there):
 * the router and the links follow it. Always ends with a slash.
 */
export function basePath(): string {
  const path = new URL(document.baseURI).pathname;
  return path.endsWith('/') ? path : `${path}/`;
}

/** Where the staff API lives: the site's base path, without the console's `desk/`. */
export function apiBaseUrl(consoleBase: string): string {
  return consoleBase.replace(/\/?desk\/?$/, '');
}
