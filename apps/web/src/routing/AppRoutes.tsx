import { isApplicationId, routes } from '@pre-admission/account/routes';
import type { Api } from '@pre-admission/api';
import { NotFound } from '@pre-admission/ui';
import type { ReactNode } from 'react';
import { Route, Routes, useLocation, useParams } from 'react-router-dom';
import { Page } from '../layout/Page';
import { useSession } from '../session/SessionProvider';
import { applicationPage, applications, applicationsTask } from './applicationsRoute';
import { appRoutes, type AppRoute } from './routeTable';

/** The routes of @pre-admission/account/routes, each with its screen (routeTable.ts), and the not-found page. */
export function AppRoutes({ api, onLogOut }: { api: Api; onLogOut: () => void }) {
  const location = useLocation();
  const session = useSession();
  const notFound = (
    <Page titleId="app.title.notFound" path={location.pathname} onLogOut={onLogOut}>
      {/* Signed out, the way back is the top page (issue 39 item 8: the not-found page now shows to them). */}
      {session.state.status === 'signedIn' ? (
        <NotFound homeHref={routes.applications} />
      ) : (
        <NotFound homeHref={routes.signIn} home="top" />
      )}
    </Page>
  );
  // React Router reads any number of trailing slashes as one; the route table tolerates one only, and the
  // server answers `/privacy//` with 404 (issue 27 defect 6): an empty segment is no route here either.
  if (location.pathname.includes('//')) return notFound;
  return (
    <Routes>
      {appRoutes.map((route) => (
        <Route
          key={route.name}
          path={route.path}
          element={<RoutePage route={route} path={location.pathname} onLogOut={onLogOut} />}
        />
      ))}
      {/* The task list and each task, an application and its pages: one element, so that moving between them
          (a link, Back, Forward) keeps the screen mounted, with what was read and what was typed. */}
      {[applications, applicationsTask, applicationPage].map((route) => (
        <Route
          key={route.name}
          path={route.path}
          element={
            // While the session loads, /applications is the page the server prerendered for a visitor with a
            // session cookie (SessionGate): the planner reads the plan alongside the session check, and a 404
            // signs out as the session check's answer would.
            <ApplicationsPage titleId={route.titleId} path={location.pathname} onLogOut={onLogOut}>
              {session.state.status !== 'signedOut' && <applications.Screen api={api} />}
            </ApplicationsPage>
          }
        />
      ))}
      <Route path="*" element={notFound} />
    </Routes>
  );
}

function RoutePage({ route, path, onLogOut }: { route: AppRoute; path: string; onLogOut: () => void }) {
  const { token } = useParams();
  const { Screen } = route;
  return (
    <Page
      titleId={route.titleId}
      pendingTitleId={route.pendingTitleId}
      titleFromHeading={route.titleFromHeading}
      path={path}
      onLogOut={onLogOut}
    >
      <Screen token={token} />
    </Page>
  );
}

/**
 * The page of the plan and of an application (one component for all three routes, so that moving between
 * them keeps the screen mounted). The plan's tasks keep the plan's one name (docs/behaviour.md#planner, The
 * page's name); an application's pages each take their tab title from their heading (its task list, each
 * section, Check your answers, the receipt), as the route table's `titleFromHeading` pages do.
 */
function ApplicationsPage({
  titleId,
  path,
  onLogOut,
  children,
}: {
  titleId: AppRoute['titleId'];
  path: string;
  onLogOut: () => void;
  children: ReactNode;
}) {
  const { task, applicationId } = useParams();
  const application = applicationId !== undefined || (task !== undefined && isApplicationId(task));
  return (
    <Page
      titleId={application ? 'app.title.application' : titleId}
      titleFromHeading={application}
      path={path}
      onLogOut={onLogOut}
      reportsReady
    >
      {children}
    </Page>
  );
}
