import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const scrollKey = (key: string) => `pre-admission.scroll.${key}`;

/**
 * After a navigation: move focus to the main heading, so a screen reader announces the new page, and
 * restore the scroll position on Back/Forward or start at the top otherwise (issue 6).
 */
export function useNavigationEffects(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);

  useEffect(() => {
    const key = location.key;
    const save = () => sessionStorage.setItem(scrollKey(key), String(window.scrollY));
    window.addEventListener('pagehide', save);
    return () => {
      save();
      window.removeEventListener('pagehide', save);
    };
  }, [location.key]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const saved = navigationType === 'POP' ? Number(sessionStorage.getItem(scrollKey(location.key))) : 0;
    let frames = 0;
    let handle = 0;
    // The screen is lazy: wait (up to about a second) for its heading to be there.
    const settle = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading && frames++ < 60) {
        handle = requestAnimationFrame(settle);
        return;
      }
      // An address with a fragment naming an element of the page (a missing answer's link to its field,
      // GOV.UK's error summary): that element has the focus, given by the screen, and stays where it is.
      if (fragmentTarget(location.hash)?.contains(document.activeElement)) return;
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      window.scrollTo(0, Number.isFinite(saved) ? saved : 0);
    };
    handle = requestAnimationFrame(settle);
    return () => cancelAnimationFrame(handle);
  }, [location.key, location.hash, navigationType]);
}

/** The element of `main` an address's fragment names, if any (a malformed one names none). */
function fragmentTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  try {
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    return target?.closest('main') ? target : null;
  } catch {
    return null;
  }
}
