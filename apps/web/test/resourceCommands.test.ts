import { describe, expect, it } from 'vitest';
import { defineResource, type ResourceInput } from '@huodong/domain';
import { declarationOf } from '../src/resources/declarations';
import { callerFromSelf, commandCall, resourceControls } from '../src/resources/listModel';
import { commandDone } from '../src/resources/texts';

/**
 * Row commands (`{kind: 'command'}`, e.g. 复制): who gets the button, where it posts, what it asks
 * first and what it says after. The activities will declare 复制 at `/v1/{org}/activity/{id}/copy`.
 */
const activities: ResourceInput = {
  name: 'commandTest',
  title: '活动',
  scope: 'org',
  path: '/v1/{org}/activity',
  fields: [],
  keywordFields: [],
  actions: [
    { kind: 'command', name: 'copy', label: '复制', path: '/v1/{org}/activity/{id}/copy', confirm: '确定复制该活动吗？' },
    { kind: 'command', name: 'refresh', label: '刷新统计' },
  ],
  writeRole: 'manager',
};
const def = declarationOf(defineResource(activities));
const [copy, refresh] = resourceControls(def, callerFromSelf({ type: 'admin' })).commands;

describe('row commands', () => {
  it('are offered to callers who may write, in the declared order', () => {
    expect([copy.label, refresh.label]).toEqual(['复制', '刷新统计']);
    expect(resourceControls(def, callerFromSelf({ type: 'normal' })).commands).toHaveLength(2);
    expect(resourceControls({ ...def, writeRole: 'orgAdmin' }, callerFromSelf({ type: 'normal' })).commands).toEqual([]);
    expect(resourceControls(def, undefined).commands).toEqual([]);
    // a read-only view keeps its declared actions
    expect(resourceControls({ ...def, readOnly: true }, callerFromSelf({ type: 'super' })).commands).toHaveLength(2);
  });

  it('post to the declared path, or to {base}/{id}/{name}, with the organisation and the row filled', () => {
    expect(commandCall(def, copy, { id: 5 }, 'lib1')).toEqual({ path: '/v1/lib1/activity/5/copy', confirm: '确定复制该活动吗？', done: '复制成功' });
    expect(commandCall(def, refresh, { id: 7 }, 'lib 1')).toEqual({ path: '/v1/lib%201/activity/7/refresh', confirm: undefined, done: '刷新统计成功' });
  });

  it('of a sub-resource fill the parent too', () => {
    const child = declarationOf(
      defineResource({
        ...activities,
        name: 'commandChild',
        path: '/v1/{org}/activity/{act}/works',
        parent: { param: 'act', resource: 'commandTest', column: 'act_id', query: 'actID' },
        actions: [{ kind: 'command', name: 'copy', label: '复制' }],
      }),
    );
    const [action] = resourceControls(child, callerFromSelf({ type: 'admin' })).commands;
    expect(commandCall(child, action, { id: 3 }, 'lib1', 9).path).toBe('/v1/lib1/activity/9/works/3/copy');
  });

  it('say `<label>成功`', () => {
    expect(commandDone('复制')).toBe('复制成功');
  });
});
