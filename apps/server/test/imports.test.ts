import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import {
  IDENTITY_INVALID,
  IMPORT_MAX_ROWS,
  SEX_INVALID,
  importTemplate,
  ORG_USER_IMPORT,
  STUDENT_IMPORT,
  tooManyRowsMessage,
} from '@huodong/domain';
import { orgUsers, students, auditLogs } from '../src/db/schema.js';
import { IMPORT_BODY_LIMIT, IMPORT_TOO_LARGE } from '../src/imports/userImports.js';
import { seedDemo } from '../src/seed/seed.js';
import { demoStepsOf } from '../src/seed/demo.js';
import { organizations } from '../src/db/schema.js';
import { MANAGER_PASSWORD, testApp, type TestApp } from './helpers.js';

/** Only the demo families this file checks (platform.test.ts runs the whole demo twice). */
const steps = demoStepsOf('orgUsers');

/** Rows as the browser uploads them after validation (API keys, row numbers from 2). */
function userRows(n: number, orgId: number, prefix = 'U'): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => ({
    academic_num: `${prefix}${String(i + 1).padStart(6, '0')}`,
    real_name: `用户${i + 1}`,
    sex: i % 3,
    department: '计算机学院',
    identity: (i % 14) + 1,
    org_id: orgId,
    _row: i + 2,
  }));
}

function studentRows(n: number, orgId: number): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => ({
    name: `学生${i + 1}`,
    account: `S${String(i + 1).padStart(6, '0')}`,
    sex: i % 2 === 0 ? 1 : 2,
    grade: (i % 6) + 1,
    class: (i % 9) + 1,
    enrollment_date: '2023',
    school_name: '第一实验小学',
    org_id: orgId,
    _row: i + 2,
  }));
}

const payload = (rows: unknown[]) => ({ data: JSON.stringify(rows) });

