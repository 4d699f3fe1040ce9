import { all, type SeedClient, type SeedStep } from '../step.js';
import { DEMO_READER_PASSWORD, FIRST_PASSWORD } from './activities.js';
import { uploadCover } from '../cover.js';

/**
 * Knowledge contests in `szlib` (issue 13), all through the HTTP API: a fixed-paper contest and a
 * levelled contest (three levels) whose questions are chosen from szlib's bank, played by 30
 * readers through the reader API (most answers right, some wrong, a short answer marked by hand
 * in the check queue); and a random-paper contest that stays in progress, open to every reader,
 * with a few attempts. Made once (by title): a re-run finds the contests and leaves them be.
 */
const DAY = 86_400;
const ORG = 'szlib';
const PLAYERS = 30;
const FIXED = '“书香苏州”阅读知识竞赛';
const LEVELLED = '阅读闯关挑战赛';
const RANDOM = '每日阅读知识随机答题';

interface BankQuestion {
  id: number;
  type: number;
  stem: string;
  answer: string;
  options: { key: string; text: string }[];
}
interface PaperItem {
  question_id: number;
  type: number;
  options: { key: string }[];
  blanks?: number;
}

/** A deterministic "random" in [0, 1) from two numbers: the demo plays the same on every run. */
const chance = (a: number, b: number) => (((a * 7919 + b * 104_729) % 1000) + 1000) % 1000 / 1000;

/** A reader's answer: right with probability `skill`, else a plausible wrong one. */
function answerOf(q: BankQuestion, item: PaperItem, skill: number, roll: number, who: string): string | string[] {
  const right = roll < skill;
  if (q.type === 1) return right ? q.answer : (item.options.find((o) => o.key !== q.answer)?.key ?? q.answer);
  if (q.type === 2) return right ? q.answer.split(',') : q.answer.split(',').slice(0, 1);
  if (q.type === 3) return right ? q.answer : q.answer === 'T' ? 'F' : 'T';
  if (q.type === 4) {
    const blanks = JSON.parse(q.answer) as string[][];
    return blanks.map((accepted, i) => (right || i > 0 ? accepted[accepted.length - 1] : '不知道'));
  }
  return `${who}：这本书让我体会到阅读的乐趣，${right ? '书中的人物和故事给我很多启发，我会推荐给身边的朋友。' : '我还想再读一遍。'}`;
}

/** Bank questions of szlib by type (active ones, newest first). */
async function bankOf(client: SeedClient, type: number, n: number): Promise<BankQuestion[]> {
  return (await client.get(`/v1/${ORG}/question?type=${type}&is_pause=0&page=1&page_size=${n}&sort=id`)).items as BankQuestion[];
}

/** The demo players: szlib's organisation users 31…60 made readers (first password changed at the first sign-in). */
async function players(client: SeedClient): Promise<{ account: string; reader: SeedClient }[]> {
  const users = (await client.get(`/v1/${ORG}/users?page=2&page_size=${PLAYERS}&sort=id`)).items as { id: number; academic_num: string; real_name: string }[];
  const out: { account: string; reader: SeedClient }[] = [];
  for (const u of users) {
    const known = (await client.get(`/v1/${ORG}/readers?keyword=${encodeURIComponent(u.academic_num)}`)).items as { account: string }[];
    const fresh = !known.some((r) => r.account === u.academic_num);
    if (fresh) await client.post(`/v1/${ORG}/users/${u.id}/password`, { password: FIRST_PASSWORD });
    out.push({ account: u.academic_num, reader: await client.reader(ORG, u.academic_num, fresh ? FIRST_PASSWORD : DEMO_READER_PASSWORD, DEMO_READER_PASSWORD) });
  }
  return out;
}

