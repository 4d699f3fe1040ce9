import { and, eq } from 'drizzle-orm';
import { markDayOf, READ_CLOCK_TEXTS, scheduledDays, streakFigures, type PointRuleKey } from '@huodong/domain';
import type { Tx } from '../../db/client.js';
import { readClockMarks } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { nowSec } from '../../participation/clock.js';
import { pointsConfigFor, postPoints, type PointsConfigView } from '../../points/ledger.js';
import type { ActivityRow } from '../kind.js';
import { settingsOf } from './marks.js';

type MarkRow = typeof readClockMarks.$inferSelect;
export interface MarkPoints {
  rule: PointRuleKey;
  status: string;
  delta?: number;
}

/** A milestone's rule: 21 days and more `checkin_streak_21`, shorter ones `checkin_streak_7` (the activity's setting gives the points). */
const milestoneRule = (days: number): PointRuleKey => (days >= 21 ? 'checkin_streak_21' : 'checkin_streak_7');

/** Whether a streak may have reached a milestone by `today`: not before the activity has run that many scheduled days (no marks to read till then). */
export function milestonesReachable(act: ActivityRow, today: string): boolean {
  const { c, cal } = settingsOf(act);
  const reachable = scheduledDays(cal, today).length;
  return c.milestones.some((m) => m.days <= reachable);
}

/**
 * The points a counted (approved) mark earns, posted in the mark's transaction (the ledger's
 * `postPoints`, design §9b / §10): `checkin_mark` once per activity and day (a mark made again
 * after a rejection earns nothing more), and each streak milestone the reader's current streak
 * has reached, once per activity. A pending mark earns when it is approved (the queue's 批量通过).
 */
export async function postMarkPoints(tx: Tx, act: ActivityRow, mark: MarkRow, points?: PointsConfigView): Promise<MarkPoints[]> {
  if (mark.status !== 1) return [];
  const out: MarkPoints[] = [];
  // The organisation's points settings read once for every posting of the mark (the reader's call hands in the remembered ones).
  const config = points ?? (await pointsConfigFor(tx, act.org_id));
  const base = { orgId: act.org_id, readerId: mark.reader_id, actId: act.id, config };
  const posted = await postPoints(tx, { ...base, rule: 'checkin_mark', source: { type: 'mark', id: mark.id }, key: `checkin_mark:${act.id}:${mark.day}` });
  out.push({ rule: 'checkin_mark', status: posted.status, ...('delta' in posted ? { delta: posted.delta } : {}) });
  const { c, cal } = settingsOf(act);
  const today = markDayOf(nowSec());
  if (!milestonesReachable(act, today)) return out;
  const days = await tx
    .select({ day: readClockMarks.day })
    .from(readClockMarks)
    .where(and(eq(readClockMarks.act_id, act.id), eq(readClockMarks.reader_id, mark.reader_id), eq(readClockMarks.status, 1)));
  const { current_streak } = streakFigures(cal, days.map((d) => d.day), today);
  for (const m of c.milestones.filter((x) => current_streak >= x.days)) {
    const rule = milestoneRule(m.days);
    const got = await postPoints(tx, { ...base, rule, points: m.points, source: { type: 'mark', id: mark.id }, key: `checkin_streak:${act.id}:${m.days}`, reason: `连续打卡${m.days}天` });
    out.push({ rule, status: got.status, ...('delta' in got ? { delta: got.delta } : {}) });
  }
  return out;
}

/** A make-up's cost (`makeup_cost`, negative points), in the make-up's transaction: refused with 积分不足 (the make-up undone) when the balance is short. */
export async function chargeMakeup(tx: Tx, act: ActivityRow, mark: MarkRow, config?: PointsConfigView): Promise<MarkPoints[]> {
  const { c } = settingsOf(act);
  if (c.makeup_cost <= 0) return [];
  const got = await postPoints(tx, { orgId: act.org_id, readerId: mark.reader_id, actId: act.id, config, rule: 'makeup_cost', points: -c.makeup_cost, source: { type: 'makeup', id: mark.id }, reason: `补卡${mark.day}` });
  if (got.status === 'insufficient') throw new HttpError(422, READ_CLOCK_TEXTS.insufficientPoints, { errors: [{ field: 'day', message: `补卡需${c.makeup_cost}积分，积分不足` }] });
  return [{ rule: 'makeup_cost', status: got.status, ...('delta' in got ? { delta: got.delta } : {}) }];
}
