import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGER_PASSWORD, testApp, type TestApp } from './helpers.js';

/**
 * A refusal names its field once: `field: message`. Messages written with their field's name
 * already in them were shown as `register: register: …` (the 422 envelope adds the name).
 */
describe('field-named refusals name the field once', () => {
  let t: TestApp;
  let org: { id: number; key: string };
  let token: string;

  beforeAll(async () => {
    t = await testApp();
    org = await t.org('fieldmsg');
    await t.manager(org.id, 'fieldadmin', 'admin');
    token = await t.login('fieldadmin', MANAGER_PASSWORD, org.key);
  });
  afterAll(async () => t?.close());

  it('reader sign-up setting, review setting, user-list export type, video cover time', async () => {
    const register = await t.call('POST', `/v1/${org.key}/readers/config`, { token, body: { register: 'yes' } });
    expect([register.status, register.message]).toEqual([422, '只能是true或false']);
    const required = await t.call('POST', '/v1/check/config', { token: t.superToken, body: { required: 1 } });
    expect([required.status, required.message]).toEqual([422, '只能是true或false']);
    const type = await t.call('GET', `/v1/${org.key}/export/userList?type=teacher`, { token });
    expect([type.status, type.message]).toEqual([422, '只能是 user 或 student']);
  });
});
