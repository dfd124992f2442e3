import { useMemo, type ReactNode } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { useLocale } from '@pre-admission/i18n';
import { ToastProvider } from '../components/Toast';
import { SupportEmailContext } from './SupportEmail';
import '../theme/global.css';

export interface UiProviderProps {
  children: ReactNode;
  /**
   * The app's router: internal links and menu items call `navigate` instead of loading a page. Without it,
   * links are plain page loads (react-aria RouterProvider).
   */
  navigate?: (href: string) => void;
  /** Turns a router href into a real URL (base path), e.g. react-router's `useHref`. */
  useHref?: (href: string) => string;
  /** The Pre-admission Support Desk's address: a form's failure on our side says to write there. */
  supportEmail?: string;
}

/**
 * What every screen needs around it, inside a `<LocaleProvider>`: react-aria's own locale (for its built-in
 * strings and formats), the router bridge, and the toast region.
 */
/** A URL with a scheme (mailto:, https:) or protocol-relative: not the router's to resolve. */
const hasScheme = (href: string) => /^([a-z][a-z\d+.-]*:|\/\/)/i.test(href);

export function UiProvider({ children, navigate, useHref, supportEmail }: UiProviderProps) {
  const { locale } = useLocale();
  // A router resolves every href as a path under its base (react-router turned mailto:desk@… into
  // /registrations-request/mailto:desk@…): links with a scheme keep theirs. The router's hook is still
  // called for every link, as hooks must be.
  const useLinkHref = useMemo(() => {
    if (!useHref) return undefined;
    const useRouterHref = useHref;
    return function useLinkHref(href: string) {
      const routed = useRouterHref(href);
      return hasScheme(href) ? href : routed;
    };
  }, [useHref]);
  const content = (
    <I18nProvider locale={locale === 'ja' ? 'ja-JP' : 'en-GB'}>
      <SupportEmailContext.Provider value={supportEmail}>
        <ToastProvider>{children}</ToastProvider>
      </SupportEmailContext.Provider>
    </I18nProvider>
  );
  return navigate ? (
    <RouterProvider navigate={navigate} useHref={useLinkHref}>
      {content}
    </RouterProvider>
  ) : (
    content
  );
}
