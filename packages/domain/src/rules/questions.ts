import { z } from 'zod';
import { fileUrl, optionalText, plainText, requiredText } from '../resources/fields.js';
import { round2, wholeNumber, type FieldProblem } from './ruleSchemas.js';

/**
 * A question of the banks (design §4): its five types, the shape of its options and answer, the
 * checks across fields, how a reader's answer is compared and marked, and the normalised stem that
 * finds duplicates. Public questions (`org_id` null), organisation questions and the questions a
 * contest adds all share this shape.
 *
 * Answers are stored as text: single `B`; multiple `A,C` (sorted); true/false `T`/`F`; fill-in a JSON
 * array of blanks, each the accepted strings (`[["答案1","同义答案"],["答案2"]]`); short answer the
 * reference answer shown to the marker.
 */

export const QUESTION_TYPES = { 1: '单选题', 2: '多选题', 3: '判断题', 4: '填空题', 5: '简答题' } as const;
export type QuestionType = 1 | 2 | 3 | 4 | 5;
export const QUESTION_TYPE_IDS = [1, 2, 3, 4, 5] as const satisfies readonly QuestionType[];
export const DIFFICULTY_LEVELS = { 1: '容易', 2: '较易', 3: '中等', 4: '较难', 5: '困难' } as const;
export const TRUE_FALSE = { T: '正确', F: '错误' } as const;
/** Option keys in order; a question has at most 8 options. */
export const OPTION_KEYS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
/** Option counts per choice type (design §4: single 2–8, multiple 3–8). */
export const OPTION_COUNT = { 1: { min: 2, max: 8 }, 2: { min: 3, max: 8 } } as const;
export const MAX_BLANKS = 10;
/** A blank in a fill-in stem: three or more underscores, or full-width brackets with only spaces inside. */
export const BLANK_PATTERN = /_{3,}|（\s*）/g;
/** Stems at least this similar (after normalising) are duplicates (`/contest/compare`). */
export const DUPLICATE_SIMILARITY = 0.9;
export const STEM_MAX = 2000;

export const questionTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], { error: '请选择有效的题型' });

export const questionOptionSchema = z.object({
  key: z.enum(OPTION_KEYS, { error: '选项标识只能是A到H' }),
  text: plainText('选项内容').trim().max(500, '选项内容不能超过500个字符'),
  image: fileUrl('选项图片').optional(),
});
export type QuestionOption = z.output<typeof questionOptionSchema>;

/** A fill-in answer: every blank with its accepted strings. */
const blanksSchema = z
  .array(z.array(plainText('填空答案').trim().min(1, '填空答案不能为空').max(200, '填空答案不能超过200个字符')).min(1, '每个空至少要有一个答案').max(10, '每个空最多10个同义答案'))
  .min(1, '请填写填空答案')
  .max(MAX_BLANKS, `最多${MAX_BLANKS}个空`);

/** The fields of a question as an administrator writes them (create, import, a contest's added question). */
export const questionFields = {
  type: questionTypeSchema,
  difficulty: wholeNumber('难度', 1, 5).default(3),
  stem: requiredText('题干', STEM_MAX),
  stem_images: z.array(fileUrl('题干图片')).max(9, '题干图片最多9张').default([]),
  options: z.array(questionOptionSchema, { error: '选项格式不正确' }).max(8, '选项最多8个').default([]),
  /** Text for types 1, 2, 3, 5; the blanks for type 4 (a JSON string of them is accepted too). */
  answer: z.union([plainText('答案').trim().max(2000, '答案不能超过2000个字符'), blanksSchema], { error: '请填写答案' }),
  analysis: optionalText('解析', 2000),
  default_score: wholeNumber('默认分值', 1, 100).default(5),
  tags: z.array(plainText('标签').trim().min(1, '标签不能为空').max(20, '标签不能超过20个字符')).max(10, '标签最多10个').default([]),
  source_book: optionalText('出处书目', 100),
};
export const questionObject = z.object(questionFields);
export type QuestionInput = z.input<typeof questionObject>;
export type QuestionBody = z.output<typeof questionObject>;

