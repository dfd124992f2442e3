import { heading, LoadingIndicator } from '@pre-admission/ui';

/**
 * What a page shows while its screen's chunk loads: the page's heading, so the page always has its
 * `<h1>` (a screen reader lands on it; axe's page-has-heading-one), and the loading indicator below.
 */
export function PendingPage({ title }: { title: string }) {
  return (
    <>
      <h1 className={heading}>{title}</h1>
      <LoadingIndicator />
    </>
  );
}
