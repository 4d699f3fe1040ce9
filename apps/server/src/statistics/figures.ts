import { type SQL } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import { activityCountPage, activityTypeName, chinaMonthOf, correctRate, monthsBetween, percent, previousMonth, QUESTION_TYPES } from '@huodong/domain';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { chinaMonth } from '../db/chinaDay.js';
import { nowSec } from '../participation/clock.js';
import { METRICS, type Metric } from './rollups.js';

/**
 * What the statistics pages answer (issue 26), read from the rollups only (statistics/rollups.ts):
 * sums of `stat_rollups` by month, type, organisation or activity, a few thousand rows at most
 * whatever the number of counted rows. Months are China-time months with no gaps, up to this one.
 */

export type Sums = Record<Metric, number>;

/** The platform's rollups: those of the organisations that still exist (a deleted organisation's stay behind, unread). */
export const PLATFORM = sql`org_id in (select id from organizations)`;
/** The platform's questions series: the organisations' and the public bank's (organisation 0, see rollups.ts). */
export const PLATFORM_QUESTIONS = sql`(org_id in (select id from organizations) or org_id = 0)`;

const zero = (): Sums => Object.fromEntries(METRICS.map((m) => [m, 0])) as Sums;

/** The rollups narrowed by `where`, summed per value of `by` (an expression of stat_rollups) and metric. */
async function sumsBy(db: Db, by: SQL, where: SQL): Promise<Map<string, Sums>> {
  const rows = rowsOf<{ key: string; metric: Metric; n: string }>(
    await db.execute(sql`select ${by}::text as key, metric, sum(n)::text as n from stat_rollups where ${where} group by 1, 2`),
  );
  const out = new Map<string, Sums>();
  for (const r of rows) {
    const sums = out.get(r.key) ?? zero();
    sums[r.metric] = Number(r.n);
    out.set(r.key, sums);
  }
  return out;
}

const total = (rows: Iterable<Sums>): Sums => {
  const t = zero();
  for (const s of rows) for (const m of METRICS) t[m] += s[m];
  return t;
};

export const thisMonth = (): string => chinaMonthOf(nowSec());

/** Month rows from the first month with figures to this one, each with its sums and `reader_total` (readers so far). */
function monthRows(byMonth: Map<string, Sums>): ({ month: string; reader_total: number } & Sums)[] {
  const seen = [...byMonth.keys()].sort();
  if (seen.length === 0) return [];
  let readers = 0;
  return monthsBetween(seen[0], thisMonth() > seen.at(-1)! ? thisMonth() : seen.at(-1)!).map((month) => {
    const sums = byMonth.get(month) ?? zero();
    readers += sums.reader;
    return { month, ...sums, reader_total: readers };
  });
}

/** Type rows (reader metrics have no type), largest first, each with its share of activities and of works. */
function typeRows(byType: Map<string, Sums>, all: Sums) {
  return [...byType.entries()]
    .filter(([type]) => type !== '0')
    .map(([type, sums]) => ({ type: Number(type), name: activityTypeName(Number(type)), ...sums, activity_percent: percent(sums.activity, all.activity), work_percent: percent(sums.work, all.work) }))
    .sort((a, b) => b.activity - a.activity || a.type - b.type);
}

/** The figures of a scope by month and by type, with totals and this month's and last month's sums. */
export async function overview(db: Db, where: SQL) {
  // `question` rows carry question types: the activity types' sums leave them out.
  const [byMonth, byType] = await Promise.all([sumsBy(db, sql`month`, where), sumsBy(db, sql`type`, sql`(${where}) and metric <> 'question'`)]);
  const totals = total(byMonth.values());
  const now = thisMonth();
  return {
    totals,
    this_month: byMonth.get(now) ?? zero(),
    last_month: byMonth.get(previousMonth(now)) ?? zero(),
    months: monthRows(byMonth),
    types: typeRows(byType, totals),
  };
}

interface OrgRow {
  id: number;
  key: string;
  name: string;
  type_name: string | null;
  created_at: number;
  is_pause: number;
}