/** The question as marking reads it (a bank row or a paper's copy). */
export interface MarkableQuestion {
  type: QuestionType;
  options: readonly { key: string }[];
  answer: string;
}

/** Blanks in a fill-in stem. */
export const blankCount = (stem: string) => (stem.match(BLANK_PATTERN) ?? []).length;

/** The fill-in answer as stored (JSON text) read back; `null` when it is not a list of blanks. */
export function parseBlanks(answer: string | string[][]): string[][] | null {
  if (Array.isArray(answer)) return answer;
  try {
    const parsed: unknown = JSON.parse(answer);
    const ok = blanksSchema.safeParse(parsed);
    return ok.success ? ok.data : null;
  } catch {
    return null;
  }
}

const keyList = (answer: string) =>
  answer
    .toUpperCase()
    .split(/[,，、\s]+/)
    .filter(Boolean);

/**
 * The checks across a question's fields (design §4 validation), named by field. Also gives the
 * answer in its stored form (multiple sorted, fill-in as JSON) when there is no problem.
 */
export function checkQuestion(q: Pick<QuestionBody, 'type' | 'stem' | 'options' | 'answer'>): { problems: FieldProblem[]; answer: string } {
  const problems: FieldProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });
  const options = q.options ?? [];
  let answer = typeof q.answer === 'string' ? q.answer.trim() : '';
  if (q.type === 1 || q.type === 2) {
    const { min, max } = OPTION_COUNT[q.type];
    if (options.length < min || options.length > max) problem('options', `${QUESTION_TYPES[q.type]}需要${min}到${max}个选项`);
    options.forEach((o, i) => {
      if (o.key !== OPTION_KEYS[i]) problem(`options.${i}.key`, `第${i + 1}个选项的标识应为${OPTION_KEYS[i]}`);
      if (!o.text && !o.image) problem(`options.${i}.text`, `第${i + 1}个选项不能为空`);
    });
    const texts = options.map((o) => o.text).filter(Boolean);
    if (new Set(texts).size !== texts.length) problem('options', '选项内容不能重复');
    const keys = typeof q.answer === 'string' ? keyList(q.answer) : [];
    const known = new Set<string>(options.map((o) => o.key));
    if (keys.length === 0) problem('answer', '请选择正确答案');
    else if (keys.some((k) => !known.has(k))) problem('answer', '正确答案必须是已有的选项');
    else if (new Set(keys).size !== keys.length) problem('answer', '正确答案不能重复');
    else if (q.type === 1 && keys.length !== 1) problem('answer', '单选题只能有一个正确答案');
    else if (q.type === 2 && keys.length < 2) problem('answer', '多选题至少要有两个正确答案');
    answer = [...keys].sort().join(',');
  } else if (q.type === 3) {
    if (options.length > 0) problem('options', '判断题不需要选项');
    const a = typeof q.answer === 'string' ? q.answer.trim().toUpperCase() : '';
    const value = a === 'T' || a === '正确' || a === '对' ? 'T' : a === 'F' || a === '错误' || a === '错' ? 'F' : '';
    if (!value) problem('answer', '判断题答案只能是正确或错误');
    answer = value;
  } else if (q.type === 4) {
    if (options.length > 0) problem('options', '填空题不需要选项');
    const blanks = parseBlanks(q.answer);
    const count = blankCount(q.stem);
    if (count === 0) problem('stem', '填空题题干中至少要有一个空（用___表示）');
    else if (count > MAX_BLANKS) problem('stem', `填空题最多${MAX_BLANKS}个空`);
    if (!blanks) problem('answer', '请为每个空填写答案');
    else if (count > 0 && blanks.length !== count) problem('answer', `题干有${count}个空，答案有${blanks.length}组，数量必须一致`);
    answer = blanks ? JSON.stringify(blanks) : '';
  } else {
    if (options.length > 0) problem('options', '简答题不需要选项');
    if (!answer) problem('answer', '请填写参考答案');
  }
  return { problems, answer };
}

/** The question schema with its cross-field checks; the output's `answer` is in stored form. */
export const questionSchema = questionObject.transform((q, ctx) => {
  const { problems, answer } = checkQuestion(q);
  for (const p of problems) ctx.addIssue({ code: 'custom', path: p.field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)), message: p.message });
  return { ...q, answer };
});

