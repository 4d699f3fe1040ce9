/**
 * The demo data's statistics history (issue 26): the demo organisations joined over the past year,
 * and szlib and a school have a year of readers, monthly activities, works, ballots and comments,
 * questions added to the banks and quiz answers, all made at their moments on the seed's clock
 * through the API; every month series of the
 * platform's and the organisation's statistics pages then has values in the months of the year;
 * a re-run adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/seed.js';
import { demoStepsOf } from '../src/seed/demo.js';
import { ok, testApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ jobWorker: false });
});
afterAll(() => t.close());
const su = () => ({ token: t.superToken });

type Month = { month: string } & Record<string, number>;
/** The twelve months before this one (the seed's year; this month has the other families' records too). */
const pastYear = (months: Month[]) => months.slice(-13, -1);
/** How many of those months have a non-zero value of each field. */
const monthsWith = (months: Month[], fields: string[]) => Object.fromEntries(fields.map((f) => [f, pastYear(months).filter((m) => m[f] > 0).length]));

describe('demo data: statistics', () => {
  it('a year of organisations, activities, works, likes, comments, joins and readers on the platform and in szlib; a re-run adds nothing', { timeout: 600_000 }, async () => {
    const first = await seedDemo(t.app, demoStepsOf('statistics'));
    expect(first.statistics).toBeGreaterThan(100);
    const series = ['activity', 'work', 'like', 'comment', 'join', 'reader', 'active'];
    const twelve = Object.fromEntries(series.map((f) => [f, 12]));

    // The platform: the demo organisations joined over the year, one a month in 8 of the 12 months.
    const orgs = await ok(t.call('GET', '/v1/count/organization', su()));
    expect(pastYear(orgs.months).length).toBe(12);
    expect(monthsWith(orgs.months, ['organizations'])).toEqual({ organizations: 8 });
    const platform = await ok(t.call('GET', '/v1/count/overview', su()));
    expect(monthsWith(platform.months, series)).toEqual(twelve);
    for (const [path, field] of [['activity', 'n'], ['creation', 'n'], ['like', 'n'], ['comment', 'n'], ['user', 'n'], ['user', 'active']] as const) {
      const figures = await ok(t.call('GET', `/v1/count/${path}`, su()));
      expect(monthsWith(figures.months, [field]), path).toEqual({ [field]: 12 });
    }
    const likes = await ok(t.call('GET', '/v1/count/like', su()));
    expect((likes.organizations as { key: string; n: number }[]).filter((o) => o.n > 0).map((o) => o.key).sort()).toEqual(['gzsyxx', 'szlib']);

    // One organisation: szlib's activity and user statistics have every month of the year.
    const activity = await ok(t.call('GET', '/v1/szlib/count/activity', su()));
    expect(monthsWith(activity.months, series)).toEqual(twelve);
    const users = await ok(t.call('GET', '/v1/szlib/count/user', su()));
    expect(monthsWith(users.months, ['reader', 'active'])).toEqual({ reader: 12, active: 12 });
    // The school joined eleven months ago: its year starts the month after.
    const school = await ok(t.call('GET', '/v1/gzsyxx/count/activity', su()));
    expect(monthsWith(school.months, series)).toEqual(Object.fromEntries(series.map((f) => [f, 11])));

    // The questions series: questions added and answers (some right) in every month, the platform's (with the public bank's) and szlib's.
    const questions = await ok(t.call('GET', '/v1/count/question/months', su()));
    expect(monthsWith(questions.months, ['question', 'public_question', 'answer', 'correct'])).toEqual({ question: 12, public_question: 12, answer: 12, correct: 12 });
    const szlibQuestions = await ok(t.call('GET', '/v1/szlib/count/question/months', su()));
    expect(monthsWith(szlibQuestions.months, ['question', 'answer', 'correct'])).toEqual({ question: 12, answer: 12, correct: 12 });
    for (const m of pastYear(szlibQuestions.months)) expect(m.correct_rate, m.month).toBeGreaterThan(0);
    expect((questions.organizations as { key: string; question: number }[]).filter((o) => o.question > 0).map((o) => o.key).sort()).toEqual(['gzsyxx', 'szlib']);

    const again = await seedDemo(t.app, demoStepsOf('statistics'));
    expect(again.statistics).toBe(0);
  });
});
