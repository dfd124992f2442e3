interface Identified {
  readonly id: number;
}

/**
 * The scholarship type "Privately financed" (私費) of the scholarship types list: no scholarship, so no award
 * status to choose (issue 38 item 6: the planner offered it "Already awarded", "Applying", …).
 */
export const privatelyFinanced = 1;

/**
 * docs/behaviour.md#rules: scholarship item 12 offers only status 4; item 13 only status 5; item 1 (privately
 * financed) none; any other item offers every status but 4 and 5.
 */
export function scholarshipStatusOptions<Status extends Identified>(
  statuses: readonly Status[],
  itemId: number | undefined,
): Status[] {
  if (itemId === 12) return statuses.filter((status) => status.id === 4);
  if (itemId === 13) return statuses.filter((status) => status.id === 5);
  if (itemId === privatelyFinanced) return [];
  return statuses.filter((status) => status.id !== 4 && status.id !== 5);
}
