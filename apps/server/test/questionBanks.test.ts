import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_PAPER_RULES, paperTotalMessage, QUESTION_IMPORT_HEADERS as H } from '@huodong/domain';
import { questions } from '../src/db/schema.js';
import { MANAGER_PASSWORD, testApp, type TestApp } from './helpers.js';

/**
 * The question banks beyond the generated resource tests: each type's checks through the API,
 * the spreadsheet import (row-numbered errors, all or nothing), duplicates, the batch actions and
 * moves between banks, copying from the public bank, the default paper rule, the statistics and
 * another organisation's token on every hand-written route.
 */
let t: TestApp;
let orgA: { id: number; key: string };
let orgB: { id: number; key: string };
let adminA: string;
let normalA: string;
let adminB: string;

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  orgA = await t.org('qbanka');
  orgB = await t.org('qbankb');
  await t.manager(orgA.id, 'qbadmina');
  await t.manager(orgA.id, 'qbnormala', 'normal');
  await t.manager(orgB.id, 'qbadminb');
  adminA = await t.login('qbadmina', MANAGER_PASSWORD, orgA.key);
  normalA = await t.login('qbnormala', MANAGER_PASSWORD, orgA.key);
  adminB = await t.login('qbadminb', MANAGER_PASSWORD, orgB.key);
});
afterAll(() => t.close());

const own = (org = orgA) => `/v1/${org.key}/question`;
const single = (stem: string, extra: Record<string, unknown> = {}) => ({ type: 1, stem, options: [{ key: 'A', text: '甲' }, { key: 'B', text: '乙' }, { key: 'C', text: '丙' }], answer: 'B', ...extra });
const create = async (body: Record<string, unknown>, token = adminA, path = own()) => {
  const res = await t.call('POST', path, { token, body });
  expect(res.status, res.message).toBe(200);
  return res.data as { id: number } & Record<string, unknown>;
};
/** A sheet row keyed by the template's headers. */
const sheetRow = (cells: Record<string, string>) => Object.fromEntries(Object.entries(cells).map(([k, v]) => [H[k], v]));

