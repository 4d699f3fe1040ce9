import { z } from 'zod';
import { idRef, plainText } from '../resources/fields.js';
import { contestRuleSchema, rulesProblems, rulesTotal, type ContestRule } from './contests.js';
import { duplicateColumnMessage, rowPrefix } from './messages.js';
import {
  DIFFICULTY_LEVELS,
  DUPLICATE_SIMILARITY,
  OPTION_KEYS,
  QUESTION_TYPES,
  questionObject,
  checkQuestion,
  stemKey,
  stemSimilarity,
  parseBlanks,
  TRUE_FALSE,
  type QuestionBody,
  type QuestionType,
} from './questions.js';
import { round2 } from './ruleSchemas.js';

/**
 * The question banks around the question itself (rules/questions.ts): the spreadsheet import
 * (`batchCreate`, spec §5 row-numbered errors, all or nothing), duplicate candidates, the
 * platform's default paper rule (`/v1/contestConfigs`), the batch bodies and the figures of the
 * question statistics pages.
 */

/** A stored answer as a list shows it: `B`, `A,C`, 正确/错误, fill-in blanks as `鲁迅/周树人 | 呐喊`, a short answer's reference cut to 30 characters. */
export function questionAnswerText(type: number, answer: string): string {
  if (type === 3) return TRUE_FALSE[answer as keyof typeof TRUE_FALSE] ?? answer;
  if (type === 4) return (parseBlanks(answer) ?? []).map((b) => b.join('/')).join(' | ');
  if (type === 5) return answer.length > 30 ? `${answer.slice(0, 30)}…` : answer;
  return answer;
}

// ---- Import ---------------------------------------------------------------------------------------

/** Questions in one import (a bigger sheet is refused whole). */
export const QUESTION_IMPORT_MAX = 2000;
export const QUESTION_TEMPLATE_FILE = '题目导入模板.xlsx';
/** Separators of a fill-in answer cell: blanks by `|`, accepted answers of a blank by `;`. */
export const BLANK_SEPARATOR = /[|｜]/;
export const SYNONYM_SEPARATOR = /[;；]/;

/** Headers of the template, in order, and the API field each fills. */
export const QUESTION_IMPORT_HEADERS = {
  type: '题型',
  stem: '题干',
  ...Object.fromEntries(OPTION_KEYS.map((k) => [`option_${k}`, `选项${k}`])),
  answer: '答案',
  analysis: '解析',
  difficulty: '难度',
  default_score: '分值',
  category: '分类',
  tags: '标签',
  source_book: '出处书目',
} as Readonly<Record<string, string>>;

/** The template's second row explains every column; an import skips it (recognised by its 题型 cell). */
export const QUESTION_HINT_TYPE = '单选题/多选题/判断题/填空题/简答题';
const HINT_ROW: Record<string, string> = {
  type: QUESTION_HINT_TYPE,
  stem: '填空题用___表示一个空',
  option_A: '单选2-8个，多选3-8个',
  answer: '单选B；多选A,C；判断 正确/错误；填空 空之间用|，同义答案用;',
  analysis: '选填',
  difficulty: '1-5 或 容易/较易/中等/较难/困难，默认3',
  default_score: '1-100，默认5',
  category: '选填，已有的分类名称',
  tags: '选填，多个用逗号分隔',
  source_book: '选填',
};

export function questionTemplate(): { headers: string[]; hintRow: string[]; example: string[][] } {
  const keys = Object.keys(QUESTION_IMPORT_HEADERS);
  const row = (v: Record<string, string>) => keys.map((k) => v[k] ?? '');
  return {
    headers: keys.map((k) => QUESTION_IMPORT_HEADERS[k]),
    hintRow: row(HINT_ROW),
    example: [
      row({ type: '单选题', stem: '《红楼梦》的作者是谁？', option_A: '罗贯中', option_B: '曹雪芹', option_C: '施耐庵', option_D: '吴承恩', answer: 'B', difficulty: '1', default_score: '5', tags: '古典文学', source_book: '红楼梦' }),
      row({ type: '多选题', stem: '下列哪些属于中国古典四大名著？', option_A: '水浒传', option_B: '西游记', option_C: '聊斋志异', option_D: '三国演义', answer: 'A,B,D', difficulty: '2' }),
      row({ type: '判断题', stem: '《朝花夕拾》是鲁迅的散文集。', answer: '正确' }),
      row({ type: '填空题', stem: '《呐喊》的作者是___。', answer: '鲁迅;周树人', difficulty: '2' }),
      row({ type: '简答题', stem: '请简述阅读经典名著的意义。', answer: '言之有理即可', default_score: '10' }),
    ],
  };
}

