/**
 * What the timeout warning's live region says for the seconds left (docs/behaviour.md#session): whole
 * minutes while more than a minute is left, then 20-second steps, so a screen reader hears a new sentence
 * at most every 20 seconds, never every second. Rounded up: "2 minutes" until a full minute has passed.
 */
export type Announcement = { minutes: number } | { seconds: number } | null;

export function announcementFor(secondsLeft: number): Announcement {
  if (secondsLeft <= 0) return null;
  if (secondsLeft > 40) return { minutes: Math.ceil(secondsLeft / 60) };
  return { seconds: Math.ceil(secondsLeft / 20) * 20 };
}

/** Whole seconds left until `endsAt` (ms since the epoch), rounded up, never below zero. */
export const secondsLeft = (endsAt: number, now: number): number =>
  Math.max(0, Math.ceil((endsAt - now) / 1000));
