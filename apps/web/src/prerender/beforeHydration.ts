import { useEffect } from 'react';

import type { StartWindow } from './startState';

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

/**
 * Lets submits through from now on, restores what was typed, checks the fields left, and replays a
 * held-back submit or a pressed button (what early.ts noted before the app took the page over).
 */
export function finishHydration(): void {
  const state = (window as StartWindow).preAdmissionStart;
  if (!state || state.hydrated) return;
  state.hydrated = true;
  const typed = new Map(state.typed);
  state.typed = [];
  for (const [field, value] of typed) if (field.isConnected) typeInto(field, value);
  // A field left before the app ran, typed in or not, is checked now, as leaving it would have been
  // (once React has rendered the restored values, which it does in a microtask). An empty field left
  // shows "required" this way.
  const left = new Set([...state.left, ...typed.keys()]);
  state.left = [];
  for (const field of left)
    if (field.isConnected && field !== document.activeElement)
      setTimeout(() => field.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
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