describe('each type is checked across its fields (422 naming the field)', () => {
  const refused = async (body: Record<string, unknown>, field: string) => {
    const res = await t.call('POST', own(), { token: adminA, body });
    expect(res.status, JSON.stringify(res.data)).toBe(422);
    expect(res.data.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(res.message).toMatch(/[\u4e00-\u9fa5]/);
  };

  it('single choice: 2–8 options, exactly one correct, keys A… in order', async () => {
    await refused(single('一个选项', { options: [{ key: 'A', text: '甲' }], answer: 'A' }), 'options');
    await refused(single('两个答案', { answer: 'A,B' }), 'answer');
    await refused(single('答案不在选项中', { answer: 'E' }), 'answer');
    await refused(single('标识跳过', { options: [{ key: 'A', text: '甲' }, { key: 'C', text: '丙' }], answer: 'A' }), 'options.1.key');
    const ok = await create(single('单选题：正确的一道'));
    expect(ok.answer).toBe('B');
  });

  it('multiple choice: at least 3 options and 2 correct; the answer is stored sorted', async () => {
    await refused({ type: 2, stem: '多选只有一个答案', options: single('').options, answer: 'A' }, 'answer');
    await refused({ type: 2, stem: '多选两个选项', options: single('').options.slice(0, 2), answer: 'A,B' }, 'options');
    const ok = await create({ type: 2, stem: '多选题：正确的一道', options: single('').options, answer: 'C,A' });
    expect(ok.answer).toBe('A,C');
    expect(ok.answer_text).toBe('A,C');
  });

  it('true/false: no options, answer 正确 or 错误 stored as T/F', async () => {
    await refused({ type: 3, stem: '判断带选项', options: single('').options, answer: 'T' }, 'options');
    await refused({ type: 3, stem: '判断答案不对', answer: '也许' }, 'answer');
    const ok = await create({ type: 3, stem: '判断题：正确的一道', answer: '错误' });
    expect(ok.answer).toBe('F');
    expect(ok.answer_text).toBe('错误');
  });

  it('fill-in: blanks in the stem match the answer groups, each with its accepted answers', async () => {
    await refused({ type: 4, stem: '没有空的填空题', answer: [['甲']] }, 'stem');
    await refused({ type: 4, stem: '两个空___和___', answer: [['甲']] }, 'answer');
    await refused({ type: 4, stem: '一个空___', answer: [[]] }, 'answer.0');
    const ok = await create({ type: 4, stem: '《呐喊》的作者是___，原名___。', answer: [['鲁迅', '周树人'], ['周樟寿']] });
    expect(JSON.parse(String(ok.answer))).toEqual([['鲁迅', '周树人'], ['周樟寿']]);
    expect(ok.answer_text).toBe('鲁迅/周树人 | 周樟寿');
  });

  it('short answer: a reference answer, no options', async () => {
    await refused({ type: 5, stem: '简答没有参考答案', answer: '' }, 'answer');
    await create({ type: 5, stem: '简答题：请谈谈阅读的意义。', answer: '言之有理即可' });
  });

  it('an edit is checked on the merged question: changing the type alone keeps the old answer and is refused', async () => {
    const q = await create(single('将要改成判断题的单选'));
    const res = await t.call('POST', `${own()}/${q.id}`, { token: adminA, body: { type: 3 } });
    expect(res.status).toBe(422);
    expect(res.data.errors[0].field).toBe('answer');
    const fixed = await t.call('POST', `${own()}/${q.id}`, { token: adminA, body: { type: 3, answer: '正确' } });
    expect(fixed.status, fixed.message).toBe(200);
    expect(fixed.data.options).toEqual([]);
    expect(fixed.data.answer).toBe('T');
  });

  it("a category must be one of the bank's: another organisation's category is refused", async () => {
    const theirs = await t.call('POST', `/v1/${orgB.key}/category`, { token: adminB, body: { name: '别馆分类' } });
    expect(theirs.status).toBe(200);
    await refused(single('别人的分类', { category_id: theirs.data.id }), 'category_id');
  });
});

describe('import from the spreadsheet template', () => {
  it('imports every row, finding categories by name', async () => {
    const cat = await t.call('POST', `/v1/${orgA.key}/category`, { token: adminA, body: { name: '古典文学' } });
    const before = (await t.call('GET', `${own()}?page_size=1`, { token: adminA })).data._meta.totalCount;
    const res = await t.call('POST', `${own()}/batchCreate`, {
      token: adminA,
      body: {
        rows: [
          { ...sheetRow({ type: '单选题/多选题/判断题/填空题/简答题', stem: '提示行' }), _row: 2 },
          { ...sheetRow({ type: '单选题', stem: '导入：《西游记》的作者是？', option_A: '吴承恩', option_B: '施耐庵', answer: 'A', category: '古典文学', difficulty: '容易' }), _row: 3 },
          { ...sheetRow({ type: '多选题', stem: '导入：四大名著有哪些？', option_A: '水浒传', option_B: '西游记', option_C: '聊斋志异', answer: 'A,B', default_score: '6' }), _row: 4 },
          { ...sheetRow({ type: '填空题', stem: '导入：《呐喊》的作者是___。', answer: '鲁迅;周树人' }), _row: 5 },
          { ...sheetRow({ type: '判断题', stem: '导入：《朝花夕拾》是散文集。', answer: '正确', tags: '鲁迅,散文' }), _row: 6 },
          { ...sheetRow({ type: '简答题', stem: '导入：谈谈你最喜欢的书。', answer: '言之有理即可' }), _row: 7 },
        ],
      },
    });
    expect(res.status, res.message).toBe(200);
    expect(res.data.created).toBe(5);
    const list = await t.call('GET', `${own()}?keyword=${encodeURIComponent('西游记》的作者')}`, { token: adminA });
    expect(list.data.items).toHaveLength(1);
    expect(list.data.items[0].category_id).toBe(cat.data.id);
    expect(list.data.items[0].difficulty).toBe(1);
    const fill = await t.call('GET', `${own()}?keyword=${encodeURIComponent('导入：《呐喊》')}`, { token: adminA });
    expect(JSON.parse(fill.data.items[0].answer)).toEqual([['鲁迅', '周树人']]);
    expect((await t.call('GET', `${own()}?page_size=1`, { token: adminA })).data._meta.totalCount).toBe(before + 5);
  });

  it('a sheet with a bad row writes nothing and names every bad row and column (第N行: …)', async () => {
    const before = (await t.call('GET', `${own()}?page_size=1`, { token: adminA })).data._meta.totalCount;
    const res = await t.call('POST', `${own()}/batchCreate`, {
      token: adminA,
      body: {
        rows: [
          { ...sheetRow({ type: '单选题', stem: '好的一行', option_A: '甲', option_B: '乙', answer: 'A' }), _row: 2 },
          { ...sheetRow({ type: '单选题', stem: '两个答案的一行', option_A: '甲', option_B: '乙', answer: 'A,B' }), _row: 3 },
          { ...sheetRow({ type: '问答题', stem: '题型不对' }), _row: 4 },
          { ...sheetRow({ type: '单选题', stem: '未知分类', option_A: '甲', option_B: '乙', answer: 'A', category: '不存在的分类' }), _row: 5 },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.data.errors).toContain('第3行: 答案：单选题只能有一个正确答案');
    expect(res.data.errors.some((e: string) => e.startsWith('第4行: 题型只能是'))).toBe(true);
    expect((await t.call('GET', `${own()}?page_size=1`, { token: adminA })).data._meta.totalCount).toBe(before);
    // The categories are checked once the rows are right: still nothing written.
    const onlyCategory = await t.call('POST', `${own()}/batchCreate`, {
      token: adminA,
      body: { rows: [{ ...sheetRow({ type: '单选题', stem: '好的一行', option_A: '甲', option_B: '乙', answer: 'A' }), _row: 2 }, { ...sheetRow({ type: '单选题', stem: '未知分类', option_A: '甲', option_B: '乙', answer: 'A', category: '不存在的分类' }), _row: 5 }] },
    });
    expect(onlyCategory.status).toBe(422);
    expect(onlyCategory.data.errors).toEqual(['第5行: 分类“不存在的分类”不存在']);
    expect((await t.call('GET', `${own()}?page_size=1`, { token: adminA })).data._meta.totalCount).toBe(before);
  });

  it('a repeated column aborts the import (spec §5)', async () => {
    const res = await t.call('POST', `${own()}/batchCreate`, { token: adminA, body: { rows: [{ 题型: '单选题', 题干: '甲', 题干_1: '乙' }] } });
    expect(res.status).toBe(422);
    expect(res.data.errors).toEqual(["本用户列表excel的'题干'字段存在重复"]);
  });

  it('the public bank imports through /v1/public/batchCreate, for the platform only', async () => {
    const rows = [sheetRow({ type: '判断题', stem: '公共导入：《论语》是儒家经典。', answer: '对' })];
    expect((await t.call('POST', '/v1/public/batchCreate', { token: adminA, body: { rows } })).status).toBe(403);
    const res = await t.call('POST', '/v1/public/batchCreate', { token: t.superToken, body: { rows } });
    expect(res.data.created).toBe(1);
    const [row] = await t.db.select().from(questions).where(eq(questions.stem, '公共导入：《论语》是儒家经典。'));
    expect(row.org_id).toBeNull();
    expect(row.answer).toBe('T');
  });
});

describe('duplicates by stem similarity', () => {
  it('finds near-identical stems in the same bank only, most similar first, side by side', async () => {
    const q = await create(single('中国第一部纪传体通史是哪一部著作？'));
    await create(single('中国第一部纪传体通史是哪一部著作？'), adminB, own(orgB));
    const res = await t.call('POST', `/v1/${orgA.key}/contest/compare`, { token: adminA, body: { stems: ['中国第一部纪传体通史是哪一部著作', '完全不同的题目内容在这里'] } });
    expect(res.status).toBe(200);
    expect(res.data.items).toHaveLength(1);
    expect(res.data.items[0].index).toBe(0);
    expect(res.data.items[0].matches.map((m: { id: number }) => m.id)).toEqual([q.id]);
    expect(res.data.items[0].matches[0]).toMatchObject({ similarity: 1, answer_text: 'B', type: 1 });
    // Editing a question does not find itself.
    const self = await t.call('POST', `/v1/${orgA.key}/contest/compare`, { token: adminA, body: { stems: ['中国第一部纪传体通史是哪一部著作？'], exclude_id: q.id } });
    expect(self.data.items).toEqual([]);
    // A small change is still a duplicate; a different question is not.
    const near = await t.call('POST', `/v1/${orgA.key}/contest/compare`, { token: adminA, body: { stems: ['中国的第一部纪传体通史是哪一部著作？'] } });
    expect(near.data.items[0].matches[0].id).toBe(q.id);
    expect(near.data.items[0].matches[0].similarity).toBeGreaterThanOrEqual(0.9);
  });

  it('many stems at once (an import) find the same duplicates through the length range', async () => {
    const q = await create(single('世界上现存最早的一部农书是哪一部著作？'));
    const stems = [...Array.from({ length: 25 }, (_, i) => `互不相同的题目内容编号${i}号是什么`), '世界上现存最早的一部农书是哪部著作？'];
    const res = await t.call('POST', `/v1/${orgA.key}/contest/compare`, { token: adminA, body: { stems } });
    expect(res.data.items.map((x: { index: number }) => x.index)).toEqual([25]);
    expect(res.data.items[0].matches.map((m: { id: number }) => m.id)).toEqual([q.id]);
  });

  it('the public bank compares through /v1/public/compare (platform only)', async () => {
    await create(single('世界上第一部百科全书式的著作是哪一部？'), t.superToken, '/v1/public');
    expect((await t.call('POST', '/v1/public/compare', { token: adminA, body: { stems: ['世界上第一部百科全书式的著作是哪一部'] } })).status).toBe(403);
    const res = await t.call('POST', '/v1/public/compare', { token: t.superToken, body: { stems: ['世界上第一部百科全书式的著作是哪一部'] } });
    expect(res.data.items).toHaveLength(1);
  });

  it("another organisation's token cannot compare in this bank", async () => {
    expect((await t.call('POST', `/v1/${orgA.key}/contest/compare`, { token: adminB, body: { stems: ['甲'] } })).status).toBe(403);
  });
});

describe('batch actions and moves between banks', () => {
  it('batchUpdateCategory sets the category of own questions only, and refuses a category of another bank', async () => {
    const cat = await t.call('POST', `/v1/${orgA.key}/category`, { token: adminA, body: { name: '批量分类' } });
    const mine = await create(single('批量改分类一'));
    const theirs = await create(single('别馆的题目'), adminB, own(orgB));
    const res = await t.call('POST', `${own()}/batchUpdateCategory`, { token: adminA, body: { ids: [mine.id, theirs.id], category_id: cat.data.id } });
    expect(res.data.updated).toBe(1);
    expect((await t.call('GET', `${own()}/${mine.id}`, { token: adminA })).data.category_id).toBe(cat.data.id);
    expect((await t.call('GET', `${own(orgB)}/${theirs.id}`, { token: adminB })).data.category_id).toBeNull();
    const foreignCat = await t.call('POST', `/v1/${orgB.key}/category`, { token: adminB, body: { name: '别馆批量分类' } });
    const bad = await t.call('POST', `${own()}/batchUpdateCategory`, { token: adminA, body: { ids: [mine.id], category_id: foreignCat.data.id } });
    expect(bad.status).toBe(422);
    expect(bad.data.errors[0].field).toBe('category_id');
    // Another organisation's token on this bank's path: refused.
    expect((await t.call('POST', `${own()}/batchUpdateCategory`, { token: adminB, body: { ids: [mine.id], category_id: null } })).status).toBe(403);
    // Deleting the category leaves its questions without one.
    expect((await t.call('DELETE', `/v1/${orgA.key}/category/${cat.data.id}`, { token: adminA })).status).toBe(200);
    expect((await t.call('GET', `${own()}/${mine.id}`, { token: adminA })).data.category_id).toBeNull();
  });

  it('the public bank and the platform\'s view of an organisation\'s bank take batchUpdateCategory from the platform only', async () => {
    const platformCat = await t.call('POST', '/v1/categories', { token: t.superToken, body: { name: '批量平台分类' } });
    const pub = await create(single('公共题库批量分类的题目'), t.superToken, '/v1/public');
    expect((await t.call('POST', '/v1/public/batchUpdateCategory', { token: adminA, body: { ids: [pub.id], category_id: platformCat.data.id } })).status).toBe(403);
    const done = await t.call('POST', '/v1/public/batchUpdateCategory', { token: t.superToken, body: { ids: [pub.id], category_id: platformCat.data.id } });
    expect(done.data.updated).toBe(1);
    expect((await t.call('GET', `/v1/public/${pub.id}`, { token: t.superToken })).data.category_id).toBe(platformCat.data.id);
    // An organisation's category is not one of the public bank's.
    const orgCat = await t.call('POST', `/v1/${orgA.key}/category`, { token: adminA, body: { name: '本馆批量分类二' } });
    const wrong = await t.call('POST', '/v1/public/batchUpdateCategory', { token: t.superToken, body: { ids: [pub.id], category_id: 999999 } });
    expect(wrong.status).toBe(422);
    const mine = await create(single('平台改分类的机构题目'));
    const path = `/v1/org/${orgA.key}/questions/batchUpdateCategory`;
    expect((await t.call('POST', path, { token: adminA, body: { ids: [mine.id], category_id: orgCat.data.id } })).status).toBe(403);
    expect((await t.call('POST', path, { token: t.superToken, body: { ids: [mine.id], category_id: orgCat.data.id } })).data.updated).toBe(1);
    expect((await t.call('GET', `${own()}/${mine.id}`, { token: adminA })).data.category_id).toBe(orgCat.data.id);
  });

  it('deleting a platform category leaves the public questions in it without one', async () => {
    const cat = await t.call('POST', '/v1/categories', { token: t.superToken, body: { name: '将删除的平台分类' } });
    const q = await create(single('平台分类里的公共题目', { category_id: cat.data.id }), t.superToken, '/v1/public');
    expect(q.category_id).toBe(cat.data.id);
    expect((await t.call('DELETE', `/v1/categories/${cat.data.id}`, { token: t.superToken })).status).toBe(200);
    expect((await t.call('GET', `/v1/public/${q.id}`, { token: t.superToken })).data.category_id).toBeNull();
  });

  it('batchUpdateOrg moves questions to another organisation (platform only), clearing the category', async () => {
    const cat = await t.call('POST', `/v1/${orgA.key}/category`, { token: adminA, body: { name: '将被移走' } });
    const q = await create(single('要移到别馆的题目', { category_id: cat.data.id }));
    const path = `/v1/org/${orgA.key}/questions/batchUpdateOrg`;
    expect((await t.call('POST', path, { token: adminA, body: { ids: [q.id], org_id: orgB.id } })).status).toBe(403);
    const same = await t.call('POST', path, { token: t.superToken, body: { ids: [q.id], org_id: orgA.id } });
    expect(same.status).toBe(422);
    expect(same.data.errors[0].field).toBe('org_id');
    const res = await t.call('POST', path, { token: t.superToken, body: { ids: [q.id], org_id: orgB.id } });
    expect(res.data.updated).toBe(1);
    expect((await t.call('GET', `${own()}/${q.id}`, { token: adminA })).status).toBe(404);
    const moved = await t.call('GET', `${own(orgB)}/${q.id}`, { token: adminB });
    expect(moved.data.category_id).toBeNull();
  });

  it('transfer moves an organisation\'s questions into the public bank (platform only)', async () => {
    const q = await create(single('收入公共题库的好题'));
    const path = `/v1/org/${orgA.key}/questions/transfer`;
    expect((await t.call('POST', path, { token: adminA, body: { ids: [q.id] } })).status).toBe(403);
    expect((await t.call('POST', path, { token: t.superToken, body: { ids: [q.id] } })).data.updated).toBe(1);
    expect((await t.call('GET', `/v1/public/${q.id}`, { token: t.superToken })).status).toBe(200);
    expect((await t.call('GET', `/v1/org/${orgA.key}/questions/${q.id}`, { token: t.superToken })).status).toBe(404);
  });

  it('an organisation copies public questions once (choose); paused public questions are not offered', async () => {
    const a = await create(single('公共题：可以复制的题目'), t.superToken, '/v1/public');
    const paused = await create(single('公共题：暂停的题目'), t.superToken, '/v1/public');
    await t.call('POST', `/v1/public/${paused.id}/disable`, { token: t.superToken });
    const seen = await t.call('GET', `/v1/${orgA.key}/public?keyword=${encodeURIComponent('公共题：')}`, { token: normalA });
    expect(seen.status).toBe(200);
    expect(seen.data.items.map((x: { id: number }) => x.id)).toEqual([a.id]);
    const first = await t.call('POST', `/v1/${orgA.key}/public/choose`, { token: adminA, body: { ids: [a.id, paused.id] } });
    expect(first.data).toEqual({ added: 1, skipped: 1 });
    const after = await t.call('GET', `/v1/${orgA.key}/public?keyword=${encodeURIComponent('公共题：')}`, { token: normalA });
    expect(after.data.items.map((x: { copied: number }) => x.copied)).toEqual([1]);
    expect(seen.data.items.map((x: { copied: number }) => x.copied)).toEqual([0]);
    const again = await t.call('POST', `/v1/${orgA.key}/public/choose`, { token: adminA, body: { ids: [a.id] } });
    expect(again.data).toEqual({ added: 0, skipped: 1 });
    const copy = await t.call('GET', `${own()}?keyword=${encodeURIComponent('公共题：可以复制')}`, { token: adminA });
    expect(copy.data.items).toHaveLength(1);
    expect(copy.data.items[0].id).not.toBe(a.id);
    // Another organisation's token cannot copy into this bank.
    expect((await t.call('POST', `/v1/${orgA.key}/public/choose`, { token: adminB, body: { ids: [a.id] } })).status).toBe(403);
  });

  it('copies made in parallel are made once', async () => {
    const a = await create(single('公共题：并发复制的题目'), t.superToken, '/v1/public');
    const results = await Promise.all([1, 2, 3, 4].map(() => t.call('POST', `/v1/${orgA.key}/public/choose`, { token: adminA, body: { ids: [a.id] } })));
    expect(results.reduce((n, r) => n + (r.data?.added ?? 0), 0)).toBe(1);
    const rows = await t.db.select().from(questions).where(eq(questions.copied_from, a.id));
    expect(rows).toHaveLength(1);
  });
});

describe('organisations, types, categories, default rule, statistics', () => {
  it('lists the organisations with the size of their banks (platform only)', async () => {
    const res = await t.call('GET', `/v1/questions/organizations?keyword=${orgA.key}`, { token: t.superToken });
    expect(res.data.items[0]).toMatchObject({ key: orgA.key });
    expect(res.data.items[0].question_count).toBeGreaterThan(5);
    expect((await t.call('GET', '/v1/questions/organizations', { token: adminA })).status).toBe(403);
  });

  it('the five types with their counts', async () => {
    const res = await t.call('GET', '/v1/question/types', { token: t.superToken });
    expect(res.data.map((x: { name: string }) => x.name)).toEqual(['单选题', '多选题', '判断题', '填空题', '简答题']);
    expect(res.data[0].org_count).toBeGreaterThan(0);
  });

  it('the default paper rule: 100 points by default, saved only when valid and totalling 100', async () => {
    const got = await t.call('GET', '/v1/contestConfigs', { token: adminA });
    expect(got.data.rules).toEqual(DEFAULT_PAPER_RULES);
    expect(got.data.total).toBe(100);
    const bad = await t.call('POST', '/v1/contestConfigs/save', { token: t.superToken, body: { rules: [{ type: 1, count: 20, score_each: 3 }, { type: 3, count: 10, score_each: 3 }] } });
    expect(bad.status).toBe(422);
    expect(bad.message).toContain(paperTotalMessage(90));
    const overlap = await t.call('POST', '/v1/contestConfigs/save', { token: t.superToken, body: { rules: [{ type: 1, count: 5, score_each: 10 }, { type: 1, count: 5, score_each: 10 }] } });
    expect(overlap.status).toBe(422);
    expect((await t.call('POST', '/v1/contestConfigs/save', { token: adminA, body: { rules: DEFAULT_PAPER_RULES } })).status).toBe(403);
    const good = [{ type: 1, count: 20, score_each: 3 }, { type: 3, count: 10, score_each: 4 }];
    const ok = await t.call('POST', '/v1/contestConfigs/save', { token: t.superToken, body: { rules: good } });
    expect(ok.status, ok.message).toBe(200);
    const now = await t.call('GET', '/v1/contestConfigs', { token: adminA });
    expect(now.data.rules.map((r: { type: number; count: number }) => [r.type, r.count])).toEqual([[1, 20], [3, 10]]);
    expect(now.data.total).toBe(100);
  });

  it('the organisation bank figures: by type, difficulty and category, use and correct rate', async () => {
    const q = await create({ type: 3, stem: '统计用的判断题', answer: '正确' });
    await t.db.update(questions).set({ used_count: 10, answered_count: 8, correct_count: 2 }).where(eq(questions.id, q.id));
    const res = await t.call('GET', `/v1/${orgA.key}/count/question`, { token: normalA });
    expect(res.status).toBe(200);
    expect(res.data.by_type.map((x: { name: string }) => x.name)).toEqual(['单选题', '多选题', '判断题', '填空题', '简答题']);
    expect(res.data.by_difficulty).toHaveLength(5);
    const tf = res.data.by_type.find((x: { key: number }) => x.key === 3);
    expect(tf.answered).toBe(8);
    expect(tf.correct_rate).toBe(25);
    expect(res.data.hardest[0]).toMatchObject({ id: q.id, correct_rate: 25 });
    expect(res.data.total).toBe(res.data.by_type.reduce((n: number, x: { count: number }) => n + x.count, 0));
    expect((await t.call('GET', `/v1/${orgA.key}/count/question`, { token: adminB })).status).toBe(403);
    const platform = await t.call('GET', '/v1/count/question', { token: t.superToken });
    expect(platform.data.public.total).toBeGreaterThan(0);
    expect(platform.data.orgs.banks).toBeGreaterThanOrEqual(2);
    const orgs = await t.call('GET', `/v1/count/question/organizations?keyword=${orgA.key}`, { token: t.superToken });
    expect(orgs.data.items[0]).toMatchObject({ key: orgA.key, used: 10, answered: 8, correct: 2, correct_rate: 25 });
    expect((await t.call('GET', '/v1/count/question', { token: adminA })).status).toBe(403);
  });

  it("the banks' state equals a recount of the questions after every kind of write (the sums of migration 0045)", async () => {
    type Group = { key: number | null; count: number; paused: number; used: number; answered: number; correct: number };
    type Figures = { total: number; paused: number; used: number; answered: number; correct: number; by_type: Group[]; by_difficulty: Group[]; by_category: Group[] };
    // The same figures counted from the questions themselves (the statement before migration 0045).
    const recount = async (bank: number) => {
      const rows = (await t.database.query<{ type: number; difficulty: number; category_id: number | null; is_pause: number; n: number; used: number; answered: number; correct: number }>(
        `select type, difficulty, category_id, is_pause, count(*)::int as n, sum(used_count)::int as used, sum(answered_count)::int as answered, sum(correct_count)::int as correct
         from questions where bank_id = $1 and is_delete = 0 group by 1, 2, 3, 4`,
        [bank],
      ));
      const by = (key: (r: (typeof rows)[number]) => number | null) => {
        const m = new Map<number | null, Omit<Group, 'key'>>();
        for (const r of rows) {
          const g = m.get(key(r)) ?? { count: 0, paused: 0, used: 0, answered: 0, correct: 0 };
          m.set(key(r), { count: g.count + r.n, paused: g.paused + (r.is_pause === 1 ? r.n : 0), used: g.used + r.used, answered: g.answered + r.answered, correct: g.correct + r.correct });
        }
        return m;
      };
      return { all: by(() => 0).get(0), type: by((r) => r.type), difficulty: by((r) => r.difficulty), category: by((r) => r.category_id) };
    };
    const nonEmpty = (groups: Group[]) => Object.fromEntries(groups.filter((g) => g.count > 0).map((g) => [String(g.key), { count: g.count, paused: g.paused, used: g.used, answered: g.answered, correct: g.correct }]));
    const asObject = (m: Map<number | null, Omit<Group, 'key'>>) => Object.fromEntries([...m.entries()].map(([k, v]) => [String(k), v]));
    const expectRecount = async (f: Figures, bank: number) => {
      const c = await recount(bank);
      expect({ total: f.total, paused: f.paused, used: f.used, answered: f.answered, correct: f.correct }).toEqual({ total: c.all?.count ?? 0, paused: c.all?.paused ?? 0, used: c.all?.used ?? 0, answered: c.all?.answered ?? 0, correct: c.all?.correct ?? 0 });
      expect(nonEmpty(f.by_type)).toEqual(asObject(c.type));
      expect(nonEmpty(f.by_difficulty)).toEqual(asObject(c.difficulty));
      expect(nonEmpty(f.by_category)).toEqual(asObject(c.category));
    };
    const check = async () => {
      const mine = await t.call('GET', `/v1/${orgA.key}/count/question`, { token: adminA });
      expect(mine.status).toBe(200);
      await expectRecount(mine.data, orgA.id);
      const theirs = await t.call('GET', `/v1/${orgB.key}/count/question`, { token: adminB });
      await expectRecount(theirs.data, orgB.id);
      const platform = await t.call('GET', '/v1/count/question', { token: t.superToken });
      await expectRecount(platform.data.public, 0);
      const [orgs] = await t.database.query<{ n: number; banks: number; answered: number }>(
        `select count(*)::int as n, count(distinct org_id)::int as banks, coalesce(sum(answered_count), 0)::int as answered from questions where org_id is not null and is_delete = 0`,
      );
      expect(platform.data.orgs).toMatchObject({ total: orgs.n, banks: orgs.banks, answered: orgs.answered });
      const list = await t.call('GET', `/v1/count/question/organizations?keyword=${orgA.key}`, { token: t.superToken });
      const c = await recount(orgA.id);
      expect(list.data.items[0]).toMatchObject({ key: orgA.key, question_count: c.all?.count ?? 0, used: c.all?.used ?? 0, answered: c.all?.answered ?? 0, correct: c.all?.correct ?? 0 });
    };
    await check(); // the answers now remembered: each write below must be seen
    const cat = await t.call('POST', `/v1/${orgA.key}/category`, { token: adminA, body: { name: '汇总核对分类' } });
    const a = await create(single('汇总核对：新题', { difficulty: 2, category_id: cat.data.id }));
    await check();
    const edited = await t.call('POST', `${own()}/${a.id}`, { token: adminA, body: single('汇总核对：改过的题', { difficulty: 5 }) });
    expect(edited.status, JSON.stringify([edited.message, edited.data])).toBe(200);
    await check();
    await t.db.update(questions).set({ used_count: 7, answered_count: 6, correct_count: 1 }).where(eq(questions.id, a.id)); // as the counters' fold writes them
    await check();
    const imported = await t.call('POST', `${own()}/batchCreate`, {
      token: adminA,
      body: { rows: [1, 2, 3].map((n) => ({ ...sheetRow({ type: '判断题', stem: `汇总核对：导入的判断题${n}`, answer: '正确' }), _row: n + 1 })) },
    });
    expect(imported.status, JSON.stringify([imported.message, imported.data])).toBe(200);
    await check();
    expect((await t.call('POST', `/v1/org/${orgA.key}/questions/batchUpdateOrg`, { token: t.superToken, body: { ids: [a.id], org_id: orgB.id } })).data.updated).toBe(1);
    await check();
    const b = await create(single('汇总核对：收入公共题库'));
    expect((await t.call('POST', `/v1/org/${orgA.key}/questions/transfer`, { token: t.superToken, body: { ids: [b.id] } })).data.updated).toBe(1);
    await check();
    const c = await create(single('汇总核对：将删除的题'));
    await t.db.update(questions).set({ is_pause: 1 }).where(eq(questions.id, c.id));
    await check();
    expect((await t.call('DELETE', `${own()}/${c.id}`, { token: adminA })).status).toBe(200);
    await check();
  });
});
