import type { ComponentProps } from 'react';
import type { Locale } from '@pre-admission/i18n';
import { Link } from '../Link';
import { browsers } from './browsers';

export interface BrowserListProps extends Omit<ComponentProps<'ul'>, 'children'> {
  /** The language of the download pages linked to. */
  locale: Locale;
}

/**
 * The recommended browsers as links to their download pages: on the unsupported-browser page and in the
 * sign-in page's dialog. Product names, the same in both languages, so not in the catalogues.
 */
export function BrowserList({ locale, ...list }: BrowserListProps) {
  return (
    <ul {...list}>
      {browsers.map(({ name, href }) => (
        <li key={name}>
          <Link href={href[locale]} external>
            {name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