describe('spreadsheet imports', () => {
  let t: TestApp;
  let org: { id: number; key: string };
  let other: { id: number; key: string };
  let managerToken: string;
  let otherManagerToken: string;

  const usersOf = async (orgId: number) => (await t.db.select({ n: count() }).from(orgUsers).where(eq(orgUsers.org_id, orgId)))[0].n;

  beforeAll(async () => {
    t = await testApp();
    org = await t.org('school1');
    other = await t.org('school2');
    await t.manager(org.id, 'm1', 'normal');
    await t.manager(other.id, 'm2', 'admin');
    managerToken = await t.login('m1', MANAGER_PASSWORD, org.key);
    otherManagerToken = await t.login('m2', MANAGER_PASSWORD, other.key);
  });
  afterAll(async () => t?.close());

  it('a valid import writes every row and the list shows them', async () => {
    const res = await t.call('POST', `/v1/${org.key}/users/import`, { token: managerToken, body: payload(userRows(1000, org.id)) });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ created: 1000, updated: 0, total: 1000 });
    expect(await usersOf(org.id)).toBe(1000);
    const list = await t.call('GET', `/v1/${org.key}/users?keyword=U000077&page_size=10`, { token: managerToken });
    expect(list.data._meta.totalCount).toBe(1);
    expect(list.data.items[0]).toMatchObject({ academic_num: 'U000077', real_name: '用户77', department: '计算机学院' });
    const [a] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'import'));
    expect(a).toMatchObject({ resource: 'orgUsers', org_id: org.id });
    expect(a.ids).toHaveLength(1000);
  });

  it('one bad row among 1,000 writes nothing and returns that row\'s message', async () => {
    const rows = userRows(1000, other.id, 'B');
    rows[500].sex = 5; // spreadsheet row 502
    const res = await t.call('POST', `/v1/${other.key}/users/import`, { token: otherManagerToken, body: payload(rows) });
    expect(res.status).toBe(422);
    expect(res.data.errors).toEqual([`第502行: ${SEX_INVALID}`]);
    expect(res.message).toBe(`第502行: ${SEX_INVALID}`);
    expect(await usersOf(other.id)).toBe(0);
  });

  it('the server reports every rule the browser checks, with the spreadsheet row numbers', async () => {
    const rows = userRows(3, other.id, 'R');
    rows[0].identity = 15;
    delete rows[1].real_name;
    rows[2].academic_num = rows[0].academic_num;
    const res = await t.call('POST', `/v1/${other.key}/users/import`, { token: otherManagerToken, body: payload(rows) });
    expect(res.status).toBe(422);
    expect(res.data.errors).toEqual([`第2行: ${IDENTITY_INVALID}`, '第3行: 用户缺少真实姓名字段的信息', '第4行: 学号与第2行重复']);
    const long = userRows(1, other.id, 'L');
    long[0].real_name = '长'.repeat(51);
    const tooLong = await t.call('POST', `/v1/${other.key}/users/import`, { token: otherManagerToken, body: payload(long) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.data.errors).toEqual(['第2行: 真实姓名不能超过50个字符']);
    const wrongType = await t.call('POST', `/v1/${other.key}/users/import`, {
      token: otherManagerToken,
      body: payload([{ ...userRows(1, other.id)[0], sex: { a: 1 } }]),
    });
    expect(wrongType.status).toBe(422);
    expect(wrongType.data.errors).toEqual(['第2行: 性别字段的值必须是文本或数字']);
    const notJson = await t.call('POST', `/v1/${other.key}/users/import`, { token: otherManagerToken, body: { data: '[{' } });
    expect(notJson.status).toBe(422);
    expect(notJson.message).toBe('用户列表不是有效的 JSON');
    const noData = await t.call('POST', `/v1/${other.key}/users/import`, { token: otherManagerToken, body: {} });
    expect(noData.status).toBe(422);
    expect(noData.message).not.toMatch(/^[a-z_][\w.]*: /);
    expect(noData.data.errors[0].field).toBe('data');
    expect(await usersOf(other.id)).toBe(0);
  });

  it('a re-import updates existing users by 学号 instead of duplicating them', async () => {
    const first = userRows(3, other.id, 'X');
    expect((await t.call('POST', `/v1/${other.key}/users/import`, { token: otherManagerToken, body: payload(first) })).data).toEqual({
      created: 3,
      updated: 0,
      total: 3,
    });
    const again = userRows(4, other.id, 'X');
    again[1].real_name = '改名了';
    const res = await t.call('POST', `/v1/${other.key}/users/import`, { token: otherManagerToken, body: payload(again) });
    expect(res.data).toEqual({ created: 1, updated: 3, total: 4 });
    expect(await usersOf(other.id)).toBe(4);
    const [row] = await t.db.select().from(orgUsers).where(eq(orgUsers.academic_num, 'X000002'));
    expect(row.real_name).toBe('改名了');
  });

  it("another organisation's manager cannot import into this organisation", async () => {
    const before = await usersOf(org.id);
    const res = await t.call('POST', `/v1/${org.key}/users/import`, { token: otherManagerToken, body: payload(userRows(2, org.id, 'Z')) });
    expect(res.status).toBe(403);
    const students = await t.call('POST', `/v1/${org.key}/students/import`, { token: otherManagerToken, body: payload(studentRows(2, org.id)) });
    expect(students.status).toBe(403);
    expect(await usersOf(org.id)).toBe(before);
    // The organisation comes from the path: an org_id of another organisation in the rows is ignored.
    const own = await t.call('POST', `/v1/${other.key}/users/import`, { token: otherManagerToken, body: payload(userRows(1, org.id, 'P')) });
    expect(own.status).toBe(200);
    expect(await usersOf(org.id)).toBe(before);
    const noToken = await t.call('POST', `/v1/${org.key}/users/import`, { body: payload(userRows(1, org.id)) });
    expect(noToken.status).toBe(401);
  });

  it('a file of 50,001 rows is refused with a clear message', async () => {
    const rows = userRows(IMPORT_MAX_ROWS + 1, other.id, 'M');
    const res = await t.call('POST', `/v1/${other.key}/users/import`, { token: otherManagerToken, body: payload(rows) });
    expect(res.status).toBe(422);
    expect(res.message).toBe(tooManyRowsMessage(IMPORT_MAX_ROWS));
  });

  it('a body over the import limit is refused with a clear message, not a generic one', async () => {
    const res = await t.call('POST', `/v1/${other.key}/users/import`, {
      token: otherManagerToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: 'x'.repeat(IMPORT_BODY_LIMIT + 10) }),
    });
    expect(res.status).toBe(413);
    expect(res.message).toBe(IMPORT_TOO_LARGE);
  });

  it('the platform imports write into the one organisation all rows name', async () => {
    const target = await t.org('school3');
    const res = await t.call('POST', '/v1/organizations/import', { token: t.superToken, body: payload(userRows(5, target.id, 'T')) });
    expect(res.status).toBe(200);
    expect(res.data.created).toBe(5);
    expect(await usersOf(target.id)).toBe(5);

    const school = await t.call('POST', '/v1/organizations/school/import', { token: t.superToken, body: payload(studentRows(7, target.id)) });
    expect(school.data).toEqual({ created: 7, updated: 0, total: 7 });
    const list = await t.call('GET', `/v1/${target.key}/students?page_size=100`, { token: t.superToken });
    expect(list.data._meta.totalCount).toBe(7);
    expect(list.data.items.find((s: { account: string }) => s.account === 'S000001')).toMatchObject({ name: '学生1', sex: 1, grade: 1, class: 1, enrollment_date: '2023' });
  });

  it('the platform imports refuse mixed, missing or unknown org_id and non-super callers', async () => {
    const target = await t.org('school4');
    const mixed = [...userRows(2, target.id, 'Q'), ...userRows(1, other.id, 'W')];
    const r1 = await t.call('POST', '/v1/organizations/import', { token: t.superToken, body: payload(mixed) });
    expect(r1.status).toBe(422);
    expect(r1.message).toBe('一次只能导入到同一个机构');
    const unknown = await t.call('POST', '/v1/organizations/school/import', { token: t.superToken, body: payload(studentRows(2, 999999)) });
    expect(unknown.status).toBe(422);
    expect(unknown.message).toBe('找不到ID为999999的机构');
    const missing = userRows(2, target.id, 'N');
    delete missing[1].org_id;
    const r3 = await t.call('POST', '/v1/organizations/import', { token: t.superToken, body: payload(missing) });
    expect(r3.status).toBe(422);
    expect(r3.message).toBe('每一行都必须指定所属机构的ID');
    const manager = await t.call('POST', '/v1/organizations/import', { token: otherManagerToken, body: payload(userRows(1, other.id, 'K')) });
    expect(manager.status).toBe(403);
    expect(await usersOf(target.id)).toBe(0);
  });

  it('the school import converts 男/女, keeps a stored 身份类别 when the file has none, and updates by 学号', async () => {
    const school = await t.org('school5');
    const rows = studentRows(2, school.id).map((r, i) => ({ ...r, sex: i === 0 ? '男' : '', identity: 9 }));
    const res = await t.call('POST', `/v1/${school.key}/students/import`, { token: t.superToken, body: payload(rows) });
    expect(res.status).toBe(200);
    const again = studentRows(2, school.id).map((r) => ({ ...r, sex: '女', name: `${r.name}改` }));
    const res2 = await t.call('POST', `/v1/${school.key}/students/import`, { token: t.superToken, body: payload(again) });
    expect(res2.data).toEqual({ created: 0, updated: 2, total: 2 });
    const stored = await t.db.select().from(students).where(eq(students.org_id, school.id)).orderBy(students.account);
    expect(stored.map((s) => [s.name, s.sex, s.identity])).toEqual([
      ['学生1改', 2, 9],
      ['学生2改', 2, 9],
    ]);
    const bad = studentRows(1, school.id).map((r) => ({ ...r, grade: 12, sex: '男生' }));
    const res3 = await t.call('POST', `/v1/${school.key}/students/import`, { token: t.superToken, body: payload(bad) });
    expect(res3.status).toBe(422);
    expect(res3.data.errors).toEqual([`第2行: ${SEX_INVALID}`, '第2行: 用户年级信息填写错误']);
  });

  it('the user list export is an xlsx of the template columns with formula cells escaped', async () => {
    const school = await t.org('school6');
    const rows = userRows(4, school.id, 'E');
    rows[0].real_name = '=HYPERLINK("http://x","y")';
    rows[1].department = '+1+2';
    rows[2].real_name = '-3';
    rows[3].department = '@SUM(A1)';
    expect((await t.call('POST', `/v1/${school.key}/users/import`, { token: t.superToken, body: payload(rows) })).status).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: `/v1/${school.key}/export/userList`, headers: { authorization: `Bearer ${t.superToken}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('用户列表.xlsx'));
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const aoa = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(aoa[0]).toEqual(importTemplate(ORG_USER_IMPORT).headers);
    expect(aoa.slice(1)).toEqual([
      ['E000001', `'=HYPERLINK("http://x","y")`, 0, '计算机学院', 1],
      ['E000002', '用户2', 1, "'+1+2", 2],
      ['E000003', "'-3", 2, '计算机学院', 3],
      ['E000004', '用户4', 0, "'@SUM(A1)", 4],
    ]);

    await t.call('POST', `/v1/${school.key}/students/import`, { token: t.superToken, body: payload(studentRows(1, school.id)) });
    const st = await t.app.inject({ method: 'GET', url: `/v1/${school.key}/export/userList?type=student`, headers: { authorization: `Bearer ${t.superToken}` } });
    const sbook = XLSX.read(st.rawPayload, { type: 'buffer' });
    const saoa = XLSX.utils.sheet_to_json<unknown[]>(sbook.Sheets[sbook.SheetNames[0]], { header: 1 });
    expect(saoa).toEqual([importTemplate(STUDENT_IMPORT).headers, ['学生1', 'S000001', '男', 1, 1, '2023', '第一实验小学']]);

    const foreign = await t.app.inject({ method: 'GET', url: `/v1/${school.key}/export/userList`, headers: { authorization: `Bearer ${otherManagerToken}` } });
    expect(foreign.statusCode).toBe(403);
  });

  it('the demo data imports users and students through the import routes, and a re-run adds none', { timeout: 300_000 }, async () => {
    const first = await seedDemo(t.app, steps);
    expect(first.orgUsers).toBeGreaterThan(0);
    expect(first.students).toBeGreaterThan(0);
    const again = await seedDemo(t.app, steps);
    expect(again.orgUsers).toBe(0);
    expect(again.students).toBe(0);
    const [school] = await t.db.select().from(organizations).where(eq(organizations.key, 'gzsyxx'));
    const n = (await t.db.select({ n: count() }).from(students).where(eq(students.org_id, school.id)))[0].n;
    expect(n).toBe(first.students);
    const [a] = await t.db.select().from(auditLogs).where(eq(auditLogs.resource, 'students'));
    expect(a.action).toBe('import');
  });
});
