import { useEffect } from 'react';
import { Alert, Button, Flex, Form, InputNumber, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ContestRule } from '@huodong/domain';
import { PagePanel } from '../../shared/PagePanel';
import { api, useApiMutation, useApiQuery } from '../../shared/api';
import { DEFAULT_PAPER_TOTAL, DIFFICULTY_LEVELS, QUESTION_TYPES } from './labels.data';
import * as T from './texts';

type Rule = ContestRule;

const choices = (labels: Record<number, string>) => Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));
const totalOf = (rules: Partial<Rule>[] | undefined) => Math.round((rules ?? []).reduce((s, r) => s + (r?.count ?? 0) * (r?.score_each ?? 0), 0) * 100) / 100;

/**
 * 默认规则 (`questionManage/defaultRule`, `/v1/contestConfigs` and `/save`): the platform's default
 * paper rule — per rule a type, how many questions, points each, categories and a difficulty
 * range — totalling 100 points, checked by the server.
 */
export default function DefaultRulePage() {
  const [form] = Form.useForm<{ rules: Rule[] }>();
  const stored = useApiQuery<{ rules: Rule[]; total: number }>(['contestConfigs'], '/v1/contestConfigs');
  const categories = useApiQuery<{ id: number; name: string }[]>(['questionCategoryOptions', 'public'], '/v1/question/category');
  const rules = Form.useWatch('rules', form);
  const total = totalOf(rules);
  useEffect(() => {
    if (stored.data) form.setFieldsValue({ rules: stored.data.rules });
  }, [stored.data, form]);
  const save = useApiMutation((body: { rules: Rule[] }) => api.post('/v1/contestConfigs/save', body), { invalidate: [['contestConfigs']], successMessage: T.SAVED });
  return (
    <PagePanel testId="default-rule">
      <Typography.Title level={5}>{T.RULES}</Typography.Title>
      <Alert type="info" showIcon title={T.RULES_HINT} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" name="defaultRule" onFinish={(v) => save.mutate({ rules: v.rules.map((r) => ({ ...r, category_ids: r.category_ids ?? [] })) })}>
        <Form.List name="rules">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.map((f) => (
                <Flex key={f.key} gap={8} wrap align="end" data-testid="rule-row">
                  <Form.Item name={[f.name, 'type']} label={T.TYPE_NAME} rules={[{ required: true }]} style={{ marginBottom: 0 }}>
                    <Select style={{ width: 110 }} options={choices(QUESTION_TYPES)} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'count']} label={T.COUNT} rules={[{ required: true }]} style={{ marginBottom: 0 }}>
                    <InputNumber min={1} max={200} precision={0} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'score_each']} label={T.SCORE_EACH} rules={[{ required: true }]} style={{ marginBottom: 0 }}>
                    <InputNumber min={0.5} max={100} step={0.5} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'category_ids']} label={T.CATEGORIES} style={{ marginBottom: 0 }}>
                    <Select mode="multiple" allowClear placeholder={T.ALL_CATEGORIES} style={{ width: 220 }} options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'difficulty_min']} label={T.DIFFICULTY_MIN} initialValue={1} style={{ marginBottom: 0 }}>
                    <Select style={{ width: 90 }} options={choices(DIFFICULTY_LEVELS)} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'difficulty_max']} label={T.DIFFICULTY_MAX} initialValue={5} style={{ marginBottom: 0 }}>
                    <Select style={{ width: 90 }} options={choices(DIFFICULTY_LEVELS)} />
                  </Form.Item>
                  <Button aria-label={T.REMOVE} icon={<DeleteOutlined />} onClick={() => remove(f.name)} />
                </Flex>
              ))}
              <Button icon={<PlusOutlined />} style={{ alignSelf: 'start' }} onClick={() => add({ type: 1, count: 5, score_each: 2, category_ids: [], difficulty_min: 1, difficulty_max: 5 })}>
                {T.ADD_RULE}
              </Button>
            </Flex>
          )}
        </Form.List>
        <Flex gap={16} align="center" style={{ marginTop: 16 }}>
          <Typography.Text strong type={total === DEFAULT_PAPER_TOTAL ? undefined : 'danger'} data-testid="rule-total">
            {T.total(total)}
          </Typography.Text>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {T.SAVE}
          </Button>
        </Flex>
      </Form>
    </PagePanel>
  );
}
