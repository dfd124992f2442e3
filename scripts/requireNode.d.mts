export const wantedMajor: number;

export function nodeVersionProblem(version?: string): string | undefined;
