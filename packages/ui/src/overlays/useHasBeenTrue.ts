import { useState } from 'react';

/**
 * True from the first render where `value` is true, for good. An overlay's lazy part stays mounted once it
 * has been shown, so closing it keeps react-aria's exit handling and reopening it does not suspend again.
 */
export function useHasBeenTrue(value: boolean): boolean {
  const [hasBeen, setHasBeen] = useState(value);
  // Updating own state during render is React's documented way to derive state from a changing value.
  if (value && !hasBeen) setHasBeen(true);
  return hasBeen || value;
}
