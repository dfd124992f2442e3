import { matchRoute } from '@pre-admission/account/routes';
import { isDisplayLocale, loadMessages } from '@pre-admission/i18n';
import { useEffect, useRef } from 'react';
import { basePath } from '../config/site';
import { loadScreenFor } from './applicationsRoute';

/**
 * Calls `prefetch` with a link's address when the applicant shows an intent to follow it: the link comes into
 * view, or is hovered, focused or touched. Each link once (its screen's loader fetches each chunk once anyway).
 * Links added later (a screen that renders after this started) are watched too. React Router's own
 * `<Link prefetch>` exists in framework mode only; this app uses the declarative router. Returns the stop.
 */
export function watchLinkIntent(root: HTMLElement, prefetch: (href: string) => void): () => void {
  const seen = new WeakSet<Element>();
  const intend = (link: HTMLAnchorElement) => {
    if (seen.has(link)) return;
    seen.add(link);
    visible?.unobserve(link);
    const url = new URL(link.href, document.baseURI);
    if (url.origin === location.origin) prefetch(url.pathname);
  };
  const visible =
    'IntersectionObserver' in window
      ? new IntersectionObserver((entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting) intend(entry.target as HTMLAnchorElement);
          }
        })
      : undefined;
  const watch = (node: Node) => {
    if (!visible || !(node instanceof Element)) return;
    const links = node.matches('a[href]') ? [node] : node.querySelectorAll('a[href]');
    for (const link of links) if (!seen.has(link)) visible.observe(link);
  };
  watch(root);
  const added = new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(watch);
  });
  added.observe(root, { childList: true, subtree: true });
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (link instanceof HTMLAnchorElement) intend(link);
  };
  const events = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const type of events) root.addEventListener(type, onIntent, { passive: true });
  return () => {
    visible?.disconnect();
    added.disconnect();
    for (const type of events) root.removeEventListener(type, onIntent);
  };
}

/**
 * The other language on intent: the language switch's option (`lang` on the radio, packages/ui's
 * LanguageSwitch) hovered, focused or touched fetches that language's messages, so that the switch that
 * follows is instant. docs/behaviour.md promises the switch keeps the route and what was typed, not that it
 * works offline. Returns the stop.
 */
export function watchLanguageIntent(root: HTMLElement, prefetch: (locale: string) => void): () => void {
  const onIntent = (event: Event) => {
    const option = event.target instanceof Element ? event.target.closest('[role="radio"][lang]') : null;
    const lang = option?.getAttribute('lang');
    if (lang) prefetch(lang);
  };
  const events = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const type of events) root.addEventListener(type, onIntent, { passive: true });
  return () => {
    for (const type of events) root.removeEventListener(type, onIntent);
  };
}

/** A failed prefetch is not the page's: following the link loads the chunk again (and says so if it fails). */
export const quietly = (load: Promise<unknown> | undefined) => void load?.catch(() => undefined);

/**
 * While the site is mounted: each link's screen and the other language, on intent
 * (docs/behaviour.md#start-up-loading). Signed out, a link to a signed-in page (the header's home link is
 * the planner) leads to the sign-in page: its screen is not fetched.
 */
export function usePrefetchOnIntent(signedIn: boolean): void {
  const session = useRef(signedIn);
  useEffect(() => {
    session.current = signedIn;
  }, [signedIn]);
  useEffect(() => {
    const root = document.body;
    const base = basePath();
    const stopLinks = watchLinkIntent(root, (pathname) => {
      if (!pathname.startsWith(base)) return;
      const path = `/${pathname.slice(base.length)}`;
      const access = matchRoute(path)?.route.access;
      if (access === 'signedIn' && !session.current) return;
      quietly(loadScreenFor(path));
    });
    const stopLanguage = watchLanguageIntent(root, (lang) => {
      if (isDisplayLocale(lang)) quietly(loadMessages(lang));
    });
    return () => {
      stopLinks();
      stopLanguage();
    };
  }, []);
}
