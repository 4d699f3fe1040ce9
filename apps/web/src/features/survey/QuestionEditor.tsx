import { useMemo } from 'react';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import type { QueryKey } from '@tanstack/react-query';
import {
  CHOICE_TYPES,
  hasOptions,
  LOGIC_OPS,
  MATRIX_TYPES,
  orderQuestions,
  questionNumbers,
  questionProblems,
  SURVEY_QUESTION_TYPES,
  TEXT_VALIDATIONS,
  TYPE_CHANGE_CONFIRM,
  cascadeNodes,
  type JumpRule,
  type LogicCondition,
  type SurveyOption,
  type SurveyQuestion,
  type SurveyQuestionType,
} from '@huodong/domain';
import { api, isApiError, useApiMutation } from '../../shared/api';
import { AppModal } from '../../shared/AppModal';
import { feedback } from '../../shared/feedback';
import { questionsPath } from './surveyApi';
import type { StoredQuestion } from './surveyApi';
import * as T from './texts';

const typeOptions = Object.entries(SURVEY_QUESTION_TYPES).map(([value, label]) => ({ value, label }));
const flag = (b: unknown) => (b ? 1 : 0);

interface OptionValues {
  id?: string;
  text: string;
  is_other?: boolean;
  other_required?: boolean;
  is_exclusive?: boolean;
  quota?: number | null;
}
interface FormValues {
  type: SurveyQuestionType;
  title: string;
  description?: string;
  is_required: boolean;
  options?: OptionValues[];
  rows?: { id?: string; text: string }[];
  cascade?: string;
  settings?: Record<string, unknown>;
  show_combine: 'all' | 'any';
  show?: LogicCondition[];
  jumps?: { option_ids: string[]; target: number | 'end' }[];
}

/** A cascade as indented lines (two spaces a level). */
function cascadeText(options: readonly SurveyOption[], depth = 0): string {
  return options
    .filter((o) => !o.hidden)
    .map((o) => [`${'  '.repeat(depth)}${o.text}`, o.children?.length ? cascadeText(o.children, depth + 1) : ''].filter(Boolean).join('\n'))
    .join('\n');
}

/** Indented lines back to a cascade; a node keeps its id when its path of texts is unchanged. */
function cascadeOf(text: string, before: readonly SurveyOption[]): SurveyOption[] {
  const ids = new Map<string, string>();
  const walk = (xs: readonly SurveyOption[], path: string) => xs.forEach((o) => (ids.set(`${path}/${o.text}`, o.id), walk(o.children ?? [], `${path}/${o.text}`)));
  walk(before, '');
  const root: SurveyOption[] = [];
  const stack: { depth: number; node: SurveyOption; path: string }[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const depth = Math.floor((line.length - line.trimStart().length) / 2);
    while (stack.length && stack[stack.length - 1].depth >= depth) stack.pop();
    const parent = stack[stack.length - 1];
    const path = `${parent?.path ?? ''}/${line.trim()}`;
    const node: SurveyOption = { id: ids.get(path) ?? '', text: line.trim() };
    if (parent) (parent.node.children ??= []).push(node);
    else root.push(node);
    stack.push({ depth: parent ? parent.depth + 1 : 0, node, path });
  }
  return root;
}

/** The form's values of a stored question (or of a new one). */
function initialOf(q: StoredQuestion | null): FormValues {
  if (!q) return { type: 'single', title: '', is_required: true, options: [{ text: '' }, { text: '' }], rows: [{ text: '' }], show_combine: 'all', settings: {} };
  const jumps = q.jump_logic.filter((r) => r.conditions.length === 1 && r.conditions[0].qid === q.id && r.conditions[0].op === 'in');
  return {
    type: q.type,
    title: q.title,
    description: q.description,
    is_required: !!q.is_required,
    options: q.options.filter((o) => !o.hidden).map((o) => ({ id: o.id, text: o.text, is_other: !!o.is_other, other_required: !!o.other_required, is_exclusive: !!o.is_exclusive, quota: o.quota ?? 0 })),
    rows: q.rows.filter((r) => !r.hidden).map((r) => ({ id: r.id, text: r.text })),
    cascade: q.type === 'cascader' ? cascadeText(q.options) : '',
    settings: { ...q.settings, random_order: !!q.settings.random_order },
    show_combine: q.show_logic?.combine ?? 'all',
    show: q.show_logic?.conditions ?? [],
    jumps: jumps.map((r) => ({ option_ids: r.conditions[0].option_ids ?? [], target: r.target })),
  };
}

