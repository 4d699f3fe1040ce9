import { Button, Form, InputNumber, Radio, Select, Space, TreeSelect } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { api, useApiMutation } from '../../shared/api';
import { categoryTree, options, paperKey, QUESTION_TYPES, rulesPath, useRuleCategories, type ContestRule, type ContestType, type PaperView } from './contestApi';
import * as T from './texts';

interface Values {
  contest_type: 1 | 2;
  rules: ContestRule[];
}

const toRule = (v: ContestRule): ContestRule => ({
  type: v.type,
  count: v.count,
  score_each: v.score_each,
  difficulty_min: v.difficulty_min ?? 1,
  difficulty_max: v.difficulty_max ?? 5,
  // The tree's group nodes are not categories (SHOW_CHILD leaves them out; this keeps it so).
  category_ids: (v.category_ids ?? []).filter((n): n is number => typeof n === 'number'),
});

/** 编辑组卷 (loaded when opened): the paper mode and the rules of a random paper; the server checks them (no overlap) and answers the new shortfall. */
export default function RulesForm({ org, type, act, level, paper, onDone }: { org: string; type: ContestType; act: number; level?: number; paper: PaperView; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('contest_type', form) ?? paper.contest_type;
  const categories = useRuleCategories(org).data?.items ?? [];
  const chosen = paper.rules.flatMap((r) => r.category_ids);
  const save = useApiMutation((v: Values) => api.put<PaperView>(rulesPath(org, type, act, level), { contest_type: v.contest_type, rules: v.contest_type === 2 ? (v.rules ?? []).map(toRule) : paper.rules }), {
    invalidate: [paperKey(act, level), paperKey(act)],
    successMessage: T.SAVED,
    onSuccess: onDone,
  });
  return (
    <Form<Values> form={form} layout="vertical" style={{ marginTop: 12 }} initialValues={{ contest_type: paper.contest_type, rules: paper.rules }} onFinish={(v) => save.mutate(v)} data-testid="contest-rules-form">
      <Form.Item name="contest_type" label={T.PAPER_MODE} extra={mode === 2 ? T.PAPER_RANDOM_HINT : T.PAPER_FIXED_HINT}>
        <Radio.Group options={options(T.PAPER_MODES)} />
      </Form.Item>
      {mode === 2 && (
        <Form.List name="rules">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} wrap align="start">
                  <Form.Item name={[f.name, 'type']} label={T.RULE_TYPE} rules={[{ required: true, message: '请选择题型' }]}>
                    <Select style={{ width: 100 }} options={options(QUESTION_TYPES)} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'count']} label={T.RULE_COUNT} rules={[{ required: true, message: '请填写数量' }]}>
                    <InputNumber min={1} max={200} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'score_each']} label={T.RULE_SCORE} rules={[{ required: true, message: '请填写分值' }]}>
                    <InputNumber min={0.5} max={100} step={0.5} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'category_ids']} label={T.RULE_CATEGORIES}>
                    <TreeSelect
                      style={{ width: 240 }}
                      treeData={categoryTree(categories, chosen)}
                      treeCheckable
                      showCheckedStrategy={TreeSelect.SHOW_CHILD}
                      treeDefaultExpandAll
                      allowClear
                      maxTagCount="responsive"
                      placeholder={T.ANY_CATEGORY}
                      showSearch={{ treeNodeFilterProp: 'title' }}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'difficulty_min']} label={`${T.RULE_DIFFICULTY}（低）`}>
                    <InputNumber min={1} max={5} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'difficulty_max']} label={`${T.RULE_DIFFICULTY}（高）`}>
                    <InputNumber min={1} max={5} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} aria-label="删除规则" style={{ marginTop: 30 }} onClick={() => remove(f.name)} />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ type: 1, count: 5, score_each: 5, category_ids: [], difficulty_min: 1, difficulty_max: 5 })} style={{ marginBottom: 12, display: 'block' }}>
                {T.ADD_RULE}
              </Button>
            </>
          )}
        </Form.List>
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {T.SAVE_RULES}
        </Button>
        <Button onClick={onDone}>取消</Button>
      </Space>
    </Form>
  );
}
