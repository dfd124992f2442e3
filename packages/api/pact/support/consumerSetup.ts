// Global setup of the 'pact-consumer' project: an empty output folder, so the pact holds this run's
// interactions and nothing else.
import { mkdirSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { consumerOutputDir } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    pactDir: string;
  }
}

export default function setup(project: TestProject): void {
  rmSync(consumerOutputDir, { recursive: true, force: true });
  mkdirSync(consumerOutputDir, { recursive: true });
  project.provide('pactDir', consumerOutputDir);
}