/**
 * The editor of one question: its type and the parts of that type, its show logic on earlier
 * questions and its jumps to later ones. Checked with the domain's rules before sending; the
 * server checks again (and the whole questionnaire's logic). A type change of a saved question
 * asks the spec's confirmation (§5: data loss) and sends `confirm_type_change`.
 */
export default function QuestionEditor({
  org,
  act,
  question,
  questions,
  refresh,
  onClose,
}: {
  org: string;
  act: number;
  question: StoredQuestion | null;
  questions: StoredQuestion[];
  refresh: QueryKey[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const type = Form.useWatch('type', form) ?? question?.type ?? 'single';
  const show = Form.useWatch('show', form) ?? [];
  const options = Form.useWatch('options', form) ?? [];
  const ordered = useMemo(() => orderQuestions(questions), [questions]);
  const nos = questionNumbers(ordered);
  const at = question ? ordered.findIndex((q) => q.id === question.id) : ordered.length;
  const earlier = ordered.slice(0, at).filter((q) => q.type !== 'description');
  const later = question ? ordered.slice(at + 1) : [];
  const label = (q: SurveyQuestion) => `${nos.has(q.id) ? `第${nos.get(q.id)}题` : T.DESCRIPTION}：${q.title}`;
  const optionsOf = (qid: number) => {
    const q = ordered.find((x) => x.id === qid);
    return q ? (q.type === 'cascader' ? cascadeNodes(q.options) : q.options).map((o) => ({ value: o.id, label: o.text })) : [];
  };

  const save = useApiMutation(
    (body: Record<string, unknown>) => (question ? api.post(`${questionsPath(org, act)}/${question.id}`, body) : api.post(questionsPath(org, act), body)),
    { invalidate: refresh, successMessage: T.SAVED, onSuccess: onClose },
  );

  const bodyOf = (v: FormValues): Record<string, unknown> => {
    const settings = Object.fromEntries(Object.entries(v.settings ?? {}).filter(([, x]) => x !== undefined && x !== null && x !== ''));
    if ('random_order' in settings) settings.random_order = flag(settings.random_order);
    const stored = question?.options ?? [];
    const opts: SurveyOption[] =
      v.type === 'cascader'
        ? cascadeOf(v.cascade ?? '', stored)
        : (v.options ?? []).map((o) => ({
            id: o.id ?? '',
            text: (o.text ?? '').trim(),
            ...(CHOICE_TYPES.includes(v.type) ? { is_other: flag(o.is_other), other_required: flag(o.is_other && o.other_required), quota: o.quota ?? 0 } : {}),
            ...(v.type === 'multiple' ? { is_exclusive: flag(o.is_exclusive) } : {}),
          }));
    const strip = <X extends { id: string }>(xs: X[]): X[] => xs.map((x) => (x.id ? x : (({ id: _i, ...rest }) => rest as X)(x)));
    const deep = (xs: SurveyOption[]): SurveyOption[] => strip(xs).map((o) => (o.children ? { ...o, children: deep(o.children) } : o));
    const conditions = (v.show ?? []).filter((c) => c?.qid);
    const kept = (question?.jump_logic ?? []).filter((r) => !(r.conditions.length === 1 && r.conditions[0].qid === question!.id && r.conditions[0].op === 'in'));
    const jumps: JumpRule[] = question ? (v.jumps ?? []).filter((j) => j?.option_ids?.length && j.target).map((j) => ({ combine: 'all', conditions: [{ qid: question.id, op: 'in', option_ids: j.option_ids }], target: j.target })) : [];
    return {
      type: v.type,
      title: v.title,
      description: v.description ?? '',
      is_required: flag(v.is_required),
      options: hasOptions(v.type) ? deep(opts) : [],
      rows: MATRIX_TYPES.includes(v.type) ? strip((v.rows ?? []).map((r) => ({ id: r.id ?? '', text: (r.text ?? '').trim() }))) : [],
      settings,
      show_logic: conditions.length ? { combine: v.show_combine, conditions: conditions.map((c) => ({ qid: c.qid, op: c.op, ...(c.op === 'in' || c.op === 'nin' ? { option_ids: c.option_ids ?? [] } : {}) })) } : null,
      jump_logic: [...kept, ...jumps],
    };
  };

  const send = async (body: Record<string, unknown>) => {
    try {
      await save.mutateAsync(body);
    } catch (e) {
      // Answers arrived since the page read the question: the server asks for the confirmation.
      if (isApiError(e) && e.status === 409 && (e.data as { confirm?: string } | null)?.confirm === 'type_change') confirmChange(body);
    }
  };
  const confirmChange = (body: Record<string, unknown>) =>
    feedback.modal.confirm({ title: T.TYPE_CHANGE_TITLE, content: TYPE_CHANGE_CONFIRM, okText: T.OK, cancelText: T.CANCEL, onOk: () => send({ ...body, confirm_type_change: 1 }) });

  const onFinish = (v: FormValues) => {
    let body: Record<string, unknown>;
    try {
      body = bodyOf(v);
    } catch (e) {
      // 确定 never does nothing: a form value of an unexpected shape says so instead of a silent stop.
      console.error(e);
      return void feedback.message.error(T.SAVE_FAILED);
    }
    const problem = questionProblems(body as unknown as SurveyQuestion)[0];
    if (problem) return void feedback.message.error(problem.message);
    if (question && question.type !== v.type) confirmChange(body);
    else void send(body);
  };
  // Options, rows and conditions are inline (noStyle) and show no error of their own: name the first problem.
  const onFinishFailed = ({ errorFields }: { errorFields: { errors: string[] }[] }) => feedback.message.error(errorFields[0]?.errors[0] ?? T.SAVE_FAILED);

  const choice = CHOICE_TYPES.includes(type);
  return (
    <AppModal open title={question ? T.EDIT_QUESTION : T.ADD_QUESTION} width={820} onCancel={onClose} onOk={() => form.submit()} confirmLoading={save.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initialOf(question)} onFinish={onFinish} onFinishFailed={onFinishFailed} data-testid="question-editor">
        <Flex gap={12} wrap>
          <Form.Item name="type" label={T.TYPE} rules={[{ required: true }]} style={{ width: 160 }}>
            <Select options={typeOptions} showSearch={{ optionFilterProp: 'label' }} data-testid="question-type" />
          </Form.Item>
          {type !== 'description' && (
            <Form.Item name="is_required" label={T.REQUIRED} valuePropName="checked">
              <Switch />
            </Form.Item>
          )}
        </Flex>
        <Form.Item name="title" label={T.TITLE} rules={[{ required: true, whitespace: true, message: '请输入题目' }, { max: 500 }]}>
          <Input data-testid="question-title" />
        </Form.Item>
        <Form.Item name="description" label={T.DESCRIPTION}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>

        {hasOptions(type) && type !== 'cascader' && (
          <Form.List name="options">
            {(fields, { add, remove }) => (
              <Flex vertical gap={4} style={{ marginBottom: 12 }}>
                <strong>{T.OPTIONS}</strong>
                {fields.map((f, i) => (
                  <Flex key={f.key} gap={8} wrap align="center">
                    <Form.Item name={[f.name, 'text']} noStyle rules={[{ required: true, whitespace: true, message: '请输入选项内容' }]}>
                      <Input placeholder={`${T.OPTION_TEXT}${i + 1}`} maxLength={200} style={{ width: 240 }} data-testid={`option-${i}`} />
                    </Form.Item>
                    {choice && (
                      <>
                        <Form.Item name={[f.name, 'is_other']} noStyle valuePropName="checked">
                          <Checkbox>{T.IS_OTHER}</Checkbox>
                        </Form.Item>
                        {options[i]?.is_other && (
                          <Form.Item name={[f.name, 'other_required']} noStyle valuePropName="checked">
                            <Checkbox>{T.OTHER_REQUIRED}</Checkbox>
                          </Form.Item>
                        )}
                        {type === 'multiple' && (
                          <Form.Item name={[f.name, 'is_exclusive']} noStyle valuePropName="checked">
                            <Checkbox>{T.EXCLUSIVE}</Checkbox>
                          </Form.Item>
                        )}
                        <Form.Item name={[f.name, 'quota']} noStyle>
                          <InputNumber min={0} max={10_000_000} placeholder={T.QUOTA_HINT} addonBefore={T.QUOTA} style={{ width: 150 }} />
                        </Form.Item>
                      </>
                    )}
                    <Button type="link" danger onClick={() => remove(f.name)}>
                      {T.DELETE}
                    </Button>
                  </Flex>
                ))}
                <Button onClick={() => add({ text: '' })} style={{ alignSelf: 'flex-start' }} data-testid="add-option">
                  {T.ADD_OPTION}
                </Button>
              </Flex>
            )}
          </Form.List>
        )}
        {type === 'cascader' && (
          <Form.Item name="cascade" label={T.CASCADE} extra={T.CASCADE_HINT}>
            <Input.TextArea rows={6} />
          </Form.Item>
        )}
        {MATRIX_TYPES.includes(type) && (
          <Form.List name="rows">
            {(fields, { add, remove }) => (
              <Flex vertical gap={4} style={{ marginBottom: 12 }}>
                <strong>{T.ROWS}</strong>
                {fields.map((f, i) => (
                  <Flex key={f.key} gap={8} align="center">
                    <Form.Item name={[f.name, 'text']} noStyle rules={[{ required: true, whitespace: true, message: '请输入行标题' }]}>
                      <Input placeholder={`${T.ROW_TEXT}${i + 1}`} maxLength={200} style={{ width: 240 }} />
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(f.name)}>
                      {T.DELETE}
                    </Button>
                  </Flex>
                ))}
                <Button onClick={() => add({ text: '' })} style={{ alignSelf: 'flex-start' }}>
                  {T.ADD_ROW}
                </Button>
              </Flex>
            )}
          </Form.List>
        )}

        <Flex gap={12} wrap>
          {(type === 'multiple' || type === 'matrix_multiple') && (
            <>
              <Form.Item name={['settings', 'min_select']} label={T.MIN_SELECT}>
                <InputNumber min={0} max={50} />
              </Form.Item>
              <Form.Item name={['settings', 'max_select']} label={T.MAX_SELECT}>
                <InputNumber min={1} max={50} />
              </Form.Item>
            </>
          )}
          {type === 'text' && (
            <Form.Item name={['settings', 'validate']} label={T.VALIDATE} style={{ width: 140 }}>
              <Select allowClear options={Object.entries(TEXT_VALIDATIONS).map(([value, l]) => ({ value, label: l }))} />
            </Form.Item>
          )}
          {(type === 'text' || type === 'textarea') && (
            <>
              <Form.Item name={['settings', 'min_length']} label={T.MIN_LENGTH}>
                <InputNumber min={0} max={2000} />
              </Form.Item>
              <Form.Item name={['settings', 'max_length']} label={T.MAX_LENGTH}>
                <InputNumber min={1} max={2000} />
              </Form.Item>
              <Form.Item name={['settings', 'placeholder']} label={T.PLACEHOLDER}>
                <Input maxLength={100} />
              </Form.Item>
            </>
          )}
          {type === 'rating' && (
            <Form.Item name={['settings', 'rating_max']} label={T.RATING_MAX} style={{ width: 120 }}>
              <Select options={[{ value: 5, label: '5' }, { value: 10, label: '10' }]} />
            </Form.Item>
          )}
          {type === 'nps' && (
            <>
              <Form.Item name={['settings', 'nps_low_label']} label={T.NPS_LOW}>
                <Input maxLength={20} />
              </Form.Item>
              <Form.Item name={['settings', 'nps_high_label']} label={T.NPS_HIGH}>
                <Input maxLength={20} />
              </Form.Item>
            </>
          )}
          {type === 'upload' && (
            <Form.Item name={['settings', 'upload_max']} label={T.UPLOAD_MAX}>
              <InputNumber min={1} max={9} />
            </Form.Item>
          )}
          {hasOptions(type) && type !== 'cascader' && (
            <Form.Item name={['settings', 'random_order']} label={T.RANDOM} valuePropName="checked">
              <Switch />
            </Form.Item>
          )}
        </Flex>

        {earlier.length > 0 && (
          <Flex vertical gap={4} style={{ marginBottom: 12 }}>
            <Flex gap={8} align="center">
              <strong>{T.SHOW_LOGIC}</strong>
              {/* Outside the Form.List: an item inside it is named under the list (show.show_combine), which made `show` an object. */}
              <Form.Item name="show_combine" noStyle>
                <Select size="small" style={{ width: 110 }} options={[{ value: 'all', label: T.COMBINE_ALL }, { value: 'any', label: T.COMBINE_ANY }]} data-testid="show-combine" />
              </Form.Item>
            </Flex>
            <Form.List name="show">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f, i) => {
                    const op = show[i]?.op;
                    return (
                      <Flex key={f.key} gap={8} wrap align="center">
                        <Form.Item name={[f.name, 'qid']} noStyle rules={[{ required: true, message: '请选择题目' }]}>
                          <Select placeholder={T.CONDITION_QUESTION} style={{ width: 240 }} showSearch={{ optionFilterProp: 'label' }} options={earlier.map((q) => ({ value: q.id, label: label(q) }))} data-testid={`condition-question-${i}`} />
                        </Form.Item>
                        <Form.Item name={[f.name, 'op']} noStyle initialValue="in">
                          <Select style={{ width: 170 }} options={Object.entries(LOGIC_OPS).map(([value, l]) => ({ value, label: l }))} data-testid={`condition-op-${i}`} />
                        </Form.Item>
                        {(op === 'in' || op === 'nin' || op === undefined) && (
                          <Form.Item name={[f.name, 'option_ids']} noStyle>
                            <Select mode="multiple" placeholder={T.OPTIONS} style={{ minWidth: 200 }} options={optionsOf(show[i]?.qid)} data-testid={`condition-options-${i}`} />
                          </Form.Item>
                        )}
                        <Button type="link" danger onClick={() => remove(f.name)}>
                          {T.DELETE}
                        </Button>
                      </Flex>
                    );
                  })}
                  <Button onClick={() => add({ op: 'in', option_ids: [] })} style={{ alignSelf: 'flex-start' }} data-testid="add-condition">
                    {T.ADD_CONDITION}
                  </Button>
                </>
              )}
            </Form.List>
          </Flex>
        )}

        {CHOICE_TYPES.includes(type) &&
          (question && question.type === type ? (
            <Form.List name="jumps">
              {(fields, { add, remove }) => (
                <Flex vertical gap={4}>
                  <strong>{T.JUMP_LOGIC}</strong>
                  {fields.map((f) => (
                    <Flex key={f.key} gap={8} wrap align="center">
                      <span>{T.JUMP_WHEN}</span>
                      <Form.Item name={[f.name, 'option_ids']} noStyle>
                        <Select mode="multiple" style={{ minWidth: 200 }} options={question.options.filter((o) => !o.hidden).map((o) => ({ value: o.id, label: o.text }))} />
                      </Form.Item>
                      <span>{T.JUMP_TO}</span>
                      <Form.Item name={[f.name, 'target']} noStyle>
                        <Select style={{ width: 240 }} options={[...later.map((q) => ({ value: q.id as number | 'end', label: label(q) })), { value: 'end', label: T.END }]} />
                      </Form.Item>
                      <Button type="link" danger onClick={() => remove(f.name)}>
                        {T.DELETE}
                      </Button>
                    </Flex>
                  ))}
                  <Button onClick={() => add({ option_ids: [], target: 'end' })} style={{ alignSelf: 'flex-start' }}>
                    {T.ADD_JUMP}
                  </Button>
                </Flex>
              )}
            </Form.List>
          ) : (
            <Typography.Text type="secondary">{T.JUMP_AFTER_SAVE}</Typography.Text>
          ))}
      </Form>
    </AppModal>
  );
}
