import { useEffect } from 'react';

/**
 * A prerendered page is on screen before its JavaScript runs, and an applicant may start typing. Three
 * things would go wrong without this script, inlined at the top of every prerendered page (with the
 * page's CSP nonce):
 * - a form submitted before the app has taken over goes to the browser's default action, a GET of the
 *   same URL with the email and the password in the query string. The script holds such a submit back;
 * - hydration gives the form fields the values the app holds (empty), wiping what was typed. The script
 *   notes each field's last typed value;
 * - a button that is not a form's submit button ("Create an account", "Show password") does nothing until
 *   the app runs. The script notes the last one pressed.
 * Once the screen is hydrated, `finishHydration` types the noted values in again through the app (and
 * checks the fields already left, as leaving them would have), then presses the noted button or submits
 * the held-back form, so no early typing, press or Enter is lost.
 * (Links need none of this: they work without JavaScript, and every public page is prerendered.)
 */
export const holdSubmitsScript =
  '(function(){var s=window.preAdmissionStart={hydrated:false,pending:null,pressed:null,typed:[]};' +
  'document.addEventListener("submit",function(e){if(!s.hydrated){e.preventDefault();s.pending=e}},true);' +
  'document.addEventListener("click",function(e){var b=!s.hydrated&&e.target&&e.target.closest&&' +
  'e.target.closest("button");if(b&&b.type!=="submit")s.pressed=b},true);' +
  'document.addEventListener("input",function(e){var t=e.target;if(!s.hydrated&&t&&(t.tagName==="TEXTAREA"||' +
  't.tagName==="INPUT"&&!/^(checkbox|radio|file|hidden|submit|button|reset|image)$/.test(t.type)))' +
  's.typed.push([t,t.value])},true)})()';

interface StartState {
  hydrated: boolean;
  pending: SubmitEvent | null;
  pressed: HTMLButtonElement | null;
  typed: Array<[HTMLInputElement | HTMLTextAreaElement, string]>;
}

/**
 * Sets a field's value as typing does, so that React's onChange sees it. Hydration leaves the typed text
 * in the field but the app's state empty, and the next render would empty the field: the app must hear
 * of the text. React compares with the value it last saw (set through the element's own `value`), so
 * that is moved away first; the text itself goes in through the prototype's setter, as a browser's does.
 */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
  field.value = value === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(prototype.prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Lets submits through from now on, restores what was typed, and replays a held-back submit. */
export function finishHydration(): void {
  const state = (window as { preAdmissionStart?: StartState }).preAdmissionStart;
  if (!state || state.hydrated) return;
  state.hydrated = true;
  const typed = new Map(state.typed);
  state.typed = [];
  for (const [field, value] of typed) {
    if (!field.isConnected) continue;
    typeInto(field, value);
    // A field typed in and left before the app ran is checked now, as leaving it would have been (once
    // React has rendered the restored value, which it does in a microtask).
    if (field !== document.activeElement)
      setTimeout(() => field.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
  }
  const pressed = state.pressed;
  state.pressed = null;
  const held = state.pending;
  state.pending = null;
  // After React has rendered the restored values (it does so in a microtask).
  if (pressed?.isConnected && !held) setTimeout(() => pressed.click());
  const form = held?.target;
  if (!(form instanceof HTMLFormElement) || !form.isConnected) return;
  const submitter = held?.submitter;
  setTimeout(() =>
    form.requestSubmit(
      submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : undefined,
    ),
  );
}

/**
 * Placed inside the screen's Suspense boundary: React hydrates a boundary after the shell, and its effect
 * runs once the screen (its form) is the app's.
 */
export function ScreenHydrated(): null {
  useEffect(finishHydration, []);
  return null;
}

/**
 * The rest of a prerendered page's inline script: its JavaScript (the entry, and the chunks it and the
 * page need, as modulepreload links) starts loading after the first paint. The page is all there without
 * it, so the HTML and CSS get the connection to themselves and the first paint comes sooner on a slow
 * line; the app follows a moment later. A page opened in a background tab, which does not paint, loads
 * at once; and nothing waits more than a second for a paint.
 */
export function loadAfterFirstPaintScript(entry: string, preloads: readonly string[]): string {
  // One link or script per task: inserting one costs a slow phone a few milliseconds, and twenty in one
  // task would hold the main thread for the better part of a frame budget times ten.
  return (
    '(function(e,p){var d=false;function add(n){document.head.appendChild(n)}' +
    'function link(h){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;add(l)}' +
    'function go(){if(d)return;d=true;var q=p.slice();(function next(){var h=q.shift();' +
    'if(h){link(h);setTimeout(next,0);return}' +
    'var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=e;add(s)})()}' +
    'if(document.visibilityState!=="visible")go();' +
    'else{requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)}})' +
    `(${JSON.stringify(entry)},${JSON.stringify(preloads)})`
  );
}