/** A cell as text: numbers as written, blank for nothing. */
const cellText = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

const TYPE_BY_NAME = new Map<string, QuestionType>(Object.entries(QUESTION_TYPES).flatMap(([id, name]) => [[name, Number(id) as QuestionType], [name.replace('题', ''), Number(id) as QuestionType], [id, Number(id) as QuestionType]]));
const DIFFICULTY_BY_NAME = new Map<string, number>(Object.entries(DIFFICULTY_LEVELS).flatMap(([id, name]) => [[name, Number(id)], [id, Number(id)]]));

/** One imported question: its sheet row, the body as `questionSchema` takes it, and the category by name. */
export interface ImportedQuestion {
  row: number;
  body: QuestionBody;
  category: string;
}

export type QuestionImportResult = { ok: true; questions: ImportedQuestion[] } | { ok: false; errors: string[] };

export const QUESTION_IMPORT_EMPTY = '表格中没有题目';
export const questionImportTooMany = (max: number) => `一次最多导入${max}道题目`;

/**
 * The rows of an import sheet (keyed by header text, as SheetJS reads them; `_row` the row number
 * the user sees, else index + 2) checked like a question each: every problem of every row as
 * `第N行: …` naming the column, and nothing when there is one (all or nothing).
 */
export function parseQuestionSheet(rows: readonly Record<string, unknown>[]): QuestionImportResult {
  const byHeader = new Map(Object.entries(QUESTION_IMPORT_HEADERS).map(([k, h]) => [h, k]));
  for (const r of rows) {
    for (const raw of Object.keys(r)) {
      const h = raw.trim();
      if (h === '_row' || h.startsWith('__EMPTY')) continue;
      // SheetJS names a repeated header X_1 (spec §5: a duplicate column aborts the import).
      if (/_\d+$/.test(h) && byHeader.has(h.replace(/_\d+$/, ''))) return { ok: false, errors: [duplicateColumnMessage(h.replace(/_\d+$/, ''))] };
    }
  }
  const source = rows
    .map((r, i) => {
      const cells: Record<string, string> = {};
      for (const [k, v] of Object.entries(r)) {
        const key = byHeader.get(k.trim());
        if (key) cells[key] = cellText(v);
      }
      const n = r._row;
      return { row: typeof n === 'number' && Number.isInteger(n) && n >= 2 ? n : i + 2, cells };
    })
    .filter((r) => r.cells.type !== QUESTION_HINT_TYPE && Object.values(r.cells).some((v) => v !== ''));
  if (source.length === 0) return { ok: false, errors: [QUESTION_IMPORT_EMPTY] };
  if (source.length > QUESTION_IMPORT_MAX) return { ok: false, errors: [questionImportTooMany(QUESTION_IMPORT_MAX)] };

  const errors: string[] = [];
  const questions: ImportedQuestion[] = [];
  const labelOf: Record<string, string> = { ...QUESTION_IMPORT_HEADERS, options: '选项', stem_images: '题干图片' };
  for (const { row, cells } of source) {
    const problems: string[] = [];
    const type = TYPE_BY_NAME.get(cells.type ?? '');
    if (!type) problems.push(`题型只能是${Object.values(QUESTION_TYPES).join('、')}`);
    const difficulty = cells.difficulty ? DIFFICULTY_BY_NAME.get(cells.difficulty) : 3;
    if (difficulty === undefined) problems.push('难度只能是1到5');
    const score = cells.default_score ? Number(cells.default_score) : 5;
    const options = OPTION_KEYS.map((key) => ({ key, text: cells[`option_${key}`] ?? '' }));
    while (options.length && !options[options.length - 1].text) options.pop();
    const answer =
      type === 4
        ? (cells.answer ?? '')
            .split(BLANK_SEPARATOR)
            .map((blank) => blank.split(SYNONYM_SEPARATOR).map((s) => s.trim()).filter(Boolean))
        : (cells.answer ?? '');
    const input = {
      type: type ?? 1,
      difficulty: difficulty ?? 3,
      stem: cells.stem ?? '',
      options: type === 1 || type === 2 ? options : [],
      answer,
      analysis: cells.analysis || undefined,
      default_score: score,
      tags: (cells.tags ?? '').split(/[,，、]/).map((t) => t.trim()).filter(Boolean),
      source_book: cells.source_book || undefined,
    };
    const parsed = questionObject.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const head = String(issue.path[0] ?? '');
        const header = head === 'options' && typeof issue.path[1] === 'number' ? QUESTION_IMPORT_HEADERS[`option_${OPTION_KEYS[issue.path[1]]}`] : labelOf[head] ?? head;
        problems.push(`${header}：${issue.message}`);
      }
    } else if (type) {
      const checked = checkQuestion(parsed.data);
      for (const p of checked.problems) {
        const m = /^options\.(\d+)/.exec(p.field);
        const header = m ? QUESTION_IMPORT_HEADERS[`option_${OPTION_KEYS[Number(m[1])]}`] : labelOf[p.field] ?? p.field;
        problems.push(`${header}：${p.message}`);
      }
      if (!checked.problems.length && !problems.length) questions.push({ row, body: { ...parsed.data, answer: checked.answer }, category: cells.category ?? '' });
    }
    for (const p of problems) errors.push(rowPrefix(row) + p);
  }
  return errors.length ? { ok: false, errors } : { ok: true, questions };
}

