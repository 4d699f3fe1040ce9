import { describe, expect, it } from 'vitest';
import { activitiesBatchCreateBody, CONTEST_TYPES, CREATION_TYPES, operateTimeBody, operateTimeRefusal, platformActivitiesResource } from '../src/index.js';

/** 2024-01-01 at `hh:mm` China Standard Time, in seconds. */
const cst = (hh: number, mm: number) => Date.UTC(2024, 0, 1, hh - 8, mm) / 1000;

describe('the publishing window', () => {
  const w = { from: '08:00', to: '22:00' };
  it('allows from (inclusive) to to (exclusive), China Standard Time', () => {
    expect(operateTimeRefusal(w, cst(8, 0))).toBeNull();
    expect(operateTimeRefusal(w, cst(21, 59))).toBeNull();
    expect(operateTimeRefusal(w, cst(22, 0))).toBe('不在平台允许的发布时段（08:00-22:00）');
    expect(operateTimeRefusal(w, cst(7, 59))).toBe('不在平台允许的发布时段（08:00-22:00）');
  });
  it('none set allows any time', () => {
    expect(operateTimeRefusal({ from: '', to: '' }, cst(3, 0))).toBeNull();
  });
  it('the body needs both ends in order, or neither', () => {
    expect(operateTimeBody.safeParse({ from: '', to: '' }).success).toBe(true);
    expect(operateTimeBody.safeParse({ from: ' 08:00 ', to: '09:00' }).data).toEqual({ from: '08:00', to: '09:00' });
    expect(operateTimeBody.safeParse({ from: '09:00', to: '09:00' }).success).toBe(false);
    expect(operateTimeBody.safeParse({ from: '09:00' }).success).toBe(false);
  });
});

describe('static kinds and the platform list', () => {
  it('creation media and contest kinds', () => {
    expect(CREATION_TYPES.map((c) => c.value)).toEqual(['text', 'image', 'audio', 'video', 'file', 'link']);
    expect(CONTEST_TYPES.map((c) => c.value)).toEqual([3, 6]);
  });
  it('the platform list is read-only and writes only as super', () => {
    expect(platformActivitiesResource).toMatchObject({ scope: 'super', readOnly: true, writeRole: 'super', path: '/v1/activities' });
    expect(platformActivitiesResource.fixed).toBeUndefined();
  });
  it("batchCreate checks the activity with its type's declaration", () => {
    const ok = activitiesBatchCreateBody.safeParse({ org_ids: [2, 1, 2], activity: { type: 1, title: ' 联合 ', start_at: 1_700_000_000, end_at: 1_700_086_400 } });
    expect(ok.data).toMatchObject({ org_ids: [2, 1], type: 1, activity: { title: '联合' } });
    const bad = activitiesBatchCreateBody.safeParse({ org_ids: [1], activity: { type: 7, title: 'x', start_at: 1_700_000_000, end_at: 1_700_086_400, config: { link: 'ftp://x' } } });
    expect(bad.error?.issues[0].path).toEqual(['activity', 'config', 'link']);
  });
});
