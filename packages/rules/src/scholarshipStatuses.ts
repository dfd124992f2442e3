interface Identified {
  readonly id: number;
}

/**
 * docs/behaviour.md#rules: scholarship item 12 offers only status 4; item 13 only status 5; any other item offers every
 * status but 4 and 5.
 */
export function scholarshipStatusOptions<Status extends Identified>(
  statuses: readonly Status[],
  itemId: number | undefined,
): Status[] {
  if (itemId === 12) return statuses.filter((status) => status.id === 4);
  if (itemId === 13) return statuses.filter((status) => status.id === 5);
  return statuses.filter((status) => status.id !== 4 && status.id !== 5);
}
