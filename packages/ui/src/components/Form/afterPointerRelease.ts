/**
 * Runs `task` now, or, while a pointer is pressed, once it is released and its click has been delivered.
 *
 * Validation on blur (spec 5) changes the layout: an error line appears or goes. A field blurs on the
 * pointerdown of the next thing pressed, so a layout change then moves that thing (the submit button) from
 * under the pointer before pointerup, and the click is lost. Waiting for the release keeps the press whole.
 */
let pressed = false;
let listening = false;
const waiting: Array<() => void> = [];

function listen(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('pointerdown', () => (pressed = true), true);
  const release = () => {
    if (!pressed) return;
    pressed = false;
    // After the click event of this press has been dispatched.
    setTimeout(() => {
      for (const task of waiting.splice(0)) task();
    });
  };
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

// From the start: the very press that causes a field's first blur must already be seen.
listen();

export function afterPointerRelease(task: () => void): void {
  if (pressed) waiting.push(task);
  else task();
}
