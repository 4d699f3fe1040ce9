/**
 * First passwords in batch (issue 11): an organisation administrator gives selected users or
 * students — or every one the list's filters match — a first password by one rule. All or
 * nothing: a row whose password would break the password rule is named, and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { readers } from '../src/db/schema.js';
import { MANAGER_PASSWORD, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
const su = () => ({ token: t.superToken });

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('pwdlib');
  other = await t.org('pwdother');
});
afterAll(() => t.close());

async function user(academic_num: string, identity = 1, o = org): Promise<number> {
  const res = await t.call('POST', `/v1/${o.key}/users`, { ...su(), body: { academic_num, real_name: `用户${academic_num}`, sex: 1, department: '文学院', identity } });
  expect(res.status, res.message).toBe(200);
  return res.data.id;
}
async function student(account: string, grade: number): Promise<number> {
  const res = await t.call('POST', `/v1/${org.key}/students`, { ...su(), body: { name: `学生${account}`, account, sex: 1, grade, class: 1, enrollment_date: '2022', school_name: '实验小学' } });
  expect(res.status, res.message).toBe(200);
  return res.data.id;
}
const batch = (kind: 'users' | 'students', body: unknown, token = t.superToken) => t.call('POST', `/v1/${org.key}/${kind}/batchPassword`, { token, body });
const signIn = (account: string, password: string) => t.call('POST', `/v1/${org.key}/client/login`, { body: { account, password } });
const readerOf = async (account: string) => (await t.db.select().from(readers).where(and(eq(readers.org_id, org.id), eq(readers.account, account))))[0];

describe('first passwords in batch', () => {
  it('one fixed password for the selected users: readers made, each must change it, earlier sessions end', async () => {
    const a = await user('B2024001');
    const b = await user('B2024002');
    // b had a reader account already, signed in
    await t.call('POST', `/v1/${org.key}/users/${b}/password`, { ...su(), body: { password: 'Single#Pass1' } });
    const before = (await signIn('B2024002', 'Single#Pass1')).data.access_token;

    const res = await batch('users', { ids: [a, b], rule: { kind: 'fixed', password: 'Batch#Pass1' } });
    expect(res.status, res.message).toBe(200);
    expect(res.data).toEqual({ updated: 2 });
    for (const account of ['B2024001', 'B2024002']) {
      const login = await signIn(account, 'Batch#Pass1');
      expect(login.status, login.message).toBe(200);
      expect(login.data.must_change_password).toBe(true);
      expect((await readerOf(account)).must_change_password).toBe(1);
    }
    expect((await t.call('GET', `/v1/${org.key}/client/me`, { token: before })).status).toBe(401);
  });

  it('a rule that breaks the password rule for some rows names them, in order, and changes nothing', async () => {
    const ok = await user('C20240001');
    const same = await user('20240002');
    const short = await user('C7');
    const res = await batch('users', { ids: [ok, same, short], rule: { kind: 'account_tail', prefix: '', digits: 8 } });
    expect(res.status).toBe(422);
    expect(res.message).toBe('第2行: 学号 20240002，密码不能与账号相同\n第3行: 学号 C7，账号不足8位数字');
    expect(res.data.errors).toEqual(['第2行: 学号 20240002，密码不能与账号相同', '第3行: 学号 C7，账号不足8位数字']);
    expect(await readerOf('C20240001')).toBeUndefined();
    // the same rule with a prefix passes for all three
    const fixed = await batch('users', { ids: [ok, same], rule: { kind: 'account_tail', prefix: 'Hd@', digits: 6 } });
    expect(fixed.status, fixed.message).toBe(200);
    expect((await signIn('20240002', 'Hd@240002')).status).toBe(200);
    expect((await signIn('C20240001', 'Hd@240001')).status).toBe(200);
  });

  it('every user the filter matches, and students by grade', async () => {
    await user('D1001', 7);
    await user('D1002', 7);
    await user('D1003', 8);
    const res = await batch('users', { filter: { identity: 7 }, rule: { kind: 'account_tail', prefix: 'Lib#20', digits: 4 } });
    expect(res.status, res.message).toBe(200);
    expect(res.data.updated).toBe(2);
    expect((await signIn('D1001', 'Lib#201001')).status).toBe(200);
    expect(await readerOf('D1003')).toBeUndefined();
    // a keyword and a filter together
    await student('S30001', 3);
    await student('S30002', 3);
    await student('S40001', 4);
    const grade3 = await batch('students', { filter: { grade: 3, keyword: 'S3000' }, rule: { kind: 'fixed', password: 'Grade3#Pass' } });
    expect(grade3.data).toEqual({ updated: 2 });
    expect((await readerOf('S30001')).grade).toBe(3);
    expect(await readerOf('S40001')).toBeUndefined();
    const none = await batch('students', { filter: { grade: 9 }, rule: { kind: 'fixed', password: 'Grade3#Pass' } });
    expect([none.status, none.message]).toEqual([422, '没有符合条件的用户']);
    const bad = await batch('students', { filter: { grade: 'x' }, rule: { kind: 'fixed', password: 'Grade3#Pass' } });
    expect([bad.status, /^[a-z_][\w.]*: /.test(bad.message), bad.data.errors[0].field]).toEqual([422, false, 'filter.grade']);
    expect(bad.message).toContain('年级');
  });

  it("the phone rule uses the phone the reader gave; a row without one is refused", async () => {
    const withPhone = await user('E5001');
    const without = await user('E5002');
    await t.call('POST', `/v1/${org.key}/users/${withPhone}/password`, { ...su(), body: { password: 'First#Pass1' } });
    const token = (await signIn('E5001', 'First#Pass1')).data.access_token;
    await t.call('PUT', `/v1/${org.key}/client/me/password`, { token, body: { old_password: 'First#Pass1', password: 'Mine#Pass22' } });
    expect((await t.call('PUT', `/v1/${org.key}/client/me`, { token, body: { phone: '139-0011-2233' } })).status).toBe(200);
    const refused = await batch('users', { ids: [withPhone, without], rule: { kind: 'phone_tail', prefix: 'Tel', digits: 6 } });
    expect([refused.status, refused.message]).toEqual([422, '第2行: 学号 E5002，没有手机号（读者尚未填写）']);
    expect((await batch('users', { ids: [withPhone], rule: { kind: 'phone_tail', prefix: 'Tel', digits: 6 } })).status).toBe(200);
    const login = await signIn('E5001', 'Tel112233');
    expect([login.status, login.data.must_change_password]).toEqual([200, true]);
  });

  it('an account another reader holds already is named', async () => {
    const id = await user('F6001');
    expect((await t.call('POST', `/v1/${org.key}/readers`, { ...su(), body: { account: 'F6001', password: 'Other#Pass1' } })).status).toBe(200);
    const res = await batch('users', { ids: [id], rule: { kind: 'fixed', password: 'Batch#Pass1' } });
    expect([res.status, res.message]).toEqual([422, '第1行: 学号 F6001，该账号已被其他读者使用']);
  });

  it("another organisation's rows are not found, its managers are refused, and the body is checked", async () => {
    const foreign = await user('G7001', 1, other);
    const res = await batch('users', { ids: [foreign], rule: { kind: 'fixed', password: 'Batch#Pass1' } });
    expect([res.status, res.message]).toEqual([422, `用户不存在：${foreign}`]);
    await t.manager(other.id, 'pwdadmin');
    const token = await t.login('pwdadmin', MANAGER_PASSWORD, other.key);
    expect((await batch('users', { ids: [foreign], rule: { kind: 'fixed', password: 'Batch#Pass1' } }, token)).status).toBe(403);
    expect((await batch('users', { ids: [1], rule: { kind: 'fixed', password: '12345678' } })).message).toBe('密码过于常见，请换一个');
    expect((await batch('users', { rule: { kind: 'fixed', password: 'Batch#Pass1' } })).message).toBe('请选择用户，或选择按筛选条件的全部用户');
    expect((await batch('users', { ids: Array.from({ length: 1001 }, (_, i) => i + 1), rule: { kind: 'fixed', password: 'Batch#Pass1' } })).message).toBe(
      '一次最多为1000个用户设置初始密码，请缩小范围',
    );
  });
});
