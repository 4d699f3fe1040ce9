import type { SeedClient } from './seed.js';
import { platformSteps } from './families/platform.js';
import { orgUserSteps } from './families/orgUsers.js';

/** One step of demo data; returns how many rows it made. Families add their steps here. */
export interface SeedStep {
  name: string;
  run(client: SeedClient): Promise<number>;
}

export const demoSteps: SeedStep[] = [...platformSteps, ...orgUserSteps];
