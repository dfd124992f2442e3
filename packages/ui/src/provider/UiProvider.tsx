import type { ReactNode } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { useLocale } from '@pre-admission/i18n';
import { ToastProvider } from '../components/Toast';
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
}

/**
 * What every screen needs around it, inside a `<LocaleProvider>`: react-aria's own locale (for its built-in
 * strings and formats), the router bridge, and the toast region.
 */
export function UiProvider({ children, navigate, useHref }: UiProviderProps) {
  const { locale } = useLocale();
  const content = (
    <I18nProvider locale={locale === 'ja' ? 'ja-JP' : 'en-GB'}>
      <ToastProvider>{children}</ToastProvider>
    </I18nProvider>
  );
  return navigate ? (
    <RouterProvider navigate={navigate} useHref={useHref}>
      {content}
    </RouterProvider>
  ) : (
    content
  );
}
