import { useIntl } from 'react-intl';
import { Banner } from '@pre-admission/ui';
import { isMaintenanceNoticeVisible, useAccount } from '../../AccountContext';

/** docs/behaviour.md#product: the window is announced in Japan time, whatever the reader's own time zone. */
const japanTime = { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Tokyo' } as const;

/**
 * docs/behaviour.md#product: the maintenance stop, on the sign-in and registration pages, until its end time passes. Part of
 * the page from the start, so it is read in order rather than announced.
 */
export function MaintenanceNotice() {
  const intl = useIntl();
  const { maintenance, now = () => new Date() } = useAccount();
  if (!maintenance || !isMaintenanceNoticeVisible(now(), maintenance)) return null;
  const body = intl.formatMessage(
    { id: 'account.maintenance.body' },
    {
      start: intl.formatDate(maintenance.start, japanTime),
      end: intl.formatDate(maintenance.end, japanTime),
    },
  );
  // The desk's note is written per stop in both languages (the server's MAINTENANCE_FILE), not in the catalogues.
  const note = maintenance.text?.[intl.locale.startsWith('ja') ? 'ja' : 'en'];
  return (
    <Banner tone="warning" title={intl.formatMessage({ id: 'account.maintenance.title' })}>
      {note ? (
        <>
          <p>{body}</p>
          <p>{note}</p>
        </>
      ) : (
        body
      )}
    </Banner>
  );
}
