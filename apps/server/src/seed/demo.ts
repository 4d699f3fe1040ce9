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

/** Every step of the demo data, in order. Families add their steps here. */
export const demoSteps: SeedStep[] = [...platformSteps, ...orgUserSteps, ...contentSteps, ...questionSteps, ...activitySteps, ...votingSteps, ...workSteps, ...judgingSteps, ...surveySteps, ...contestSteps];
