import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@pre-admission/i18n';
import { Link } from '@pre-admission/ui';
import * as screenText from '../ScreenText/ScreenText.css';

export interface CompletionNoticeProps {
  title: MessageId;
  /** The paragraphs, in order. */
  body: readonly MessageId[];
  /** Where the applicant goes next, and the link's text. */
  next: { href: string; label: MessageId };
  /** What comes between the paragraphs and the link onwards: "send the email again" on the "mail sent" pages. */
  children?: ReactNode;
}

/** The shape of every "done" and "mail sent" screen of docs/behaviour.md#routes: a heading, what happened, where to go next. */
export function CompletionNotice({ title, body, next, children }: CompletionNoticeProps) {
  const intl = useIntl();
  return (
    <section className={screenText.stack} aria-labelledby="completion-title">
      <h1 id="completion-title" className={screenText.title}>
        {intl.formatMessage({ id: title })}
      </h1>
      {body.map((id) => (
        <p key={id} className={screenText.text}>
          {intl.formatMessage({ id })}
        </p>
      ))}
      {children}
      <p className={screenText.text}>
        <Link href={next.href}>{intl.formatMessage({ id: next.label })}</Link>
      </p>
    </section>
  );
}
