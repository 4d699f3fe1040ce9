import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INT, RESOURCES, resourcePath } from '@huodong/domain';
import { fieldMessage } from '../src/http/errors.js';
import { FIXTURES } from './fixtures/index.js';
import { MANAGER_PASSWORD, ok, signedInReader, testApp, type TestApp } from './helpers.js';

/**
 * Refusals name their field in Chinese: an activity's settings are never shown by their path
 * (`config.rules: 题目数不足…`), and a number beyond the integer range names its field instead of
 * the database's nameless 数值超出范围 (issue 20 item 4).
 */
let t: TestApp;
let org: { id: number; key: string };
let token: string;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('resa', { activity_types: [1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 19] });
  await t.manager(org.id, 'namesadmin', 'admin');
  token = await t.login('namesadmin', MANAGER_PASSWORD, org.key);
});
afterAll(() => t.close());

describe('fields named in Chinese', () => {
  it('publishing a random-paper contest without rules names 抽题规则, not config.rules', async () => {
    const made = await ok(t.call('POST', `/v1/${org.key}/contest`, { token: t.superToken, body: { title: '随机竞赛', start_at: now() - 60, end_at: now() + 86_400, config: { contest_type: 2 } } }));
    const act = made.id;
    const refused = await t.call('POST', `/v1/${org.key}/contest/${act}/publish`, { token: t.superToken });
    expect(refused.status).toBe(422);
    expect(refused.message).toBe('题目数不足，不能发布：随机组卷还没有抽题规则。'); // names 抽题规则 itself: no prefix
    expect(refused.data.errors[0].field).toBe('config.rules'); // the form still places it
  });

  it('an expert whose unit id is beyond the integer range is refused naming 所在单位', async () => {
    const res = await t.call('POST', `/v1/${org.key}/expert`, { token, body: { ...(await FIXTURES.experts.create!(1, {} as never)), unit_id: MAX_INT + 1 } });
    expect([res.status, res.message]).toEqual([422, '所在单位不存在']);
  });

  it('a questionnaire answered with a version beyond the integer range names the version', async () => {
    const act = (await ok(t.call('POST', `/v1/${org.key}/survey`, { token: t.superToken, body: { title: '问卷', start_at: now() - 60, end_at: now() + 86_400 } }))).id;
    await ok(t.call('POST', `/v1/${org.key}/survey/${act}/question`, { token: t.superToken, body: { type: 'single', title: '题', options: [{ text: '甲' }, { text: '乙' }] } }));
    await ok(t.call('POST', `/v1/${org.key}/survey/${act}/publish`, { token: t.superToken }));
    const reader = await signedInReader(t, org);
    const res = await t.call('POST', `/v1/${org.key}/client/activities/${act}/responses`, { token: reader.token, body: { request_id: randomUUID(), version: MAX_INT + 1, answers: {} } });
    expect([res.status, res.message]).toEqual([422, '问卷版本不正确']);
  });

  it('no declared setting is ever named by its path', () => {
    const settings = RESOURCES.flatMap((def) => def.fields.filter((f) => f.name.startsWith('config.')));
    expect(settings.length).toBeGreaterThan(20);
    for (const f of settings) {
      for (const path of [f.name, `${f.name}.0`, `activity.${f.name}`]) {
        const shown = fieldMessage(path, '不正确');
        expect(shown).toBe(`${f.label}：不正确`);
      }
    }
    expect(fieldMessage('config', '发布前请完成作品设置')).toBe('发布前请完成作品设置');
  });

  // Every activity declaration with settings: each setting sent with a value of the wrong kind is
  // refused with a Chinese message that shows no `config` path.
  const withSettings = RESOURCES.filter((def) => !def.readOnly && FIXTURES[def.name]?.create && def.fields.some((f) => f.name.startsWith('config.')));
  it.each(withSettings.map((def) => [def.name, def] as const))('%s: a bad setting is refused without its path', async (_name, def) => {
    const shown: string[] = [];
    let n = 500;
    for (const f of def.fields.filter((x) => x.name.startsWith('config.') && x.schema)) {
      const body = await FIXTURES[def.name].create!(++n, { org, superToken: t.superToken, call: (m, u, o) => t.call(m, u, o), login: t.login, readerLogin: async () => '' });
      const config = { ...((body.config as Record<string, unknown>) ?? {}) };
      const keys = f.name.split('.').slice(1);
      let at = config;
      for (const k of keys.slice(0, -1)) at = at[k] = { ...((at[k] as Record<string, unknown>) ?? {}) };
      at[keys[keys.length - 1]] = { wrong: true };
      const res = await t.call('POST', resourcePath(def, org.key), { token: t.superToken, body: { ...body, config } });
      if (res.status !== 422 || /config|[a-z_]+\.[a-z_]+/.test(res.message) || !/[\u4e00-\u9fff]/.test(res.message)) shown.push(`${f.name}: ${res.status} ${res.message}`);
    }
    expect(shown).toEqual([]);
  });
});
