import { CHOICE_TYPES, MATRIX_TYPES, SURVEY_LIMITS, SURVEY_QUESTION_TYPES, TEXT_TYPES, cascadeDepth, cascadeNodes, hasOptions, notHiddenItems, type SurveyQuestion } from './surveyQuestionTypes.js';
import type { FieldProblem } from './ruleSchemas.js';

/** Questionnaires: a question's own structural checks. Part of surveyKinds.ts, split along its sections. */

// ---- the question's own checks ------------------------------------------------------------------

/** What is wrong with a question as written (field names of its body: `options.2.text`, `settings.max_select`). */
export function questionProblems(q: Pick<SurveyQuestion, 'type' | 'options' | 'rows' | 'settings'>): FieldProblem[] {
  const out: FieldProblem[] = [];
  const add = (field: string, message: string) => out.push({ field, message });
  const s = q.settings ?? {};
  const shown = notHiddenItems(q.options);
  if (hasOptions(q.type)) {
    const need = q.type === 'cascader' ? 1 : 2;
    if (shown.length < need) add('options', `至少需要${need}个选项`);
    const nodes = q.type === 'cascader' ? cascadeNodes(q.options) : q.options;
    const ids = new Set<string>();
    // A new option has no id until the server gives it one.
    nodes.forEach((o) => {
      if (!o.id) return;
      if (ids.has(o.id)) add('options', `选项标识重复：${o.id}`);
      ids.add(o.id);
    });
    const texts = new Set<string>();
    q.options.forEach((o, i) => {
      if (o.hidden) return;
      const t = o.text.trim();
      if (texts.has(t)) add(`options.${i}.text`, `选项内容不能重复：${t}`);
      texts.add(t);
      if (!CHOICE_TYPES.includes(q.type) && (o.is_other || o.is_exclusive || o.quota)) add(`options.${i}`, '只有单选、多选和下拉题的选项可设置“其他”、互斥或名额');
      if (o.is_exclusive && q.type !== 'multiple') add(`options.${i}.is_exclusive`, '只有多选题可设置互斥选项');
      if (q.type !== 'cascader' && o.children?.length) add(`options.${i}.children`, '只有级联题的选项可有下级');
    });
    if (q.options.filter((o) => o.is_other && !o.hidden).length > 1) add('options', '“其他”选项最多一个');
    if (q.type === 'cascader') {
      if (cascadeDepth(q.options) > SURVEY_LIMITS.cascadeDepth) add('options', `级联最多${SURVEY_LIMITS.cascadeDepth}级`);
      if (nodes.length > SURVEY_LIMITS.cascadeNodes) add('options', `级联选项最多${SURVEY_LIMITS.cascadeNodes}个`);
    } else if (q.options.length > SURVEY_LIMITS.options) add('options', `选项最多${SURVEY_LIMITS.options}个`);
  } else if (q.options.length) add('options', `${SURVEY_QUESTION_TYPES[q.type]}没有选项`);
  if (q.type === 'multiple' || q.type === 'matrix_multiple') {
    const max = s.max_select ?? shown.length;
    if ((s.min_select ?? 0) > max) add('settings.min_select', '最少选择数不能大于最多选择数');
    if (max > shown.length) add('settings.max_select', `最多选择数不能超过选项数（${shown.length}）`);
  }
  if (MATRIX_TYPES.includes(q.type)) {
    const rows = notHiddenItems(q.rows);
    if (rows.length < 1) add('rows', '矩阵题至少需要1行');
    if (q.rows.length > SURVEY_LIMITS.rows) add('rows', `矩阵题最多${SURVEY_LIMITS.rows}行`);
    const seen = new Set<string>();
    const ids = new Set<string>();
    q.rows.forEach((r, i) => {
      if (r.id && ids.has(r.id)) add('rows', `行标识重复：${r.id}`);
      ids.add(r.id);
      if (r.hidden) return;
      if (seen.has(r.text.trim())) add(`rows.${i}.text`, `矩阵行不能重复：${r.text.trim()}`);
      seen.add(r.text.trim());
    });
  } else if (q.rows.length) add('rows', `${SURVEY_QUESTION_TYPES[q.type]}没有矩阵行`);
  if (q.type === 'rating' && s.rating_max !== undefined && s.rating_max !== 5 && s.rating_max !== 10) add('settings.rating_max', '评分满分只能是5或10');
  if (TEXT_TYPES.includes(q.type) && s.min_length !== undefined && s.max_length !== undefined && s.min_length > s.max_length) add('settings.min_length', '最少字数不能大于最多字数');
  return out;
}
