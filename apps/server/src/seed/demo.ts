import type { SeedStep } from './step.js';
import { platformSteps } from './families/platform.js';
import { orgUserSteps } from './families/orgUsers.js';
import { contentSteps } from './families/content.js';
import { activitySteps } from './families/activities.js';
import { votingSteps } from './families/voting.js';
import { workSteps } from './families/works.js';
import { judgingSteps } from './families/judging.js';
import { questionSteps } from './families/questions.js';
import { surveySteps } from './families/survey.js';
import { contestSteps } from './families/contests.js';
import { offlineSteps } from './families/offline.js';
import { readClockSteps } from './families/readClock.js';
import { pointsSteps } from './families/points.js';
import { scanCodeSteps } from './families/scanCodes.js';
import { lectureSteps } from './families/lecture.js';
import { statisticsSteps } from './families/statistics.js';
import { caseSteps } from './families/cases.js';
import { homeSteps } from './families/home.js';
import { redpackSteps } from './families/redpack.js';

/**
 * The families of the demo data, in order, each with the families whose rows it builds on (the
 * organisations, their users who become readers, the question banks a contest draws from, the
 * readers whose first password an earlier family changed). A test seeds only the families it checks.
 */
const DEMO_FAMILIES = {
  platform: { steps: platformSteps, needs: [] },
  orgUsers: { steps: orgUserSteps, needs: ['platform'] },
  content: { steps: contentSteps, needs: ['platform'] },
  questions: { steps: questionSteps, needs: ['platform'] },
  activities: { steps: activitySteps, needs: ['orgUsers'] },
  voting: { steps: votingSteps, needs: ['activities'] },
  works: { steps: workSteps, needs: ['orgUsers'] },
  // Before judging, which it needs: the results it publishes make the red packets (the awards' hook).
  redpack: { steps: redpackSteps, needs: ['works', 'judging'] },
  judging: { steps: judgingSteps, needs: ['works'] },
  survey: { steps: surveySteps, needs: ['orgUsers'] },
  contests: { steps: contestSteps, needs: ['orgUsers', 'questions'] },
  offline: { steps: offlineSteps, needs: ['orgUsers', 'content'] },
  readClock: { steps: readClockSteps, needs: ['orgUsers', 'content'] },
  points: { steps: pointsSteps, needs: ['activities'] },
  scanCodes: { steps: scanCodeSteps, needs: ['orgUsers', 'content'] },
  lecture: { steps: lectureSteps, needs: ['orgUsers', 'content'] },
  statistics: { steps: statisticsSteps, needs: ['activities'] },
  cases: { steps: caseSteps, needs: ['platform'] },
  home: { steps: homeSteps, needs: ['activities', 'content'] },
} satisfies Record<string, { steps: SeedStep[]; needs: string[] }>;

export type DemoFamily = keyof typeof DEMO_FAMILIES;
const ORDER = Object.keys(DEMO_FAMILIES) as DemoFamily[];

/** Every step of the demo data, in order. Families add their steps to DEMO_FAMILIES. */
export const demoSteps: SeedStep[] = ORDER.flatMap((f) => DEMO_FAMILIES[f].steps);

/** The steps of these families and of every family they build on, in the demo's order. */
export function demoStepsOf(...families: DemoFamily[]): SeedStep[] {
  const wanted = new Set<DemoFamily>();
  const add = (f: DemoFamily) => {
    if (wanted.has(f)) return;
    wanted.add(f);
    for (const need of DEMO_FAMILIES[f].needs as DemoFamily[]) add(need);
  };
  families.forEach(add);
  return ORDER.filter((f) => wanted.has(f)).flatMap((f) => DEMO_FAMILIES[f].steps);
}
