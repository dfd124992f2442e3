/**
 * The one script a prerendered page runs before its app (apps/web/scripts/prerender.ts builds this module
 * with Vite and inlines it at the top of each page, with the page's CSP nonce). It has two jobs.
 *
 * 1. Nothing the applicant does before the app has taken the page over is lost. A prerendered page is on
 *    screen before its JavaScript runs, and an applicant may start at once:
 *    - a form submitted early goes to the browser's default action, a GET of the same URL with the email
 *      and the password in the query string: the submit is held back;
 *    - hydration gives the fields the values the app holds (empty), wiping what was typed: each text
 *      field's typed value is noted;
 *    - a field left early was never checked (validate on blur): each field left is noted;
 *    - a button that is not a submit button ("Create an account", "Show password") does nothing until the
 *      app runs: the last one pressed is noted.
 *    Once the screen is hydrated, `finishHydration` (beforeHydration.ts) replays all of it through the app.
 * 2. The page's JavaScript loads after the first paint: the entry and the chunks the page needs at once
 *    (read from the build's manifest by the prerender) are named on this script's element
 *    (`data-entry`, `data-preloads`). The HTML and CSS get the connection to themselves, so the first
 *    paint comes sooner on a slow line. A page opened in a background tab, which does not paint, loads at
 *    once; nothing waits more than a second for a paint.
 * It imports nothing at run time, so the build makes it one self-contained script.
 */
import { isTextField, type StartState, type StartWindow } from './startState';

const state: StartState = { hydrated: false, pending: null, pressed: null, typed: [], left: [] };
(window as StartWindow).preAdmissionStart = state;

document.addEventListener(
  'submit',
  (event) => {
    if (state.hydrated) return;
    event.preventDefault();
    state.pending = event;
  },
  true,
);
document.addEventListener(
  'click',
  (event) => {
    if (state.hydrated || !(event.target instanceof Element)) return;
    const button = event.target.closest('button');
    if (button && button.type !== 'submit') state.pressed = button;
  },
  true,
);
document.addEventListener(
  'input',
  (event) => {
    if (!state.hydrated && isTextField(event.target)) state.typed.push([event.target, event.target.value]);
  },
  true,
);
document.addEventListener(
  'focusout',
  (event) => {
    if (!state.hydrated && isTextField(event.target) && !state.left.includes(event.target))
      state.left.push(event.target);
  },
  true,
);

const script = document.currentScript;
const entry = script?.dataset.entry;
const preloads = (script?.dataset.preloads ?? '').split(' ').filter(Boolean);

function add(element: HTMLElement): void {
  document.head.appendChild(element);
}

let started = false;
/** One link or script per task: inserting one costs a slow phone a few milliseconds. */
function start(): void {
  if (started || !entry) return;
  started = true;
  const queue = [...preloads];
  const next = (): void => {
    const href = queue.shift();
    if (href) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      add(link);
      setTimeout(next, 0);
      return;
    }
    const module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    add(module);
  };
  next();
}

if (document.visibilityState !== 'visible') start();
else {
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
}