// ---- Comparing and marking -------------------------------------------------------------------

/** Full-width ASCII to half-width, ideographic space to space, trimmed, spaces collapsed. */
export function halfWidth(text: string): string {
  return text
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A fill-in answer as compared (design §4: trim, full-width folded, case ignored unless strict). */
export const blankKey = (text: string, strict = false) => (strict ? text.trim() : halfWidth(text).toLowerCase());

export interface MarkRules {
  /** Multiple choice: score × right chosen / right total when nothing wrong is chosen (default all or nothing). */
  partial_multiple?: boolean;
  /** Fill-in: compare exactly (no width or case folding). */
  strict_blanks?: boolean;
}

export interface Mark {
  /** `null` for a short answer (marked by hand). */
  is_right: boolean | null;
  score: number | null;
}

/** A reader's answer as sent: a key, keys, `T`/`F`, the blanks' texts, or free text. */
export type GivenAnswer = string | string[];

/**
 * Marks one answer of an objective question; a short answer (type 5) waits for hand marking. An empty
 * or malformed answer scores 0. Fill-in scores per blank (score × right blanks / blanks, 2 decimals).
 */
export function markAnswer(q: MarkableQuestion, given: GivenAnswer | null | undefined, score: number, rules: MarkRules = {}): Mark {
  if (q.type === 5) return { is_right: null, score: null };
  const wrong: Mark = { is_right: false, score: 0 };
  if (given == null) return wrong;
  if (q.type === 1 || q.type === 3) {
    const value = (Array.isArray(given) ? given[0] ?? '' : given).trim().toUpperCase();
    return value === q.answer ? { is_right: true, score } : wrong;
  }
  if (q.type === 2) {
    const chosen = new Set(Array.isArray(given) ? given.map((k) => k.trim().toUpperCase()) : keyList(given));
    const right = new Set(keyList(q.answer));
    const rightChosen = [...chosen].filter((k) => right.has(k)).length;
    if (rightChosen === right.size && chosen.size === right.size) return { is_right: true, score };
    if (rules.partial_multiple && rightChosen > 0 && rightChosen === chosen.size) return { is_right: false, score: round2((score * rightChosen) / right.size) };
    return wrong;
  }
  const blanks = parseBlanks(q.answer) ?? [];
  const texts = Array.isArray(given) ? given : [given];
  const rightBlanks = blanks.filter((accepted, i) => {
    const text = texts[i];
    return typeof text === 'string' && text.trim() !== '' && accepted.some((a) => blankKey(a, rules.strict_blanks) === blankKey(text, rules.strict_blanks));
  }).length;
  if (blanks.length > 0 && rightBlanks === blanks.length) return { is_right: true, score };
  return { is_right: false, score: blanks.length ? round2((score * rightBlanks) / blanks.length) : 0 };
}

// ---- Duplicates -------------------------------------------------------------------------------

/** The stem as duplicates are found: half-width, lower case, without spaces, punctuation or blanks. */
export function stemKey(stem: string): string {
  return halfWidth(stem)
    .toLowerCase()
    .replace(BLANK_PATTERN, '')
    .replace(/[\s\p{P}\p{S}]/gu, '');
}

/** Similarity of two stems, 0…1: the Dice coefficient of their character pairs after `stemKey`. */
export function stemSimilarity(a: string, b: string): number {
  const x = stemKey(a);
  const y = stemKey(b);
  if (x === y) return 1;
  if (x.length < 2 || y.length < 2) return 0;
  const pairs = (s: string) => {
    const m = new Map<string, number>();
    for (let i = 0; i < s.length - 1; i++) m.set(s.slice(i, i + 2), (m.get(s.slice(i, i + 2)) ?? 0) + 1);
    return m;
  };
  const px = pairs(x);
  let shared = 0;
  for (const [p, n] of pairs(y)) {
    const k = px.get(p) ?? 0;
    shared += Math.min(k, n);
  }
  return (2 * shared) / (x.length - 1 + (y.length - 1));
}
