import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as AriaLink } from 'react-aria-components';
import { AccountMenu, type AccountMenuProps } from '../AccountMenu';
import { LanguageSwitch } from '../LanguageSwitch';
import * as styles from './Header.css';

export interface HeaderProps {
  /** banner: the top page's 100px banner; compact: the 44px header of every other page (docs/behaviour.md#routes). */
  variant?: 'banner' | 'compact';
  /** Where the site title links to. */
  homeHref?: string;
  /** When signed in: the account email and the menu's destinations. */
  account?: { email: string } & AccountMenuProps;
}

/**
 * Whether the site's full name fits the room the compact header's tools leave: measured, since that room
 * depends on the language, the fonts and the email address. `full` is a hidden copy of the name, so the
 * answer is known again when the room grows back.
 */
function useFullNameFits(enabled: boolean) {
  const room = useRef<HTMLDivElement>(null);
  const full = useRef<HTMLSpanElement>(null);
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const block = room.current;
    const name = full.current;
    if (!enabled || !block || !name) return;
    const measure = () => setFits(name.getBoundingClientRect().width <= block.getBoundingClientRect().width);
    measure();
    // Without ResizeObserver (jsdom), the first measure stands.
    if (typeof ResizeObserver === 'undefined') return;
    // The room changes with the window and the email; the name's width when the web fonts arrive.
    const observer = new ResizeObserver(measure);
    observer.observe(block);
    observer.observe(name);
    return () => observer.disconnect();
  }, [enabled]);
  return { room, full, fits };
}

/**
 * The full name with a line break allowed after its short form (docs/glossary.md: the short name is the
 * full name's first words). The name is one phrase to Chromium's phrase breaking, so a banner too narrow for
 * it broke it anywhere (留学生入学前支援サ / イト); it now breaks 留学生入学前支援 / サイト.
 */
function Name({ full, short }: { full: string; short: string }) {
  if (!full.startsWith(short) || full === short) return full;
  return (
    <>
      {short}
      <wbr />
      {full.slice(short.length)}
    </>
  );
}

/** A text that breaks only between its words: never after the hyphen of Pre-admission. */
function Words({ text }: { text: string }) {
  return text.split(' ').map((word, index) => (
    <Fragment key={index}>
      {index > 0 && ' '}
      <span className={styles.word}>{word}</span>
    </Fragment>
  ));
}

/**
 * The site header: title, and the language switch; when signed in, the account email and menu too. The
 * compact header shows the site's short name where the full one does not fit (docs/glossary.md).
 */
export function Header({ variant = 'compact', homeHref = '/', account }: HeaderProps) {
  const intl = useIntl();
  const compact = variant === 'compact';
  const { room, full, fits } = useFullNameFits(compact);
  const fullName = intl.formatMessage({ id: compact ? 'ui.header.siteTitle' : 'ui.header.siteTitleLong' });
  const shortName = intl.formatMessage({ id: 'ui.header.siteTitleShort' });
  return (
    <header className={styles.header({ variant })}>
      <div className={styles.inner({ variant })}>
        <div ref={room} className={styles.titleBlock({ variant })}>
          <AriaLink href={homeHref} className={styles.title({ variant })} data-short={!fits || undefined}>
            {compact && !fits ? <Words text={shortName} /> : <Name full={fullName} short={shortName} />}
          </AriaLink>
          {compact && (
            <>
              <span ref={full} className={styles.measure} aria-hidden="true">
                {fullName}
              </span>
              {/* Gives the title block its least width: no word of the short name is cut. */}
              <span className={styles.shortSizer} aria-hidden="true">
                <Words text={shortName} />
              </span>
            </>
          )}
          {variant === 'banner' && (
            <span className={styles.subtitle}>{intl.formatMessage({ id: 'ui.header.siteSubtitle' })}</span>
          )}
        </div>
        <div className={styles.tools}>
          <LanguageSwitch />
          {account && (
            <AccountMenu
              email={account.email}
              applicationsHref={account.applicationsHref}
              changeEmailHref={account.changeEmailHref}
              changePasswordHref={account.changePasswordHref}
              signInSecurityHref={account.signInSecurityHref}
              accountDataHref={account.accountDataHref}
              onLogOut={account.onLogOut}
            />
          )}
        </div>
      </div>
    </header>
  );
}
