import { useState } from 'react';
import { Form, Input, InputNumber, Radio, Space } from 'antd';
import { FIRST_PASSWORD_RULES, FIRST_PASSWORD_TAIL_MAX, FIRST_PASSWORD_TAIL_MIN, batchFirstPasswordSchema, type FirstPasswordRuleKind } from '@huodong/domain';
import { api, isApiError, type QueryParams } from '../../shared/api';
import { AppModal } from '../../shared/AppModal';
import { feedback } from '../../shared/feedback';
import { showRefusedRows } from '../../shared/rowErrors';
import { BATCH_PASSWORD_ALL, BATCH_PASSWORD_HINT, BATCH_PASSWORD_SELECTED, BATCH_PASSWORD_TITLE, DIGITS, PASSWORD_PREFIX, PASSWORD_RULE, PASSWORD_TARGET, batchPasswordDone, FIXED_PASSWORD } from './texts';

export type PeopleList = 'users' | 'students';

/** `POST /v1/{org}/users/batchPassword` or `/students/batchPassword`. */
export const batchPasswordPath = (org: string, list: PeopleList): string => `/v1/${encodeURIComponent(org)}/${list}/batchPassword`;

/** The list's query as the batch's `filter`: its keyword and filters (no page or sort), values as text. */
export function filterOfQuery(query: QueryParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (k === 'page' || k === 'page_size' || k === 'sort' || v === undefined || v === null || v === '') continue;
    out[k] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return out;
}

interface Values {
  target: 'selected' | 'all';
  kind: FirstPasswordRuleKind;
  password?: string;
  prefix?: string;
  digits?: number;
}

export interface BatchPasswordDialogProps {
  org: string;
  list: PeopleList;
  selectedIds: number[];
  /** The list's current query and how many rows match it. */
  query: QueryParams;
  total: number;
  onClose: () => void;
  onDone: () => void;
}

/**
 * 批量设置初始密码: the selected users (or students), or every one the list's search matches, get
 * a first password by one rule. The server names every row whose password would break the
 * password rule (第N行: …) and then changes nothing; the readers must change it at first sign-in.
 */
export default function BatchPasswordDialog({ org, list, selectedIds, query, total, onClose, onDone }: BatchPasswordDialogProps) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const kind = Form.useWatch('kind', form) ?? 'fixed';
  const initial: Values = { target: selectedIds.length ? 'selected' : 'all', kind: 'fixed', prefix: '', digits: 6 };

  const onOk = async () => {
    const v = { ...initial, ...form.getFieldsValue(true) } as Values;
    const rule = v.kind === 'fixed' ? { kind: v.kind, password: v.password ?? '' } : { kind: v.kind, prefix: v.prefix ?? '', digits: v.digits };
    const body = v.target === 'selected' ? { ids: selectedIds, rule } : { filter: filterOfQuery(query), rule };
    // Earlier messages go; this attempt's come back below.
    form.setFields((['target', 'password', 'prefix', 'digits'] as const).map((name) => ({ name, errors: [] })));
    const checked = batchFirstPasswordSchema.safeParse(body);
    if (!checked.success) {
      form.setFields(
        checked.error.issues.map((issue) => {
          const key = String(issue.path[issue.path.length - 1]);
          return { name: (key === 'ids' ? 'target' : key) as keyof Values, errors: [issue.message] };
        }),
      );
      return;
    }
    setSaving(true);
    try {
      const res = await api.post<{ updated: number }>(batchPasswordPath(org, list), body, { silent: true });
      feedback.message.success(batchPasswordDone(res.updated));
      onDone();
      onClose();
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (!showRefusedRows(e)) feedback.message.error(e.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppModal title={BATCH_PASSWORD_TITLE} open onOk={onOk} onCancel={onClose} confirmLoading={saving} destroyOnHidden>
      <p style={{ marginTop: 0 }}>{BATCH_PASSWORD_HINT}</p>
      <Form form={form} layout="vertical" name="batch-password" autoComplete="off" initialValues={initial}>
        <Form.Item name="target" label={PASSWORD_TARGET}>
          <Radio.Group>
            <Space orientation="vertical">
              <Radio value="selected" disabled={selectedIds.length === 0}>
                {BATCH_PASSWORD_SELECTED(selectedIds.length)}
              </Radio>
              <Radio value="all" disabled={total === 0}>
                {BATCH_PASSWORD_ALL(total)}
              </Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="kind" label={PASSWORD_RULE}>
          <Radio.Group options={Object.entries(FIRST_PASSWORD_RULES).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        {kind === 'fixed' ? (
          <Form.Item name="password" label={FIXED_PASSWORD} required>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        ) : (
          <Space align="start" wrap>
            <Form.Item name="prefix" label={PASSWORD_PREFIX}>
              <Input style={{ width: 200 }} maxLength={32} />
            </Form.Item>
            <Form.Item name="digits" label={DIGITS} required>
              <InputNumber min={FIRST_PASSWORD_TAIL_MIN} max={FIRST_PASSWORD_TAIL_MAX} precision={0} />
            </Form.Item>
          </Space>
        )}
      </Form>
    </AppModal>
  );
}
