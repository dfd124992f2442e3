import { heading, LoadingIndicator } from '@pre-admission/ui';

/**
 * What a page shows while its screen's chunk loads: a heading, so the page always has its `<h1>` (a screen
 * reader lands on it; axe's page-has-heading-one), and the loading indicator below. The heading says what
 * is happening, never an outcome not reached yet: a token page's is its pending state's (routeTable.ts
 * `pendingTitleId`), not its title.
 */
export function PendingPage({ title }: { title: string }) {
  return (
    <>
      <h1 className={heading}>{title}</h1>
      <LoadingIndicator />
    </>
  );
}
