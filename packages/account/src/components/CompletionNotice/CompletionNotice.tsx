import { useIntl } from 'react-intl';
import type { MessageId } from '@pre-admission/i18n';
import { heading, Link, paragraph } from '@pre-admission/ui';

export interface CompletionNoticeProps {
  title: MessageId;
  /** The paragraphs, in order. */
  body: readonly MessageId[];
  /** Where the applicant goes next, and the link's text. */
  next: { href: string; label: MessageId };
}

/** The shape of every "done" and "mail sent" screen of spec 2: a heading, what happened, where to go next. */
export function CompletionNotice({ title, body, next }: CompletionNoticeProps) {
  const intl = useIntl();
  return (
    <section aria-labelledby="completion-title">
      <h1 id="completion-title" className={heading}>
        {intl.formatMessage({ id: title })}
      </h1>
      {body.map((id) => (
        <p key={id} className={paragraph}>
          {intl.formatMessage({ id })}
        </p>
      ))}
      <p className={paragraph}>
        <Link href={next.href}>{intl.formatMessage({ id: next.label })}</Link>
      </p>
    </section>
  );
}
