// react-aria exposes its live announcer only under this subpath (Storybook's preview uses it too).
import { destroyAnnouncer } from 'react-aria/private/live-announcer/LiveAnnouncer';

/**
 * Drops every pending screen-reader announcement. For a screen that replaces the whole page (the failure
 * screens): a pending Button announces "busy" by pointing react-aria's assertive log at an element of the
 * page it replaced, which would leave an empty, unnamed image in the log (axe: role-img-alt).
 */
export function clearAnnouncements(): void {
  destroyAnnouncer();
}
