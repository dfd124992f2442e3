import { useMessageParts } from '@pre-admission/i18n';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { PasswordResetAccepted } from '@pre-admission/api';
import { Button, visuallyHidden } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import type { Presentation } from '../../failures/catalogue';
import { useFailures } from '../../failures/useFailures';
import * as screenText from '../ScreenText/ScreenText.css';
import { formatWait, secondsUntil } from './countdown';
import { alreadySentMessage, rememberSentMail, useSentMail, type MailKind } from './sentMail';
import * as styles from './MailResend.css';

/** A mail request's 202; only a reset request's may carry `sentAt` (docs/security.md#already-sent). */
type Requested<Failure extends string> =
  | { ok: true; data: PasswordResetAccepted }
  | { ok: false; failure: Failure; error: unknown; retryAfter?: number };

export interface MailResendProps<Failure extends string> {
  kind: MailKind;
  /** For the log: 'registration resend' and so on. */
  context: string;
  /** The same request the form made, sent again to the same address. */
  request: (body: { email: string }) => Promise<Requested<Failure>>;
  catalogue: Readonly<Record<Failure, Presentation>>;
}

type Message = { readonly tone: 'success' | 'error'; readonly text: string };

/**
 * "Send the email again" on a "mail sent" page (docs/behaviour.md#link-states, send again): what to check,
 * the address the mail went to, a button that sends it again, and a countdown to the instant the server
 * named (`nextSendAllowedAt`, or Retry-After after a 429), kept in sessionStorage so a reload keeps both.
 *
 * The visible countdown is not a live region (it changes every second). A polite live region says when the
 * wait starts on arriving at the page and when sending is possible again: two sentences per wait, never one
 * a second. After a press, focus moves to the message that says what happened (sent again, or refused and
 * how long to wait), since the button it was on is then disabled.
 */
export function MailResend<Failure extends string>({
  kind,
  context,
  request,
  catalogue,
}: MailResendProps<Failure>) {
  useMessageParts('mail');
  const intl = useIntl();
  const { now: clock = () => new Date(), reportError } = useAccount();
  const failures = useFailures(context);
  const sent = useSentMail(kind);
  // Bumped once a second while a wait runs, to render again; the seconds left are read from the clock.
  const [, setTicks] = useState(0);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<Message>();
  const [announcement, setAnnouncement] = useState('');
  const messageRef = useRef<HTMLParagraphElement>(null);
  const focusMessage = useRef(false);
  const arrived = useRef(false);

  const left = sent ? secondsUntil(sent.nextSendAllowedAt, clock()) : 0;
  const coolingDown = left > 0;

  // What the timers do when they fire, with the clock and the language of the latest render: while a
  // prerendered page hydrates, the clock is the page's render time (apps/web's useAccountContext), and a
  // timer that kept that clock would count down from the build's time forever.
  const announceWait = useEffectEvent((until: Date) => {
    const wait = formatWait(intl, Math.max(1, secondsUntil(until, clock())));
    setAnnouncement(intl.formatMessage({ id: 'account.mailResend.announceWait' }, { wait }));
  });
  const tick = useEffectEvent((until: Date) => {
    setTicks((ticks) => ticks + 1);
    if (secondsUntil(until, clock()) === 0)
      setAnnouncement(intl.formatMessage({ id: 'account.mailResend.announceReady' }));
  });

  // One tick a second while a wait runs; the seconds left are always computed from the stored instant.
  // The live region speaks from here: the wait on arriving at the page, and once the wait is over.
  useEffect(() => {
    if (!sent?.email) return;
    const arriving = !arrived.current;
    arrived.current = true;
    if (!coolingDown) return;
    const until = sent.nextSendAllowedAt;
    let startAnnounced = !arriving;
    // A moment after arriving, so the region is in the page before its text changes (else nothing is said).
    const start = arriving
      ? setTimeout(() => {
          startAnnounced = true;
          announceWait(until);
        }, 100)
      : undefined;
    const timer = setInterval(() => tick(until), 1000);
    return () => {
      clearInterval(timer);
      clearTimeout(start);
      // Unmounted before the start was said (StrictMode's second run, say): the next run says it.
      if (!startAnnounced) arrived.current = false;
    };
  }, [sent, coolingDown]);

  useEffect(() => {
    if (message && focusMessage.current) {
      focusMessage.current = false;
      messageRef.current?.focus();
    }
  }, [message]);

  async function resend() {
    if (!sent?.email || coolingDown || pending) return;
    const { email } = sent;
    setPending(true);
    setMessage(undefined);
    try {
      const outcome = await request({ email });
      focusMessage.current = true;
      if (outcome.ok) {
        const { nextSendAllowedAt, sentAt } = outcome.data;
        rememberSentMail(kind, { email, nextSendAllowedAt });
        setMessage({
          tone: 'success',
          // A 202 with `sentAt` sent nothing: a reset link went to the address moments ago, whoever asked.
          text: sentAt
            ? alreadySentMessage(intl, sentAt, nextSendAllowedAt)
            : intl.formatMessage({ id: 'account.mailResend.sent' }, { email }),
        });
        return;
      }
      const presentation = catalogue[outcome.failure];
      if (presentation.kind === 'rateLimited') {
        const wait = outcome.retryAfter;
        if (wait !== undefined) {
          rememberSentMail(kind, {
            email,
            nextSendAllowedAt: new Date(clock().getTime() + wait * 1000),
          });
        }
        setMessage({
          tone: 'error',
          text:
            wait === undefined
              ? intl.formatMessage({ id: 'account.mailResend.refusedNoWait' })
              : intl.formatMessage({ id: 'account.mailResend.refused' }, { wait: formatWait(intl, wait) }),
        });
      } else if (presentation.kind === 'field') {
        setMessage({ tone: 'error', text: intl.formatMessage({ id: presentation.message }) });
      } else {
        focusMessage.current = false;
        failures.present(presentation, outcome);
      }
    } catch (error) {
      // Not a mapped failure (docs/behaviour.md#error-catalogue: other errors go on to the app).
      reportError(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <section className={screenText.stack} aria-labelledby={`mail-resend-${kind}`}>
      <h2 id={`mail-resend-${kind}`} className={styles.title}>
        {intl.formatMessage({ id: 'account.mailResend.title' })}
      </h2>
      <ul className={styles.hints}>
        <li>{intl.formatMessage({ id: 'account.common.mailNotArriving' })}</li>
        <li>{intl.formatMessage({ id: 'account.mailResend.sender' })}</li>
        {sent?.email && (
          <li>{intl.formatMessage({ id: 'account.mailResend.address' }, { email: sent.email })}</li>
        )}
      </ul>
      {sent?.email && (
        <>
          {message && (
            <p
              ref={messageRef}
              tabIndex={-1}
              className={styles.message[message.tone]}
              data-testid="mail-resend-message"
            >
              {message.text}
            </p>
          )}
          {coolingDown && (
            <p className={screenText.text} data-testid="mail-resend-countdown">
              {intl.formatMessage({ id: 'account.mailResend.countdown' }, { wait: formatWait(intl, left) })}
            </p>
          )}
          <div>
            <Button
              variant="secondary"
              isDisabled={coolingDown}
              isPending={pending}
              onPress={() => void resend()}
            >
              {intl.formatMessage({ id: 'account.mailResend.button' })}
            </Button>
          </div>
        </>
      )}
      <p role="status" className={visuallyHidden} data-testid="mail-resend-announcement">
        {announcement}
      </p>
    </section>
  );
}
