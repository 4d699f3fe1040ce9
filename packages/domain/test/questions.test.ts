import { describe, expect, it } from 'vitest';
import { blankCount, checkQuestion, DUPLICATE_SIMILARITY, markAnswer, questionSchema, stemSimilarity } from '../src/rules/questions.js';

const opts = (n: number) => Array.from({ length: n }, (_, i) => ({ key: 'ABCDEFGH'[i] as 'A', text: `选项${i + 1}` }));
const problemsOf = (q: Parameters<typeof checkQuestion>[0]) => checkQuestion(q).problems.map((p) => `${p.field}:${p.message}`);

describe('question checks (design §4), named by field', () => {
  it('a single choice needs 2–8 options and exactly one correct', () => {
    expect(problemsOf({ type: 1, stem: '题', options: opts(1), answer: 'A' })).toEqual(['options:单选题需要2到8个选项']);
    expect(problemsOf({ type: 1, stem: '题', options: opts(4), answer: 'A,B' })).toEqual(['answer:单选题只能有一个正确答案']);
    expect(problemsOf({ type: 1, stem: '题', options: opts(4), answer: 'E' })).toEqual(['answer:正确答案必须是已有的选项']);
    expect(checkQuestion({ type: 1, stem: '题', options: opts(4), answer: ' b ' })).toEqual({ problems: [], answer: 'B' });
  });
  it('a multiple choice needs 3–8 options and at least two correct, stored sorted', () => {
    expect(problemsOf({ type: 2, stem: '题', options: opts(2), answer: 'A,B' })).toEqual(['options:多选题需要3到8个选项']);
    expect(problemsOf({ type: 2, stem: '题', options: opts(4), answer: 'C' })).toEqual(['answer:多选题至少要有两个正确答案']);
    expect(checkQuestion({ type: 2, stem: '题', options: opts(4), answer: 'D，a' }).answer).toBe('A,D');
  });
  it('options keep their keys in order and differ', () => {
    expect(problemsOf({ type: 1, stem: '题', options: [{ key: 'A', text: 'x' }, { key: 'C', text: 'y' }], answer: 'A' })).toEqual(['options.1.key:第2个选项的标识应为B']);
    expect(problemsOf({ type: 1, stem: '题', options: [{ key: 'A', text: 'x' }, { key: 'B', text: 'x' }], answer: 'A' })).toEqual(['options:选项内容不能重复']);
  });
  it('true/false takes 正确/错误 or T/F and no options', () => {
    expect(checkQuestion({ type: 3, stem: '题', options: [], answer: '正确' }).answer).toBe('T');
    expect(problemsOf({ type: 3, stem: '题', options: [], answer: '也许' })).toEqual(['answer:判断题答案只能是正确或错误']);
    expect(problemsOf({ type: 3, stem: '题', options: opts(2), answer: 'T' })).toEqual(['options:判断题不需要选项']);
  });
  it('fill-in blanks match the answer groups', () => {
    expect(blankCount('《红楼梦》的作者是___，续作者是（ ）。')).toBe(2);
    expect(problemsOf({ type: 4, stem: '作者是___，续作者是___', options: [], answer: [['曹雪芹']] })).toEqual(['answer:题干有2个空，答案有1组，数量必须一致']);
    expect(problemsOf({ type: 4, stem: '没有空', options: [], answer: [['x']] })).toEqual(['stem:填空题题干中至少要有一个空（用___表示）']);
    expect(checkQuestion({ type: 4, stem: '作者是___', options: [], answer: '[["曹雪芹","曹霑"]]' })).toEqual({ problems: [], answer: '[["曹雪芹","曹霑"]]' });
  });
  it('a short answer needs a reference answer', () => {
    expect(problemsOf({ type: 5, stem: '谈谈读后感', options: [], answer: '' })).toEqual(['answer:请填写参考答案']);
  });
  it('the schema reports problems at their paths and gives the stored answer', () => {
    const bad = questionSchema.safeParse({ type: 2, stem: '题', options: opts(3), answer: 'A' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['answer', '多选题至少要有两个正确答案']]);
    expect(questionSchema.parse({ type: 2, stem: '题', options: opts(3), answer: 'C,A' })).toMatchObject({ answer: 'A,C', difficulty: 3, default_score: 5 });
    expect(questionSchema.safeParse({ type: 9, stem: '题', answer: 'A' }).error?.issues[0]?.message).toBe('请选择有效的题型');
  });
});

