import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { AlertDialog, visuallyHidden } from '@pre-admission/ui';
import { announcementFor, secondsLeft } from './announcement';

export interface SessionTimeoutDialogProps {
  isOpen: boolean;
  /** When the session ends, in ms since the epoch by this browser's clock (the server's time left, counted from its answer). */
  endsAt: number;
  /** False when the session reaches its absolute lifetime: "Stay signed in" could not extend it. */
  extendable: boolean;
  onStaySignedIn: () => void;
  onSignOut: () => void;
  /** The clock; defaults to `Date.now`. Stories pin it or run it fast. */
  now?: () => number;
  /** How often the countdown reads the clock (ms). */
  tickMs?: number;
}

/**
 * The session-timeout warning (docs/behaviour.md#session): an alert dialog that says what will happen and
 * when, with "Stay signed in" (focused; Escape too) and "Sign out". The visible countdown is hidden from
 * screen readers; a polite live region says the time left in a full sentence, changing at most every 20
 * seconds (announcement.ts).
 */
export function SessionTimeoutDialog({
  isOpen,
  endsAt,
  extendable,
  onStaySignedIn,
  onSignOut,
  now = Date.now,
  tickMs = 1000,
}: SessionTimeoutDialogProps) {
  const intl = useIntl();
  const at = intl.formatTime(endsAt, { hour: 'numeric', minute: '2-digit' });
  return (
    <AlertDialog
      title={intl.formatMessage({ id: 'account.sessionTimeout.title' })}
      isOpen={isOpen}
      okLabel={intl.formatMessage({
        id: extendable ? 'account.sessionTimeout.stay' : 'account.sessionTimeout.signOut',
      })}
      onOk={extendable ? onStaySignedIn : onSignOut}
      secondaryAction={
        extendable
          ? { label: intl.formatMessage({ id: 'account.sessionTimeout.signOut' }), onPress: onSignOut }
          : undefined
      }
    >
      <p>
        {intl.formatMessage(
          { id: extendable ? 'account.sessionTimeout.body' : 'account.sessionTimeout.bodyAtLimit' },
          { time: at },
        )}
      </p>
      <TimeLeft endsAt={endsAt} now={now} tickMs={tickMs} />
    </AlertDialog>
  );
}

/**
 * The countdown and its live region. The dialog's content mounts when it opens, so the first render reads
 * the clock then: the dialog itself is mounted for the whole session, and a time read at its mount (a tab
 * woken from sleep opens the warning with 45 s left) made the first render say "1 min 14 s" and the live
 * region "2 minutes", the sentence a screen reader hears first.
 */
function TimeLeft({ endsAt, now, tickMs }: { endsAt: number; now: () => number; tickMs: number }) {
  const intl = useIntl();
  const [time, setTime] = useState(now);
  useEffect(() => {
    const timer = window.setInterval(() => setTime(now()), tickMs);
    return () => window.clearInterval(timer);
  }, [now, tickMs]);
  const left = secondsLeft(endsAt, time);
  const announcement = announcementFor(left);
  return (
    <>
      <p aria-hidden="true">
        {intl.formatMessage(
          { id: 'account.sessionTimeout.countdown' },
          { minutes: Math.floor(left / 60), seconds: String(left % 60).padStart(2, '0') },
        )}
      </p>
      <p role="status" className={visuallyHidden}>
        {announcement &&
          ('minutes' in announcement
            ? intl.formatMessage({ id: 'account.sessionTimeout.announceMinutes' }, announcement)
            : intl.formatMessage({ id: 'account.sessionTimeout.announceSeconds' }, announcement))}
      </p>
    </>
  );
}
