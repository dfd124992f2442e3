/**
 * What a prerendered page's early script (early.ts) notes before the app has taken the page over, and
 * beforeHydration.ts's `finishHydration` replays once it has. It lives on `window.preAdmissionStart`.
 */
export interface StartState {
  hydrated: boolean;
  /** A submit held back (its default would be a GET with the password in the address bar). */
  pending: SubmitEvent | null;
  /** The last button pressed that is not a submit button ("Create an account", "Show password"). */
  pressed: HTMLButtonElement | null;
  /** Each text field's typed values, in order. */
  typed: Array<[HTMLInputElement | HTMLTextAreaElement, string]>;
  /** The text fields left (focus moved out), typed in or not: they are checked as leaving them would. */
  left: Array<HTMLInputElement | HTMLTextAreaElement>;
}

export interface StartWindow {
  preAdmissionStart?: StartState;
}

/** The text fields whose typing and leaving are noted (not checkboxes, radios, files or buttons). */
export function isTextField(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement {
  if (target instanceof HTMLTextAreaElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !/^(checkbox|radio|file|hidden|submit|button|reset|image)$/.test(target.type)
  );
}
