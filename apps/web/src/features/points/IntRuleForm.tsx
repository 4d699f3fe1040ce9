import { Button, Card, Col, Form, InputNumber, Row, Select, Switch, Table } from 'antd';
import { POINT_CAP_MAX, POINT_EXPIRY_MODES, POINT_RULE_KEYS, POINTS_MAX, TRIGGER_POINT_RULES, type PointRuleKey } from '@huodong/domain';
import { api, useApiMutation } from '../../shared/api';
import { placeServerErrors } from '../../shared/formErrors';
import DateTimeInput from '../../resources/DateTimeInput';
import { configSavePath, POINTS_KEY, type PointsSettings } from './pointsApi';
import * as T from './texts';

const MODE_OPTIONS = Object.entries(POINT_EXPIRY_MODES).map(([value, label]) => ({ value, label }));

/** The rules' form (checked by the server, whose 422 names the field; placed at its input). */
export default function IntRuleForm({ org, initial }: { org: string; initial: PointsSettings }) {
  const [form] = Form.useForm<PointsSettings>();
  const mode = Form.useWatch(['expiry', 'mode'], form) ?? initial.expiry.mode;
  const save = useApiMutation((body: PointsSettings) => api.post<PointsSettings>(configSavePath(org), body), { invalidate: [[POINTS_KEY, 'config', org]], successMessage: T.SAVED });
  const onSave = async () => {
    try {
      form.setFieldsValue(await save.mutateAsync(form.getFieldsValue(true) as PointsSettings));
    } catch (e) {
      placeServerErrors(form, e);
    }
  };
  const num = (key: PointRuleKey, name: string, label: string, min: number, max: number) =>
    TRIGGER_POINT_RULES.includes(key) ? (
      <span>{name === 'points' ? T.BY_TRIGGER : '—'}</span>
    ) : (
      <Form.Item name={['rules', key, name]} noStyle>
        <InputNumber aria-label={`${initial.rules[key].name}${label}`} min={min} max={max} precision={0} style={{ width: 110 }} />
      </Form.Item>
    );
  const toggle = (key: PointRuleKey, name: string, label: string, always = false) =>
    !always && TRIGGER_POINT_RULES.includes(key) ? (
      <span>—</span>
    ) : (
      <Form.Item name={['rules', key, name]} valuePropName="checked" noStyle>
        <Switch aria-label={`${initial.rules[key].name}${label}`} size="small" />
      </Form.Item>
    );
  const stamp = (key: PointRuleKey, name: string, label: string) =>
    TRIGGER_POINT_RULES.includes(key) ? (
      <span>—</span>
    ) : (
      <Form.Item name={['rules', key, name]} noStyle>
        <DateTimeInput aria-label={`${initial.rules[key].name}${label}`} size="small" style={{ width: 170 }} />
      </Form.Item>
    );
  const rows = POINT_RULE_KEYS.map((key) => ({ key, name: initial.rules[key].name }));
  return (
    <Form form={form} layout="vertical" name="intRule" autoComplete="off" initialValues={initial}>
      <Card size="small" title={T.SETTINGS} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item name="daily_cap" label={T.DAILY_CAP}>
              <InputNumber min={0} max={POINT_CAP_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="approval_threshold" label={T.THRESHOLD}>
              <InputNumber min={1} max={POINTS_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name={['expiry', 'mode']} label={T.EXPIRY_MODE}>
              <Select options={MODE_OPTIONS} />
            </Form.Item>
          </Col>
          {mode === 'rolling' && (
            <Col xs={24} md={6}>
              <Form.Item name={['expiry', 'months']} label={T.EXPIRY_MONTHS}>
                <InputNumber min={1} max={120} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Card>
      <Card size="small" title={T.RULES} style={{ marginBottom: 16 }}>
        <p style={{ marginTop: 0 }}>{T.TRIGGER_HINT}</p>
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={rows}
          columns={[
            { title: T.RULE, dataIndex: 'name' },
            { title: T.POINTS, render: (_, r) => num(r.key, 'points', T.POINTS, -POINTS_MAX, POINTS_MAX) },
            { title: T.CAP_DAY, render: (_, r) => num(r.key, 'cap_per_day', T.CAP_DAY, 0, POINT_CAP_MAX) },
            { title: T.CAP_ACT, render: (_, r) => num(r.key, 'cap_per_activity', T.CAP_ACT, 0, POINT_CAP_MAX) },
            { title: T.ONCE, render: (_, r) => toggle(r.key, 'once_per_account', T.ONCE) },
            { title: T.ENABLED, render: (_, r) => toggle(r.key, 'enabled', T.ENABLED, true) },
            { title: T.VALID_FROM, render: (_, r) => stamp(r.key, 'valid_from', T.VALID_FROM) },
            { title: T.VALID_TO, render: (_, r) => stamp(r.key, 'valid_to', T.VALID_TO) },
          ]}
        />
      </Card>
      <Button type="primary" loading={save.isPending} onClick={() => void onSave()} data-testid="int-rule-save">
        {T.SAVE}
      </Button>
    </Form>
  );
}