/** `POST {bank}/batchCreate {rows}`: the sheet's rows keyed by header (`_row` = the row number seen). */
export const questionImportBody = z.object({
  rows: z
    .array(z.record(z.string(), z.unknown()), { error: '请上传题目表格' })
    .min(1, QUESTION_IMPORT_EMPTY)
    .max(QUESTION_IMPORT_MAX + 1, questionImportTooMany(QUESTION_IMPORT_MAX)),
});

export const categoryNotFound = (name: string) => `分类“${name}”不存在`;

// ---- Duplicates -------------------------------------------------------------------------------------

/** `POST …/compare {stems, exclude_id}`: stems to look for in the bank (a form's one, an import's many). */
export const compareBody = z.object({
  stems: z.array(plainText('题干').max(2000, '题干不能超过2000个字符'), { error: '请提供题干' }).min(1, '请提供题干').max(QUESTION_IMPORT_MAX, `一次最多比对${QUESTION_IMPORT_MAX}个题干`),
  exclude_id: idRef('题目').optional(),
});

/**
 * Stem lengths (after `stemKey`) that can reach the duplicate similarity with a key of `length`:
 * the Dice coefficient is at most 2·min/(a+b) over pairs, so a duplicate's length lies in this range.
 */
export function similarLengths(length: number, similarity = DUPLICATE_SIMILARITY): { min: number; max: number } {
  const pairs = Math.max(length - 1, 0);
  const ratio = similarity / (2 - similarity);
  return { min: Math.max(Math.floor(pairs * ratio) + 1, 0), max: Math.ceil(pairs / ratio) + 1 };
}

export interface StemCandidate {
  id: number;
  stem: string;
  stem_key: string;
}

export interface DuplicateMatch {
  id: number;
  similarity: number;
}

/**
 * The candidates at least `DUPLICATE_SIMILARITY` similar to each stem, most similar first (at most
 * `limit` each). Candidates are indexed by their character pairs once, so many stems against a
 * big bank compare only with stems that share pairs.
 */
export function findDuplicates(stems: readonly string[], candidates: readonly StemCandidate[], limit = 5): DuplicateMatch[][] {
  const postings = new Map<string, number[]>();
  candidates.forEach((c, i) => {
    const seen = new Set<string>();
    for (let j = 0; j < c.stem_key.length - 1; j++) {
      const p = c.stem_key.slice(j, j + 2);
      if (seen.has(p)) continue;
      seen.add(p);
      const list = postings.get(p);
      if (list) list.push(i);
      else postings.set(p, [i]);
    }
  });
  const byKey = new Map<string, number[]>();
  candidates.forEach((c, i) => {
    const list = byKey.get(c.stem_key);
    if (list) list.push(i);
    else byKey.set(c.stem_key, [i]);
  });
  return stems.map((stem) => {
    const key = stemKey(stem);
    const hits = new Map<number, number>();
    const pairs = new Set<string>();
    for (let j = 0; j < key.length - 1; j++) pairs.add(key.slice(j, j + 2));
    for (const p of pairs) for (const i of postings.get(p) ?? []) hits.set(i, (hits.get(i) ?? 0) + 1);
    for (const i of byKey.get(key) ?? []) hits.set(i, hits.get(i) ?? 1);
    // A duplicate shares at least this share of the distinct pairs (a loose bound that keeps the exact test below few).
    const need = Math.max(1, Math.floor(pairs.size * (DUPLICATE_SIMILARITY - 0.2)));
    const out: DuplicateMatch[] = [];
    for (const [i, n] of hits) {
      if (n < need && candidates[i].stem_key !== key) continue;
      const similarity = stemSimilarity(stem, candidates[i].stem);
      if (similarity >= DUPLICATE_SIMILARITY) out.push({ id: candidates[i].id, similarity: round2(similarity) });
    }
    return out.sort((a, b) => b.similarity - a.similarity || a.id - b.id).slice(0, limit);
  });
}

