import { matchRoute, routeTable } from '@pre-admission/account/routes';
import type { Api } from '@pre-admission/api';
import { accountScreens, screen, titleIdOf } from './routeTable';

/**
 * /applications (docs/behaviour.md#planner): the application plan, its own chunk, loaded on this route, or
 * ahead of it once signed in (a link to it in view, a sign-in sent; never at idle on a signed-out page). The
 * build prerenders its loading state, which the server sends to a
 * visitor with a session cookie (routeTable's `prerender: 'signedIn'`). It lives in the app's chunk, not in
 * the route table's (which src/main.tsx loads beside the app): the build then knows the app is there whenever
 * the planner loads, and does not split what both use into chunks of their own (tests/budget).
 */
export const applications = {
  ...routeTable.applications,
  name: 'applications',
  titleId: titleIdOf('applications'),
  ...screen<{ api: Api }>(async () => (await import('../applications/Applications')).default),
} as const;

/**
 * One task of the planner, /applications/kind … /applications/summary (docs/behaviour.md#planner, Task
 * addresses): the same screen as the task list, which reads the task from the address. Its title is the
 * planner's (the tab says which page; the heading says which task).
 */
export const applicationsTask = {
  ...routeTable.applicationsTask,
  name: 'applicationsTask',
  titleId: titleIdOf('applications'),
  Screen: applications.Screen,
  load: applications.load,
} as const;

/**
 * One page of an application, /applications/{applicationId}/{page} (docs/behaviour.md#routes, Applications):
 * the same screen and chunk as the planner, which reads the application and its page from the address. Its
 * title is the application's while the page loads, then the page's heading (AppRoutes.tsx ApplicationsPage).
 */
export const applicationPage = {
  ...routeTable.applicationPage,
  name: 'applicationPage',
  titleId: 'app.title.application',
  Screen: applications.Screen,
  load: applications.load,
} as const;

/** Fetches the screen of a path's page (once), so that hydrating its prerendered HTML never suspends. */
export function loadScreenFor(pathname: string): Promise<unknown> | undefined {
  const match = matchRoute(pathname);
  if (!match) return undefined;
  return match.name === 'applications' ||
    match.name === 'applicationsTask' ||
    match.name === 'applicationPage'
    ? applications.load()
    : accountScreens[match.name].load();
}
