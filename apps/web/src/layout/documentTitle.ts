import type { IntlShape } from 'react-intl';

/** A page's document title: its name, then the site's (also written into the prerendered pages). */
export function documentTitle(intl: IntlShape, page: string): string {
  return intl.formatMessage({ id: 'app.documentTitle' }, { page });
}
