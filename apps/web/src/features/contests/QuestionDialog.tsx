import { Form, Input, InputNumber, Modal, Select } from 'antd';
import type { QueryKey } from '@tanstack/react-query';
import { api, useApiMutation } from '../../shared/api';
import { DIFFICULTIES, options, QUESTION_TYPES } from './contestApi';
import * as T from './texts';

export interface QuestionRow {
  id: number;
  type: number;
  stem: string;
  options: { key: string; text: string }[];
  answer: string;
  analysis: string;
  difficulty: number;
  score: number;
  sort: number;
  level_id?: number | null;
}

interface Values {
  type: number;
  stem: string;
  options?: string;
  answer: string;
  analysis?: string;
  difficulty: number;
  score: number;
  sort?: number;
}

const KEYS = 'ABCDEFGH';

/** The form's values of a stored question: options one per line, fill-in blanks one per line with `|` between synonyms. */
function valuesOf(row: QuestionRow): Values {
  let answer = row.answer;
  if (row.type === 4) {
    try {
      answer = (JSON.parse(row.answer) as string[][]).map((b) => b.join('|')).join('\n');
    } catch {
      // shown as stored
    }
  }
  if (row.type === 3) answer = row.answer === 'T' ? '正确' : '错误';
  return { type: row.type, stem: row.stem, options: row.options.map((o) => o.text).join('\n'), answer, analysis: row.analysis, difficulty: row.difficulty, score: row.score, sort: row.sort };
}

/** The body the server checks (rules/questions.ts): options keyed A…, the answer in the type's shape. */
function bodyOf(v: Values): Record<string, unknown> {
  const lines = (text = '') => text.split('\n').map((l) => l.trim()).filter(Boolean);
  const choice = v.type === 1 || v.type === 2;
  return {
    type: v.type,
    stem: v.stem,
    options: choice ? lines(v.options).map((text, i) => ({ key: KEYS[i] ?? 'H', text })) : [],
    answer: v.type === 4 ? lines(v.answer).map((l) => l.split('|').map((s) => s.trim()).filter(Boolean)) : v.answer.trim(),
    analysis: v.analysis ?? '',
    difficulty: v.difficulty,
    score: v.score,
    ...(v.sort !== undefined && v.sort !== null ? { sort: v.sort } : {}),
  };
}

/**
 * 新增题目 / 编辑 of a contest's question (the contest's own copy): type, stem, options one per
 * line, the answer in the type's form, analysis, points, difficulty and order. The server checks
 * the question across its fields and names the field of a problem.
 */
export default function QuestionDialog({ path, row, levelId, refresh, onClose }: { path: string; row: QuestionRow | null; levelId?: number; refresh: QueryKey[]; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? row?.type ?? 1;
  const save = useApiMutation((v: Values) => (row ? api.post(`${path}/${row.id}`, bodyOf(v)) : api.post(`${path}/add`, { ...bodyOf(v), ...(levelId ? { level_id: levelId } : {}) })), {
    invalidate: refresh,
    successMessage: T.SAVED,
    onSuccess: onClose,
  });
  return (
    <Modal open title={row ? T.EDIT : T.ADD} width={640} onCancel={onClose} onOk={() => form.submit()} confirmLoading={save.isPending} destroyOnHidden>
      <Form<Values> form={form} layout="vertical" initialValues={row ? valuesOf(row) : { type: 1, difficulty: 3, score: 5 }} onFinish={(v) => save.mutate(v)} data-testid="contest-question-form">
        <Form.Item name="type" label={T.QUESTION_TYPE} rules={[{ required: true }]}>
          <Select options={options(QUESTION_TYPES)} disabled={!!row} />
        </Form.Item>
        <Form.Item name="stem" label={T.STEM} rules={[{ required: true, message: `请输入${T.STEM}` }]} extra={type === 4 ? T.STEM_BLANK_HINT : undefined}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        {(type === 1 || type === 2) && (
          <Form.Item name="options" label={T.OPTIONS} rules={[{ required: true, message: '请填写选项' }]}>
            <Input.TextArea rows={4} />
          </Form.Item>
        )}
        <Form.Item name="answer" label={T.ANSWER} rules={[{ required: true, message: `请填写${T.ANSWER}` }]} extra={T.ANSWER_HINTS[type]}>
          {type === 3 ? <Select options={[{ value: '正确', label: '正确' }, { value: '错误', label: '错误' }]} /> : <Input.TextArea rows={type === 4 || type === 5 ? 3 : 1} />}
        </Form.Item>
        <Form.Item name="analysis" label={T.ANALYSIS}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Form.Item name="score" label={T.SCORE} rules={[{ required: true }]}>
          <InputNumber min={0.5} max={100} step={0.5} />
        </Form.Item>
        <Form.Item name="difficulty" label={T.DIFFICULTY}>
          <Select options={options(DIFFICULTIES)} />
        </Form.Item>
        <Form.Item name="sort" label={T.SORT}>
          <InputNumber min={0} max={999999} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
