import { describe, expect, it } from 'vitest';
import { defaultRuleBody, DEFAULT_PAPER_RULES, duplicatesWithin, findDuplicates, parseQuestionSheet, QUESTION_IMPORT_HEADERS as H, questionAnswerText, questionTemplate, similarLengths, stemKey, stemSimilarity } from '../src/index.js';

const row = (cells: Record<string, string>, n: number) => ({ ...Object.fromEntries(Object.entries(cells).map(([k, v]) => [H[k], v])), _row: n });

describe('question import sheet', () => {
  it('the template is accepted as it is: its hint row is skipped and every example imports', () => {
    const { headers, hintRow, example } = questionTemplate();
    const rows = [hintRow, ...example].map((cells, i) => ({ ...Object.fromEntries(headers.map((h, k) => [h, cells[k]])), _row: i + 2 }));
    const result = parseQuestionSheet(rows);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.questions.map((q) => q.body.type)).toEqual([1, 2, 3, 4, 5]);
  });

  it('names every bad row and column, and the fill-in cell splits blanks by | and synonyms by ;', () => {
    const result = parseQuestionSheet([
      row({ type: '填空题', stem: '___和___', answer: '甲;乙|丙' }, 2),
      row({ type: '多选题', stem: '多选', option_A: '甲', option_B: '乙', option_C: '丙', answer: 'A' }, 3),
      row({ type: '单选题', stem: '', option_A: '甲', option_B: '乙', answer: 'A' }, 4),
      row({ type: '单选题', stem: '难度', option_A: '甲', option_B: '乙', answer: 'A', difficulty: '9' }, 5),
    ]);
    expect(result).toEqual({ ok: false, errors: ['第3行: 答案：多选题至少要有两个正确答案', '第4行: 题干：请输入题干', '第5行: 难度只能是1到5'] });
    const ok = parseQuestionSheet([row({ type: '填空题', stem: '___和___', answer: '甲;乙|丙' }, 2)]);
    expect(ok.ok && JSON.parse(ok.questions[0].body.answer as string)).toEqual([['甲', '乙'], ['丙']]);
  });

  it('an empty sheet is refused', () => {
    expect(parseQuestionSheet([])).toEqual({ ok: false, errors: ['表格中没有题目'] });
  });
});

describe('duplicates', () => {
  it('the length range holds every key similar enough (Dice bound)', () => {
    const a = '中国第一部纪传体通史是哪一部著作';
    const b = '中国的第一部纪传体通史是哪一部著作';
    expect(stemSimilarity(a, b)).toBeGreaterThanOrEqual(0.9);
    const { min, max } = similarLengths(stemKey(a).length);
    expect(stemKey(b).length).toBeGreaterThanOrEqual(min);
    expect(stemKey(b).length).toBeLessThanOrEqual(max);
    expect(max).toBeLessThan(stemKey(a).length * 1.3);
  });

  it('finds the similar candidates of each stem, most similar first, and not the others', () => {
    const candidates = ['中国第一部纪传体通史是哪一部著作？', '中国的第一部纪传体通史是哪一部著作？', '世界读书日是每年的哪一天？'].map((stem, i) => ({ id: i + 1, stem, stem_key: stemKey(stem) }));
    const found = findDuplicates(['中国第一部纪传体通史是哪一部著作', '《红楼梦》的作者是谁？'], candidates);
    expect(found[0].map((m) => m.id)).toEqual([1, 2]);
    expect(found[0][0].similarity).toBe(1);
    expect(found[1]).toEqual([]);
  });
});

it('rows of one sheet repeating an earlier row are paired with it', () => {
  const found = duplicatesWithin(['中国第一部纪传体通史是哪一部著作？', '世界读书日是哪一天？', '中国第一部纪传体通史是哪一部著作', '中国的第一部纪传体通史是哪一部著作？']);
  expect(found.map((f) => f.map((m) => m.id))).toEqual([[], [], [0], [0, 2]]);
});

describe('default paper rule', () => {
  it('the default totals 100; another total or overlapping rules are refused on their field', () => {
    expect(defaultRuleBody.safeParse({ rules: DEFAULT_PAPER_RULES }).success).toBe(true);
    const short = defaultRuleBody.safeParse({ rules: [{ type: 1, count: 10, score_each: 5 }] });
    expect(short.success).toBe(false);
    expect(short.error?.issues.map((i) => i.path.join('.'))).toEqual(['rules']);
    const overlap = defaultRuleBody.safeParse({ rules: [{ type: 1, count: 10, score_each: 5 }, { type: 1, count: 10, score_each: 5, category_ids: [3] }] });
    expect(overlap.success).toBe(false);
    expect(overlap.error?.issues.map((i) => i.path.join('.'))).toEqual(['rules.1']);
    expect(overlap.error?.issues[0].message).toMatch(/^第2条规则与第1条规则/);
  });
});

it('answers as lists show them', () => {
  expect(questionAnswerText(3, 'T')).toBe('正确');
  expect(questionAnswerText(4, '[["鲁迅","周树人"],["呐喊"]]')).toBe('鲁迅/周树人 | 呐喊');
  expect(questionAnswerText(2, 'A,C')).toBe('A,C');
});
