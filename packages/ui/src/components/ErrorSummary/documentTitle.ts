/**
 * Adds the error prefix to a document title once: a second failed submit must not give
 * "Error: Error: Sign in".
 */
export function prefixTitle(title: string, prefix: (title: string) => string): string {
  return title.startsWith(prefix('')) ? title : prefix(title);
}
