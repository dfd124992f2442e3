export interface ErrorDetails {
  message?: string | null;
  status?: number | null;
}

/**
 * docs/behaviour.md#routes: the error message if there is one, else `status = ` and the status, else "unknown error".
 * Returns which of the three applies so the caller can translate the last one.
 */
export function describeError({
  message,
  status,
}: ErrorDetails):
  { kind: 'message'; text: string } | { kind: 'status'; status: number } | { kind: 'unknown' } {
  if (message && message.trim() !== '') return { kind: 'message', text: message };
  if (typeof status === 'number') return { kind: 'status', status };
  return { kind: 'unknown' };
}
