/** 2021-01-01T00:00:00Z, the epoch of X-Request-Id (docs/behaviour.md#api-calls). */
export const REQUEST_ID_EPOCH = Date.UTC(2021, 0, 1);
/** The random part is an integer from 0 to this bound, inclusive (docs/behaviour.md#constants). */
export const REQUEST_ID_RANDOM_BOUND = 4095;

/** `X-Request-Id`: whole milliseconds since 2021-01-01, a colon, and a random integer from 0 to 4095. */
export function createRequestId(now: number = Date.now(), random: () => number = Math.random): string {
  const elapsed = Math.max(0, Math.floor(now - REQUEST_ID_EPOCH));
  const nonce = Math.min(REQUEST_ID_RANDOM_BOUND, Math.floor(random() * (REQUEST_ID_RANDOM_BOUND + 1)));
  return `${elapsed}:${nonce}`;
}