/** Pairs of stems of one list (a sheet) at least DUPLICATE_SIMILARITY similar: for each stem, the earlier ones it repeats. */
export function duplicatesWithin(stems: readonly string[]): DuplicateMatch[][] {
  const candidates = stems.map((stem, i) => ({ id: i, stem, stem_key: stemKey(stem) }));
  return findDuplicates(stems, candidates, stems.length).map((found, i) => found.filter((m) => m.id < i));
}

// ---- Batch bodies -----------------------------------------------------------------------------------

const idsOf = (label: string) => z.array(idRef(label), { error: `请选择${label}` }).min(1, `请选择${label}`).max(1000, '一次最多操作1000条');
/** `POST {bank}/batchUpdateCategory {ids, category_id}`: null takes the category away. */
export const batchCategoryBody = z.object({ ids: idsOf('题目'), category_id: idRef('题目分类').nullable() });
/** `POST /v1/org/{org}/questions/batchUpdateOrg {ids, org_id}`: move questions to another organisation's bank. */
export const batchOrgBody = z.object({ ids: idsOf('题目'), org_id: idRef('目标机构') });
/** `POST /v1/org/{org}/questions/transfer {ids}` and `POST /v1/{org}/public/choose {ids}`. */
export const questionIdsBody = z.object({ ids: idsOf('题目') });

export const CATEGORY_NOT_IN_BANK = '所选分类不存在';
export const SAME_ORG = '目标机构与当前机构相同';
export const TARGET_ORG_NOT_FOUND = '目标机构不存在';

// ---- Default paper rule (`/v1/contestConfigs`) ------------------------------------------------------

/** The platform's default paper rule: what a new random contest starts from; the total must be 100. */
export const DEFAULT_PAPER_TOTAL = 100;
export const DEFAULT_PAPER_RULES: ContestRule[] = [
  { type: 1, count: 10, score_each: 5, category_ids: [], difficulty_min: 1, difficulty_max: 5 },
  { type: 2, count: 5, score_each: 6, category_ids: [], difficulty_min: 1, difficulty_max: 5 },
  { type: 3, count: 5, score_each: 4, category_ids: [], difficulty_min: 1, difficulty_max: 5 },
];

export const paperTotalMessage = (total: number) => `总分应为${DEFAULT_PAPER_TOTAL}分，当前为${total}分`;

export const defaultRuleBody = z
  .object({ rules: z.array(contestRuleSchema, { error: '抽题规则不正确' }).min(1, '请至少添加一条抽题规则').max(20, '抽题规则最多20条') })
  .superRefine((v, ctx) => {
    for (const p of rulesProblems(v.rules, 'rules')) ctx.addIssue({ code: 'custom', path: p.field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)), message: p.message });
    const total = rulesTotal(v.rules);
    if (total !== DEFAULT_PAPER_TOTAL) ctx.addIssue({ code: 'custom', path: ['rules'], message: paperTotalMessage(total) });
  });
export type DefaultRule = z.output<typeof defaultRuleBody>;

// ---- Statistics -------------------------------------------------------------------------------------

/** A group of a bank's questions (a type, a category, a difficulty): how many, how used, how answered. */
export interface QuestionGroupFigures {
  key: number | null;
  name: string;
  count: number;
  paused: number;
  used: number;
  answered: number;
  correct: number;
  /** correct / answered in %, 2 decimals; null when never answered. */
  correct_rate: number | null;
}

export interface QuestionBankFigures {
  total: number;
  paused: number;
  used: number;
  answered: number;
  correct: number;
  correct_rate: number | null;
  by_type: QuestionGroupFigures[];
  by_category: QuestionGroupFigures[];
  by_difficulty: QuestionGroupFigures[];
  /** The questions answered most and least correctly (at least MIN_ANSWERS answers). */
  hardest: { id: number; stem: string; type: number; answered: number; correct_rate: number }[];
  most_used: { id: number; stem: string; type: number; used: number; correct_rate: number | null }[];
}

/** Answers a question needs before its correct rate ranks it among the hardest. */
export const MIN_ANSWERS = 5;

export const correctRate = (correct: number, answered: number): number | null => (answered > 0 ? round2((correct * 100) / answered) : null);
