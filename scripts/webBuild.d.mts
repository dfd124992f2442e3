export function webSources(root: string): string[];

export function webBuildState(
  root: string,
  dist?: string,
): { built: boolean; stale: boolean; newer?: string };
