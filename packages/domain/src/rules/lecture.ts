import { z } from 'zod';
import { flagSchema, wholeNumber } from './ruleSchemas.js';
import { requestIdSchema } from '../client.js';
import { readRefusal, GATE, type GateActivity, type GateRefusal } from './gate.js';
import { activityStateOf } from './activityState.js';
import { AUDIO_ARTIST, AUDIO_TITLE } from './constants.js';

/**
 * Lectures on demand (点播讲座, type 19, design activities §11, issue 25): the settings with their
 * defaults, the merging of watched ranges, the crediting of a heartbeat and the completion of an
 * item and of a lecture. Pure: no I/O, no clock of its own (the server passes `now`).
 */

export const LECTURE_MEDIA_TYPES = { video: '视频', audio: '音频', pdf: 'PDF文档', link: '链接' } as const;
export type LectureMediaType = keyof typeof LECTURE_MEDIA_TYPES;
/** Spec §9: an audio item without its own title and artist. */
export const LECTURE_AUDIO_DEFAULTS = { audio_title: AUDIO_TITLE, artist: AUDIO_ARTIST } as const;

/** Design §11b's defaults. */
export const LECTURE_DEFAULTS = {
  threshold_pct: 90,
  require_all_required: 1,
  ban_seek_forward: 1,
  max_rate: 2,
  /** A knowledge contest (type 3) of the organisation taken after the lecture; null: none. */
  quiz_act_id: null,
} as const;

export const LECTURE_LIMITS = { thresholdMin: 50, thresholdMax: 100, rateMin: 1, rateMax: 3 } as const;

/** Each setting's schema, named by its Chinese label (the declaration's `config.*` fields use them). */
export const lectureConfigSchemas = {
  threshold_pct: wholeNumber('完成比例', LECTURE_LIMITS.thresholdMin, LECTURE_LIMITS.thresholdMax),
  require_all_required: flagSchema('须完成全部必修内容'),
  ban_seek_forward: flagSchema('完成前禁止快进'),
  max_rate: z
    .number({ error: '最高播放倍速必须是数字' })
    .min(LECTURE_LIMITS.rateMin, `最高播放倍速不能小于${LECTURE_LIMITS.rateMin}`)
    .max(LECTURE_LIMITS.rateMax, `最高播放倍速不能大于${LECTURE_LIMITS.rateMax}`)
    .refine((v) => Number.isInteger(v * 4), '最高播放倍速须为0.25的整数倍'),
  quiz_act_id: z.number({ error: '课后测验不正确' }).int('课后测验不正确').positive('课后测验不正确').max(2_147_483_647, '课后测验不存在').nullable(),
} as const;

export interface LectureConfig {
  threshold_pct: number;
  require_all_required: 0 | 1;
  ban_seek_forward: 0 | 1;
  max_rate: number;
  quiz_act_id: number | null;
}

/** An activity's stored `config` read with the defaults filled in. */
export function lectureConfigOf(config: unknown): LectureConfig {
  const c = (config && typeof config === 'object' ? config : {}) as Partial<LectureConfig>;
  const given = Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined && v !== null));
  return { ...LECTURE_DEFAULTS, ...given } as LectureConfig;
}

// ---- Watched ranges ---------------------------------------------------------------------------------

/** A watched stretch of an item, `[start, end)` in seconds of the media. */
export type WatchedRange = readonly [number, number];

/** Positions are kept to a tenth of a second. */
const tenth = (x: number) => Math.round(x * 10) / 10;

/**
 * Ranges sorted and merged: overlapping or touching ranges become one, empty and inverted ones
 * are dropped, ends kept to a tenth of a second. The coverage of an item is the sum of its merged
 * ranges (design §11c: coverage, not the furthest position).
 */