/** Every organisation with its sums (all time and this month's active readers), most activities first, each with its shares. */
export async function organizationRows(db: Db) {
  const [orgs, sums, active] = await Promise.all([
    db.execute(sql`select o.id, o.key, o.name, t.name as type_name, o.created_at::int as created_at, o.is_pause from organizations o left join organization_types t on t.id = o.type_id order by o.id`),
    sumsBy(db, sql`org_id`, PLATFORM),
    sumsBy(db, sql`org_id`, sql`month = ${thisMonth()}`),
  ]);
  const all = total(sums.values());
  return rowsOf<OrgRow>(orgs)
    .map((o) => {
      const s = sums.get(String(o.id)) ?? zero();
      return {
        ...o,
        // `key` is a table row's own key on the web: the organisation's key is also `org_key`, what its row links open.
        org_key: o.key,
        ...s,
        active_month: active.get(String(o.id))?.active ?? 0,
        activity_percent: percent(s.activity, all.activity),
        work_percent: percent(s.work, all.work),
        like_percent: percent(s.like, all.like),
        comment_percent: percent(s.comment, all.comment),
        reader_percent: percent(s.reader, all.reader),
      };
    })
    .sort((a, b) => b.activity - a.activity || a.id - b.id);
}

/** The organisations themselves: how many, made per month (with the running total), per organisation type. */
export async function organizationCounts(db: Db) {
  const rows = rowsOf<{ month: string; type_name: string | null; n: number }>(
    await db.execute(sql`select ${chinaMonth(sql`o.created_at`)} as month, t.name as type_name, count(*)::int as n
      from organizations o left join organization_types t on t.id = o.type_id group by 1, 2`),
  );
  const all = rows.reduce((s, r) => s + r.n, 0);
  const byMonth = new Map<string, number>();
  const byType = new Map<string, number>();
  for (const r of rows) {
    byMonth.set(r.month, (byMonth.get(r.month) ?? 0) + r.n);
    byType.set(r.type_name ?? '', (byType.get(r.type_name ?? '') ?? 0) + r.n);
  }
  const seen = [...byMonth.keys()].sort();
  let sofar = 0;
  const months = seen.length === 0 ? [] : monthsBetween(seen[0], thisMonth() > seen.at(-1)! ? thisMonth() : seen.at(-1)!).map((month) => {
    sofar += byMonth.get(month) ?? 0;
    return { month, organizations: byMonth.get(month) ?? 0, total: sofar };
  });
  const types = [...byType.entries()].map(([name, n]) => ({ name, organizations: n, percent: percent(n, all) })).sort((a, b) => b.organizations - a.organizations);
  return { totals: { organizations: all, this_month: byMonth.get(thisMonth()) ?? 0, types: types.length }, months, types };
}

/** An organisation's activities (not deleted) with their sums, newest first, each with its statistics page. */
export async function activityRows(db: Db, orgId: number) {
  const [acts, sums] = await Promise.all([
    db.execute(sql`select id, title, type, variant, created_at::int as created_at from activities where org_id = ${orgId} and is_delete = 0 order by id desc`),
    sumsBy(db, sql`act_id`, sql`org_id = ${orgId} and act_id <> 0`),
  ]);
  return rowsOf<{ id: number; title: string; type: number; variant: number; created_at: number }>(acts).map((a) => ({
    ...a,
    type_name: activityTypeName(a.type),
    count_page: activityCountPage(a.type, a.variant),
    ...(sums.get(String(a.id)) ?? zero()),
  }));
}

/** One metric's figures for the platform: by month (with the running total), by type and by organisation, with shares. */
export async function metricFigures(db: Db, metric: Exclude<Metric, 'active'>) {
  const [all, orgs] = await Promise.all([overview(db, PLATFORM), organizationRows(db)]);
  const sum = all.totals[metric];
  let sofar = 0;
  return {
    totals: { total: sum, this_month: all.this_month[metric], last_month: all.last_month[metric], active_month: all.this_month.active },
    months: all.months.map((m) => {
      sofar += m[metric];
      return { month: m.month, n: m[metric], total: sofar, active: m.active };
    }),
    types: all.types.map((t) => ({ type: t.type, name: t.name, n: t[metric], percent: percent(t[metric], sum) })).sort((a, b) => b.n - a.n),
    organizations: orgs.map((o) => ({ id: o.id, key: o.key, org_key: o.key, name: o.name, n: o[metric], active_month: o.active_month, percent: percent(o[metric], sum) })).sort((a, b) => b.n - a.n || a.id - b.id),
  };
}

