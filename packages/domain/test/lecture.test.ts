import { describe, expect, it } from 'vitest';
import { coveredSec, heartbeatStep, HEARTBEAT, itemFinished, lectureConfigOf, lectureProgress, mergeRanges, type ItemProgress } from '../src/index.js';

describe('watched ranges', () => {
  it('merges overlapping and touching ranges, drops empty ones and sorts', () => {
    expect(mergeRanges([[20, 30], [0, 10], [10, 12], [25, 40], [50, 50], [60, 55]])).toEqual([[0, 12], [20, 40]]);
    expect(coveredSec(mergeRanges([[0, 10], [5, 15], [30, 31.25]]))).toBe(16.3);
  });
  it('keeps disjoint ranges apart: coverage is their sum, not the furthest point', () => {
    const r = mergeRanges([[0, 10], [100, 110]]);
    expect(r).toEqual([[0, 10], [100, 110]]);
    expect(coveredSec(r)).toBe(20);
  });
});

const settings = { max_rate: 2, ban_seek_forward: 1 as const, duration: 300 };
const at = (p: Partial<ItemProgress> = {}): ItemProgress => ({ last_position: 0, last_beat_at: 1000, ranges: [], finished: false, ...p });

describe('heartbeat credit', () => {
  it('credits the wall time since the last beat and the stretch watched', () => {
    const s = heartbeatStep(at(), { position: 10, rate: 1, playing: true }, settings, 1010);
    expect(s).toMatchObject({ refused: false, credit: 10, watched: true, position: 10, ranges: [[0, 10]], watched_sec: 10 });
  });
  it('too fast: a position moving faster than the allowed rate credits nothing (a rate above the maximum counts as the maximum)', () => {
    const s = heartbeatStep(at({ ranges: [[0, 100]], last_position: 100 }), { position: 150, rate: 4, playing: true }, { ...settings, ban_seek_forward: 0 }, 1010);
    expect(s).toMatchObject({ refused: false, credit: 0, watched: false, position: 150, ranges: [[0, 100]] });
    const ok2x = heartbeatStep(at({ ranges: [[0, 100]], last_position: 100 }), { position: 120, rate: 2, playing: true }, settings, 1010);
    expect(ok2x).toMatchObject({ credit: 10, ranges: [[0, 120]] });
  });
  it('seek ahead past the furthest watched point is refused until the item is finished; a seek back is allowed without credit', () => {
    expect(heartbeatStep(at({ ranges: [[0, 30]], last_position: 30 }), { position: 200, rate: 1, playing: true }, settings, 1010)).toEqual({ refused: true, resume_at: 30 });
    expect(heartbeatStep(at({ ranges: [[0, 30]], last_position: 30, finished: true }), { position: 200, rate: 1, playing: true }, settings, 1010)).toMatchObject({ refused: false, credit: 0, position: 200 });
    expect(heartbeatStep(at({ ranges: [[0, 30]], last_position: 30 }), { position: 5, rate: 1, playing: true }, settings, 1010)).toMatchObject({ refused: false, credit: 0, position: 5, ranges: [[0, 30]] });
  });
  it('a gap between beats credits at most 10.5 s, and covers no more than that times the rate', () => {
    const s = heartbeatStep(at({ last_position: 0 }), { position: 60, rate: 1, playing: true }, settings, 1060);
    expect(s).toMatchObject({ refused: false, credit: HEARTBEAT.creditCapSec, position: 60 });
    if (!s.refused) expect(s.watched_sec).toBe(HEARTBEAT.creditCapSec + HEARTBEAT.toleranceSec);
  });
  it('paused playback credits nothing; a position past the end is the end', () => {
    expect(heartbeatStep(at({ last_position: 10, ranges: [[0, 10]] }), { position: 10, rate: 1, playing: false }, settings, 1010)).toMatchObject({ credit: 0, watched: false });
    expect(heartbeatStep(at({ last_position: 295, ranges: [[0, 295]] }), { position: 400, rate: 1, playing: true }, settings, 1010)).toMatchObject({ position: 300, watched_sec: 300 });
  });
});

describe('completion', () => {
  it('an item is finished at the threshold of its duration; a document or link once opened', () => {
    expect(itemFinished(269, 300, 90)).toBe(false);
    expect(itemFinished(270, 300, 90)).toBe(true);
    expect(itemFinished(0, 0, 90)).toBe(true);
  });
  it('a lecture is finished with every required item (or every item when none is required or the setting is off)', () => {
    const items = [{ is_required: 1, finished: true }, { is_required: 0, finished: false }, { is_required: 1, finished: true }];
    expect(lectureProgress(items, { require_all_required: 1 })).toEqual({ finished_items: 2, counted: 2, progress_pct: 100, finished: true });
    expect(lectureProgress(items, { require_all_required: 0 })).toMatchObject({ progress_pct: 66.7, finished: false });
    expect(lectureProgress([{ is_required: 0, finished: true }], { require_all_required: 1 })).toMatchObject({ finished: true });
    expect(lectureProgress([], { require_all_required: 1 })).toMatchObject({ finished: false });
  });
  it('settings default to design §11b', () => {
    expect(lectureConfigOf(undefined)).toEqual({ threshold_pct: 90, require_all_required: 1, ban_seek_forward: 1, max_rate: 2, quiz_act_id: null });
    expect(lectureConfigOf({ threshold_pct: 80, quiz_act_id: null })).toMatchObject({ threshold_pct: 80, quiz_act_id: null });
  });
});
