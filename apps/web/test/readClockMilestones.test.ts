import { describe, expect, it } from 'vitest';
import { markResource } from '@huodong/domain';
import { PAGES } from '../src/app/pages';
import { createFormValidator } from '../src/resources/validation';

/** 阅读打卡's form (issue 24): the streak milestones are a form field of their own, checked as the server checks them. */
describe('the check-in form’s streak milestones', () => {
  const v = createFormValidator(markResource, 'create');

  it('accepts days from small to large with points, and none at all', () => {
    expect(v.validateField('config.milestones', [{ days: 7, points: 40 }, { days: 21, points: 160 }])).toBeUndefined();
    expect(v.validateField('config.milestones', [])).toBeUndefined();
  });

  it('refuses days out of order or repeated, and a milestone without points, naming the setting', () => {
    expect(v.validateField('config.milestones', [{ days: 21, points: 160 }, { days: 7, points: 40 }])).toBe('连续打卡奖励的天数需从小到大排列，且不能重复');
    expect(v.validateField('config.milestones', [{ days: 7, points: 40 }, { days: 7, points: 10 }])).toBe('连续打卡奖励的天数需从小到大排列，且不能重复');
    expect(v.validateField('config.milestones', [{ days: 7, points: 0 }])).toContain('奖励积分不能小于1');
  });

  it('is edited on the page of its own (the rows input), not only through the API', () => {
    expect(markResource.fields.find((f) => f.name === 'config.milestones')?.form).not.toBe(false);
    expect(PAGES['adminAct/adminReadClock']).toBeTypeOf('function');
  });
});
