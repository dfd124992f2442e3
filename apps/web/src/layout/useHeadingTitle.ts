import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { documentTitle } from './documentTitle';

/**
 * Keeps the document title on the page's main heading, for a screen whose heading says how something
 * ended (the email change activation: changing, changed, could not be changed), so the tab never names
 * an outcome the page does not show.
 */
export function useHeadingTitle(enabled: boolean): void {
  const intl = useIntl();
  useEffect(() => {
    if (!enabled) return;
    const main = document.querySelector('main');
    if (!main) return;
    // Written when the heading changes only: between changes the title is the page's to change, as the error
    // summary does when it prefixes it (a mutation elsewhere in the page must not take that prefix away).
    let written: string | undefined;
    const follow = () => {
      const text = main.querySelector('h1')?.textContent?.trim();
      if (!text || text === written) return;
      written = text;
      document.title = documentTitle(intl, text);
    };
    follow();
    const observer = new MutationObserver(follow);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [enabled, intl]);
}