/** One attempt through the reader API: start (a level's with `level`), autosave the answers, submit. */
async function play(reader: SeedClient, act: number, byId: Map<number, BankQuestion>, skill: number, seed: number, who: string, level?: number): Promise<{ passed: number | null }> {
  const tag = `${act}-${level ?? 0}-${who}-${seed}`;
  const paper = await reader.post(`/v1/${ORG}/client/activities/${act}/attempts`, { request_id: `seed-start-${tag}`, level_id: level });
  const items = (paper.items as PaperItem[]).map((item, i) => ({ question_id: item.question_id, answer: answerOf(byId.get(item.question_id)!, item, skill, chance(seed, i), who) }));
  await reader.put(`/v1/${ORG}/client/attempts/${paper.id}/answers`, { request_id: `seed-save-${tag}`, items });
  await reader.post(`/v1/${ORG}/client/attempts/${paper.id}/events`, { request_id: `seed-blur-${tag}`, type: seed % 5 === 0 ? 'blur' : 'focus' });
  const done = await reader.post(`/v1/${ORG}/client/attempts/${paper.id}/submit`, { request_id: `seed-submit-${tag}` });
  return { passed: done.passed ?? null };
}

/** A new online contest (`contest` type 3, `contestpro` type 6) running from `days[0]` to `days[1]` days from now. */
async function newContest(client: SeedClient, base: 'contest' | 'contestpro', title: string, days: [number, number], profile: string, settings: Record<string, unknown>): Promise<{ id: number }> {
  const now = Math.floor(Date.now() / 1000);
  const cover = await uploadCover(client, ORG, title, '苏州图书馆');
  return client.post(`/v1/${ORG}/${base}`, { title, cover, start_at: now + days[0] * DAY, end_at: now + days[1] * DAY, address: '线上', profile, ...settings });
}

/** The contest's own questions keyed by their ids, with the answers (the administrator reads them). */
async function copiesOf(client: SeedClient, base: string, act: number): Promise<Map<number, BankQuestion>> {
  return new Map((await all(client, `/v1/${ORG}/${base}/${act}/question`)).map((q) => [q.id, q as unknown as BankQuestion]));
}

