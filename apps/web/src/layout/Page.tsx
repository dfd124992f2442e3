import type { MessageId } from '@pre-admission/i18n';
import { Suspense, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ScreenHydrated } from '../prerender/beforeHydration';
import { ScreenReady } from '../startup/pageReady';
import { AppLayout } from './AppLayout';
import { PendingPage } from './PendingPage';
import { SecondFactorNotice } from './SecondFactorNotice';

export interface PageProps {
  /** The page's name in the document title (and its heading while the screen loads). */
  titleId: MessageId;
  /** The heading while the screen loads, when it is not the title (routeTable.ts `pendingTitleId`). */
  pendingTitleId?: MessageId;
  /** The document title follows the screen's heading instead (useHeadingTitle). */
  titleFromHeading?: boolean;
  path: string;
  onLogOut: () => void;
  /** The screen says itself when its content is on screen (usePageReady); else its mount does. */
  reportsReady?: boolean;
  children: ReactNode;
}

/** One page of the site: the layout, the title, and the screen, with the pending page while it loads. */
export function Page({
  titleId,
  pendingTitleId,
  titleFromHeading,
  path,
  onLogOut,
  reportsReady,
  children,
}: PageProps) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: titleId });
  const pendingTitle = pendingTitleId ? intl.formatMessage({ id: pendingTitleId }) : title;
  return (
    <AppLayout path={path} title={title} titleFromHeading={titleFromHeading} onLogOut={onLogOut}>
      <SecondFactorNotice path={path} />
      <Suspense fallback={<PendingPage title={pendingTitle} />}>
        {children}
        <ScreenHydrated />
        {!reportsReady && <ScreenReady />}
      </Suspense>
    </AppLayout>
  );
}
