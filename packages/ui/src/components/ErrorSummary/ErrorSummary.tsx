import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { prefixTitle } from './documentTitle';
import * as styles from './ErrorSummary.css';

export interface ErrorSummaryItem {
  message: string;
  /** The id of the input the error is about; the link focuses it. */
  fieldId?: string;
  /** The field's label: the summary says which field each error is about ("メールアドレス：…"). */
  label?: string;
  /**
   * Where the field is when it is on another page (an application's section, from its "Check your answers"):
   * the link goes there; `onFollow` takes a plain click instead (the app's router), a modified one is the
   * browser's (a new tab).
   */
  href?: string;
  onFollow?: () => void;
}

export interface ErrorSummaryProps {
  errors: readonly ErrorSummaryItem[];
  /** Change it on every failed submit: the summary takes focus again, even when the errors are the same. */
  focusKey?: unknown;
}

/**
 * The list of a form's errors after a submit (GOV.UK error summary): each a link that focuses its field.
 * While shown, the document title starts with "エラー：" / "Error: ". Headed "check what you entered" when
 * a field is wrong; when none is (a wait, no connection, a server error), "this could not be done", since
 * the input is not the problem (issue 39 item 7).
 */
export function ErrorSummary({ errors, focusKey }: ErrorSummaryProps) {
  const intl = useIntl();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    ref.current?.focus();
  }, [focusKey]);

  useEffect(() => {
    const original = document.title;
    document.title = prefixTitle(original, (title) =>
      intl.formatMessage({ id: 'ui.errorSummary.documentTitle' }, { title }),
    );
    return () => {
      document.title = original;
    };
  }, [intl]);

  const focusField = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    const input = document.getElementById(fieldId);
    if (!input) return;
    event.preventDefault();
    // Scroll the label into view too, not just the input (GOV.UK).
    input.closest('[data-rac], div')?.scrollIntoView({ block: 'start' });
    input.focus({ preventScroll: true });
  };

  return (
    <div ref={ref} className={styles.root} tabIndex={-1} aria-labelledby={titleId} role="group">
      <div role="alert">
        <h2 id={titleId} className={styles.title}>
          {intl.formatMessage({
            id: errors.some((error) => error.fieldId ?? error.href)
              ? 'ui.errorSummary.title'
              : 'ui.errorSummary.titleNotDone',
          })}
        </h2>
        <ul className={styles.list}>
          {errors.map(({ message, fieldId, label, href, onFollow }, index) => {
            const text = label
              ? intl.formatMessage({ id: 'ui.errorSummary.item' }, { label, message })
              : message;
            return (
              <li key={`${fieldId ?? ''}${index}`}>
                {href ? (
                  <a
                    className={styles.link}
                    href={href}
                    onClick={(event) => {
                      if (
                        !onFollow ||
                        event.button !== 0 ||
                        event.metaKey ||
                        event.ctrlKey ||
                        event.shiftKey ||
                        event.altKey
                      )
                        return;
                      event.preventDefault();
                      onFollow();
                    }}
                  >
                    {text}
                  </a>
                ) : fieldId ? (
                  <a
                    className={styles.link}
                    href={`#${fieldId}`}
                    onClick={(event) => focusField(event, fieldId)}
                  >
                    {text}
                  </a>
                ) : (
                  text
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