async function contests(client: SeedClient): Promise<number> {
  const [org] = (await all(client, '/v1/organizations')).filter((o) => o.key === ORG) as unknown as { activity_types: number[] }[];
  if (!org || !org.activity_types.includes(3) || !org.activity_types.includes(6)) return 0;
  const existing = new Set([...(await all(client, `/v1/${ORG}/contest`)), ...(await all(client, `/v1/${ORG}/contestpro`))].map((a) => a.title));
  if (existing.has(FIXED) && existing.has(LEVELLED) && existing.has(RANDOM)) return 0;
  const [singles, multiples, judges, blanks, shorts] = await Promise.all([bankOf(client, 1, 60), bankOf(client, 2, 20), bankOf(client, 3, 30), bankOf(client, 4, 10), bankOf(client, 5, 3)]);
  if (singles.length < 30 || judges.length < 12) return 0;
  const people = await players(client);
  let n = 0;

  if (!existing.has(FIXED)) {
    // A fixed paper of 12 questions: 6 single, 2 multiple, 2 true/false, 1 fill-in, 1 short answer.
    const act = await newContest(client, 'contest', FIXED, [-5, 25], '围绕苏州地方文献与经典名著的阅读知识竞赛，限时20分钟，可答2次，取最高分。', {
      time_limit: 1200,
      answer_limit: 2,
      config: { contest_type: 1, partial_multiple: 1, show_answer: 'immediately', show_analysis: 'immediately' },
    });
    const ids = [...singles.slice(0, 6), ...multiples.slice(0, 2), ...judges.slice(0, 2), ...blanks.slice(0, 1), ...shorts.slice(0, 1)].map((q) => q.id);
    await client.post(`/v1/${ORG}/contest/${act.id}/question/choose`, { ids });
    // The pass score from the paper's own total (60 %, rounded), so the figures show a real pass rate.
    const { total } = (await client.get(`/v1/${ORG}/contest/${act.id}/paper`)) as { total: number };
    await client.put(`/v1/${ORG}/contest/${act.id}`, { config: { pass_score: Math.round(total * 0.6) } });
    await client.post(`/v1/${ORG}/contest/${act.id}/publish`);
    const byId = await copiesOf(client, 'contest', act.id);
    for (const [i, p] of people.entries()) {
      await play(p.reader, act.id, byId, 0.45 + (i % 10) * 0.055, i + 1, p.account);
      if (i % 4 === 0) await play(p.reader, act.id, byId, 0.9, i + 100, p.account);
      n++;
    }
    // The administrator marks the short answers waiting in the check queue (most of them).
    const pending = (await client.get(`/v1/${ORG}/check/${act.id}/contest?page=1&page_size=100`)).items as { id: number; max_score: number }[];
    const marks = pending.slice(0, Math.max(0, pending.length - 3)).map((a, i) => ({ id: a.id, score: Math.min(a.max_score, 2 + (i % 4)) }));
    if (marks.length) await client.post(`/v1/${ORG}/check/${act.id}/contest`, { items: marks });
  }

  if (!existing.has(LEVELLED)) {
    // Three levels, each a random paper from its own questions; pass by accuracy, the next unlocks after.
    const act = await newContest(client, 'contestpro', LEVELLED, [-3, 27], '三关递进的阅读闯关赛：每关随机出题，正确率达标即可解锁下一关。', {
      config: { shuffle_questions: 1, show_answer: 'after_end' },
    });
    const levels = [
      { name: '第一关 · 入门', pass_value: 60, pool: [...singles.slice(10, 18), ...judges.slice(4, 8)], rules: [{ type: 1, count: 4, score_each: 10 }, { type: 3, count: 2, score_each: 10 }] },
      { name: '第二关 · 进阶', pass_value: 70, pool: [...singles.slice(18, 26), ...judges.slice(8, 12)], rules: [{ type: 1, count: 5, score_each: 10 }, { type: 3, count: 3, score_each: 10 }] },
      { name: '第三关 · 挑战', pass_value: 80, pool: singles.slice(26, 34), rules: [{ type: 1, count: 6, score_each: 10 }] },
    ];
    const levelIds: number[] = [];
    for (const l of levels) {
      const level = await client.post(`/v1/${ORG}/contestpro/${act.id}/pass`, { name: l.name, pass_mode: 'accuracy', pass_value: l.pass_value, attempts_per_level: 3, time_limit: 600, reward_points: 10 });
      await client.post(`/v1/${ORG}/contestpro/${act.id}/question/choose`, { ids: l.pool.map((q) => q.id), level_id: level.id });
      await client.put(`/v1/${ORG}/contestpro/${act.id}/pass/${level.id}/rules`, { contest_type: 2, rules: l.rules });
      levelIds.push(level.id);
    }
    await client.post(`/v1/${ORG}/contestpro/${act.id}/publish`);
    const byId = await copiesOf(client, 'contestpro', act.id);
    for (const [i, p] of people.entries()) {
      const skill = 0.5 + (i % 6) * 0.1;
      for (const [k, level] of levelIds.entries()) {
        let passed = false;
        for (let tries = 0; tries < 2 && !passed; tries++) passed = (await play(p.reader, act.id, byId, skill, i * 10 + k * 3 + tries, p.account, level)).passed === 1;
        if (!passed) break;
      }
      n++;
    }
  }

  if (!existing.has(RANDOM)) {
    // In progress and open to every reader: 10 random questions per attempt, unlimited attempts.
    const act = await newContest(client, 'contest', RANDOM, [-1, 60], '每次答题从题库中随机抽取10道题，每天可答3次。', {
      time_limit: 900,
      answer_limit: 0,
      config: { contest_type: 2, attempts_per_day: 3, rules: [{ type: 1, count: 7, score_each: 10 }, { type: 3, count: 3, score_each: 10 }], show_answer: 'immediately', show_analysis: 'immediately' },
    });
    await client.post(`/v1/${ORG}/contest/${act.id}/question/choose`, { ids: [...singles.slice(34, 60), ...judges.slice(12, 30)].map((q) => q.id) });
    await client.post(`/v1/${ORG}/contest/${act.id}/publish`);
    const byId = await copiesOf(client, 'contest', act.id);
    for (const [i, p] of people.slice(0, 8).entries()) {
      await play(p.reader, act.id, byId, 0.7, i + 500, p.account);
      n++;
    }
  }
  return n;
}

export const contestSteps: SeedStep[] = [{ name: 'contests', run: contests }];