/** The pie charts of the platform: activities and works by type, readers and activities by organisation (the ten largest, the rest together). */
export async function pieFigures(db: Db) {
  const [all, orgs, orgCounts] = await Promise.all([overview(db, PLATFORM), organizationRows(db), organizationCounts(db)]);
  const topTen = (field: 'reader' | 'activity') => {
    const sorted = [...orgs].sort((a, b) => b[field] - a[field]).filter((o) => o[field] > 0);
    const rest = sorted.slice(10).reduce((s, o) => s + o[field], 0);
    const rows = [...sorted.slice(0, 10).map((o) => ({ name: o.name, value: o[field] })), ...(rest > 0 ? [{ name: '其他机构', value: rest }] : [])];
    return rows.map((r) => ({ ...r, percent: percent(r.value, all.totals[field]) }));
  };
  const byType = (field: 'activity' | 'work') => all.types.filter((t) => t[field] > 0).map((t) => ({ name: t.name, value: t[field], percent: percent(t[field], all.totals[field]) }));
  return {
    totals: all.totals,
    activity_types: byType('activity'),
    work_types: byType('work'),
    org_readers: topTen('reader'),
    org_activities: topTen('activity'),
    org_types: orgCounts.types.map((t) => ({ name: t.name || '未分类', value: t.organizations, percent: t.percent })),
  };
}

/** The metrics of the questions series: its sums read these rollup rows only (the primary key's second column). */
const QUESTION_METRICS = sql`metric in ('question', 'answer', 'correct')`;

/** The public bank's rollups (questions added by the platform) are organisation 0's. */
export const PUBLIC_BANK = 0;

/** A scope's (or a month's) questions series: questions added, contest answers and the right ones with their rate (percent, 2 decimals; null without answers). */
const questionSums = (s: Sums, publicQuestions = 0) => ({
  question: s.question,
  public_question: publicQuestions,
  answer: s.answer,
  correct: s.correct,
  correct_rate: correctRate(s.correct, s.answer),
});

/**
 * The questions series of a scope (statistics/quesCount, staticOrgQuestion, adminQuesCount): totals,
 * this month's, by China month (no gaps, up to this one) and questions added by question type.
 * `publicBank`: the platform's scope, whose months also say how many of the questions added went
 * to the public bank.
 */
export async function questionSeries(db: Db, where: SQL, publicBank = false) {
  const [byMonth, byType, publicMonths] = await Promise.all([
    sumsBy(db, sql`month`, sql`(${where}) and ${QUESTION_METRICS}`),
    sumsBy(db, sql`type`, sql`(${where}) and metric = 'question'`),
    publicBank ? sumsBy(db, sql`month`, sql`org_id = ${PUBLIC_BANK} and metric = 'question'`) : Promise.resolve(new Map<string, Sums>()),
  ]);
  const totals = total(byMonth.values());
  const publicTotal = total(publicMonths.values()).question;
  const now = thisMonth();
  const typeSums = Object.entries(QUESTION_TYPES).map(([id, name]) => {
    const n = byType.get(id)?.question ?? 0;
    return { type: Number(id), name, question: n, percent: percent(n, totals.question) };
  });
  return {
    totals: questionSums(totals, publicTotal),
    this_month: questionSums(byMonth.get(now) ?? zero(), publicMonths.get(now)?.question ?? 0),
    months: monthRows(byMonth).map((m) => ({ month: m.month, ...questionSums(m, publicMonths.get(m.month)?.question ?? 0) })),
    types: typeSums,
  };
}

/** Every organisation's questions series sums (all time), most questions added first, each with its share: the question metrics' rollup rows only. */
export async function questionOrganizationRows(db: Db) {
  const [orgs, sums] = await Promise.all([
    db.execute(sql`select id, key, name from organizations order by id`),
    sumsBy(db, sql`org_id`, sql`${PLATFORM} and ${QUESTION_METRICS}`),
  ]);
  const rows = rowsOf<{ id: number; key: string; name: string }>(orgs).map((o) => ({ ...o, ...(sums.get(String(o.id)) ?? zero()) }));
  const all = rows.reduce((s, o) => s + o.question, 0);
  return rows
    .map((o) => ({ id: o.id, key: o.key, org_key: o.key, name: o.name, question: o.question, question_percent: percent(o.question, all), answer: o.answer, correct: o.correct, correct_rate: correctRate(o.correct, o.answer) }))
    .sort((a, b) => b.question - a.question || b.answer - a.answer || a.id - b.id);
}