export function mergeRanges(ranges: readonly WatchedRange[]): [number, number][] {
  const sorted = ranges
    .map(([s, e]) => [tenth(Math.max(0, s)), tenth(e)] as [number, number])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** Seconds covered by merged ranges. */
export const coveredSec = (ranges: readonly WatchedRange[]): number => tenth(ranges.reduce((sum, [s, e]) => sum + (e - s), 0));
/** The end of the furthest range (0 without any). */
export const furthestSec = (ranges: readonly WatchedRange[]): number => ranges.reduce((m, [, e]) => Math.max(m, e), 0);

// ---- Heartbeats ---------------------------------------------------------------------------------------

/** Design §11b: a beat every 10 s; at most 10.5 s credited per beat (PlayEdu); 2 s of tolerance; a seek may pass the furthest watched point by 5 s. */
export const HEARTBEAT = { intervalSec: 10, creditCapSec: 10.5, toleranceSec: 2, seekSlackSec: 5 } as const;

export const LECTURE_TEXTS = {
  seekAhead: '完成本节前不能快进',
  itemMissing: '讲座内容不存在',
  notPlaying: '请先开始播放',
} as const;

/** A reader's progress on one item as the heartbeat reads it. */
export interface ItemProgress {
  last_position: number;
  /** Unix seconds of the last accepted beat (or of the play that started it). */
  last_beat_at: number;
  ranges: readonly WatchedRange[];
  finished: boolean;
}

export interface Beat {
  position: number;
  rate: number;
  playing: boolean;
}

export type BeatOutcome =
  | { refused: true; resume_at: number }
  | {
      refused: false;
      /** Seconds of wall time credited to the reader's learning time. */
      credit: number;
      /** Whether the stretch since the last beat counted as watched. */
      watched: boolean;
      position: number;
      ranges: [number, number][];
      watched_sec: number;
    };

/**
 * One heartbeat (design §11b): the wall time since the last beat is credited, at most 10.5 s, and
 * the stretch from the last position to this one counts as watched, only when the reader was
 * playing and the position moved forward plausibly — no more than the allowed rate (the reported
 * one, at most `max_rate`) times the wall time, plus 2 s — and never more than the credited time
 * times that rate (a gap between beats counts its first 10.5 s only). A position moved otherwise
 * is a seek: nothing is credited; with `ban_seek_forward`, before the item is finished, a seek past
 * the furthest watched point (+5 s) is refused and the reader resumes at the last position.
 */
export function heartbeatStep(p: ItemProgress, beat: Beat, s: { max_rate: number; ban_seek_forward: 0 | 1; duration: number }, now: number): BeatOutcome {
  const position = tenth(Math.max(0, s.duration > 0 ? Math.min(beat.position, s.duration) : beat.position));
  const wall = Math.max(0, now - p.last_beat_at);
  const rate = Math.min(Math.max(beat.rate, 0), s.max_rate);
  const moved = position - p.last_position;
  const plausible = beat.playing && moved >= 0 && moved <= rate * wall + HEARTBEAT.toleranceSec;
  if (!plausible && s.ban_seek_forward && !p.finished && position > Math.max(furthestSec(p.ranges), p.last_position) + HEARTBEAT.seekSlackSec) {
    return { refused: true, resume_at: p.last_position };
  }
  const credit = plausible ? Math.min(wall, HEARTBEAT.creditCapSec) : 0;
  const end = Math.min(position, p.last_position + rate * credit + HEARTBEAT.toleranceSec);
  const ranges = plausible && end > p.last_position ? mergeRanges([...p.ranges, [p.last_position, end]]) : mergeRanges(p.ranges);
  return { refused: false, credit: tenth(credit), watched: plausible && moved > 0, position, ranges, watched_sec: coveredSec(ranges) };
}

/** Whether an item is finished: media reaching the threshold of its duration; a document or a link once opened (no duration). */
export function itemFinished(watchedSec: number, durationSec: number, thresholdPct: number): boolean {
  if (durationSec <= 0) return true;
  return watchedSec >= (durationSec * thresholdPct) / 100 - 0.05;
}

/** Watched share of an item, 0–100 with one decimal (a document or link: 100 once opened). */
export const watchedPct = (watchedSec: number, durationSec: number): number => (durationSec <= 0 ? 100 : Math.min(100, Math.round((watchedSec / durationSec) * 1000) / 10));

/**
 * A lecture's completion (design §11b): every required item finished (`require_all_required`;
 * a lecture without required items: every item), otherwise every item. `progress_pct` is the
 * share of the counted items finished.
 */
export function lectureProgress(items: readonly { is_required: number; finished: boolean }[], c: Pick<LectureConfig, 'require_all_required'>): { finished_items: number; counted: number; progress_pct: number; finished: boolean } {
  const required = items.filter((i) => i.is_required);
  const counted = c.require_all_required && required.length ? required : items;
  const done = counted.filter((i) => i.finished).length;
  return {
    finished_items: items.filter((i) => i.finished).length,
    counted: counted.length,
    progress_pct: counted.length ? Math.round((done / counted.length) * 1000) / 10 : 0,
    finished: counted.length > 0 && done === counted.length,
  };
}

/**
 * Why a heartbeat may not go on (the gate ran at the play: scope, blacklist, real name): the
 * activity missing, paused or over. Null: it may.
 */
export function heartbeatRefusal(act: GateActivity | undefined, now: number): GateRefusal | null {
  const missing = readRefusal(act);
  if (missing || !act) return missing ?? GATE.missing;
  if (act.is_pause) return GATE.paused;
  const state = activityStateOf(act, now);
  if (state === 1) return GATE.notStarted;
  if (state === 3) return GATE.ended;
  return null;
}

// ---- Reader bodies ------------------------------------------------------------------------------------

const itemId = z.number({ error: '请选择讲座内容' }).int('讲座内容不正确').positive('讲座内容不正确').max(2_147_483_647, LECTURE_TEXTS.itemMissing);

/** `POST /client/activities/{id}/lecture/play`: the start of a play of one item. */
export const lecturePlayBodySchema = z.object({ request_id: requestIdSchema, item_id: itemId });

/** `POST /client/activities/{id}/lecture/heartbeat`: every 10 s of a play; `play` and `seq` make a repeated beat a no-op. */
export const lectureBeatBodySchema = z.object({
  item_id: itemId,
  play: z.number({ error: '播放序号不正确' }).int('播放序号不正确').min(1, '播放序号不正确').max(1_000_000, '播放序号不正确'),
  seq: z.number({ error: '心跳序号不正确' }).int('心跳序号不正确').min(1, '心跳序号不正确').max(1_000_000_000, '心跳序号不正确'),
  position: z.number({ error: '播放位置必须是数字' }).min(0, '播放位置不能小于0').max(86_400, '播放位置不正确'),
  rate: z.number({ error: '播放倍速必须是数字' }).min(0.25, '播放倍速不正确').max(16, '播放倍速不正确').default(1),
  playing: z.boolean({ error: '播放状态不正确' }).default(true),
});
export type LectureBeatBody = z.output<typeof lectureBeatBodySchema>;