describe('marking', () => {
  const multiple = { type: 2 as const, options: opts(4), answer: 'A,C,D' };
  it('single and true/false are exact', () => {
    expect(markAnswer({ type: 1, options: opts(4), answer: 'B' }, 'b', 5)).toEqual({ is_right: true, score: 5 });
    expect(markAnswer({ type: 3, options: [], answer: 'F' }, 'T', 4)).toEqual({ is_right: false, score: 0 });
    expect(markAnswer({ type: 1, options: opts(4), answer: 'B' }, null, 5)).toEqual({ is_right: false, score: 0 });
  });
  it('multiple is all or nothing unless partial credit is on, and any wrong key scores 0', () => {
    expect(markAnswer(multiple, ['D', 'A', 'C'], 6)).toEqual({ is_right: true, score: 6 });
    expect(markAnswer(multiple, ['A', 'C'], 6)).toEqual({ is_right: false, score: 0 });
    expect(markAnswer(multiple, ['A', 'C'], 6, { partial_multiple: true })).toEqual({ is_right: false, score: 4 });
    expect(markAnswer(multiple, ['A', 'B'], 6, { partial_multiple: true })).toEqual({ is_right: false, score: 0 });
  });
  it('fill-in accepts any variant of a blank, folds width and case unless strict, and scores per blank', () => {
    const q = { type: 4 as const, options: [], answer: '[["曹雪芹","曹霑"],["高鹗"]]' };
    expect(markAnswer(q, [' 曹霑 ', '高鹗'], 4)).toEqual({ is_right: true, score: 4 });
    expect(markAnswer(q, ['曹雪芹', '程伟元'], 4)).toEqual({ is_right: false, score: 2 });
    const latin = { type: 4 as const, options: [], answer: '[["ABC"]]' };
    expect(markAnswer(latin, ['ａｂｃ'], 3)).toEqual({ is_right: true, score: 3 });
    expect(markAnswer(latin, ['abc'], 3, { strict_blanks: true })).toEqual({ is_right: false, score: 0 });
  });
  it('a short answer waits for hand marking', () => {
    expect(markAnswer({ type: 5, options: [], answer: '参考' }, '我的回答', 10)).toEqual({ is_right: null, score: null });
  });
});

describe('duplicate stems', () => {
  it('ignores punctuation, width and blanks; different stems stay apart', () => {
    expect(stemSimilarity('《红楼梦》的作者是谁？', '红楼梦的作者是谁')).toBe(1);
    expect(stemSimilarity('《红楼梦》的作者是___', '《红楼梦》的作者是（ ）')).toBe(1);
    expect(stemSimilarity('下列哪部作品是鲁迅的小说集', '下列哪部作品是鲁迅的散文集')).toBeGreaterThan(0.7);
    expect(stemSimilarity('下列哪部作品是鲁迅的小说集', '下列哪部作品是鲁迅的散文集')).toBeLessThan(DUPLICATE_SIMILARITY);
    expect(stemSimilarity('下列哪部作品是鲁迅的小说集？', '下列哪部作品是鲁迅的小说集呢')).toBeGreaterThanOrEqual(DUPLICATE_SIMILARITY);
    expect(stemSimilarity('《西游记》的作者是谁', '地球绕太阳一周需要多久')).toBeLessThan(0.2);
  });
});
