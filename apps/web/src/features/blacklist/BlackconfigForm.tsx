import { Button, Card, Checkbox, Col, Flex, Form, InputNumber, Row, Select, Switch } from 'antd';
import {
  ACTIVITY_TYPES,
  BLACKLIST_ACTIONS,
  OFFENCE_KINDS,
  RULE_COUNT_MAX,
  RULE_DAYS_MAX,
  type BlacklistConfig,
} from '@huodong/domain';
import { api, useApiMutation } from '../../shared/api';
import { placeServerErrors } from '../../shared/formErrors';
import { configKey, configPath } from './configPath';
import {
  ACTIONS,
  ACTIONS_PLACEHOLDER,
  BAN_DAYS,
  BAN_DAYS_PLACEHOLDER,
  CLEAR_COUNTER,
  CONFIG_HINT,
  COUNT,
  ENABLED,
  RULE_SUMMARY,
  SAVE,
  SAVED,
  TYPES,
  TYPES_PLACEHOLDER,
  WARN_FIRST,
  WITHIN_DAYS,
  WITHIN_DAYS_PLACEHOLDER,
} from './texts';

const ACTION_OPTIONS = Object.entries(BLACKLIST_ACTIONS).map(([value, label]) => ({ value, label }));
const TYPE_OPTIONS = Object.entries(ACTIVITY_TYPES).map(([value, label]) => ({ value: Number(value), label }));

/** The rules' form (loaded with the page's data, apart from the page: antd Form and its inputs are heavy). */
export default function ConfigForm({ org, initial, writable }: { org: string; initial: BlacklistConfig; writable: boolean }) {
  const [form] = Form.useForm<BlacklistConfig>();
  // preserve: the kind has no input of its own, and a plain watch sees only fields with one.
  const rules = (Form.useWatch('rules', { form, preserve: true }) as BlacklistConfig['rules'] | undefined) ?? initial.rules;
  const save = useApiMutation((body: BlacklistConfig) => api.post<BlacklistConfig>(configPath(org), body), { invalidate: [configKey(org)], successMessage: SAVED });

  // Checked by the server alone (its 422 names each field): the page stays off zod, which would
  // weigh more than the first-load budget leaves it (docs/decisions.md, first-load weight).
  const onSave = async () => {
    try {
      form.setFieldsValue(await save.mutateAsync(form.getFieldsValue(true) as BlacklistConfig));
    } catch (e) {
      // The client showed the message; a field named by the server gets it too.
      placeServerErrors(form, e);
    }
  };

  return (
    <div>
      <p style={{ marginTop: 0 }}>{CONFIG_HINT}</p>
      <Form form={form} layout="vertical" name="blackconfig" autoComplete="off" disabled={!writable} initialValues={initial}>
        <Form.List name="rules">
          {(items) =>
            items.map((item) => {
              const rule = { ...initial.rules[item.name], ...rules[item.name] };
              const kind = rule.kind;
              return (
                <Card
                  key={item.key}
                  size="small"
                  style={{ marginBottom: 16 }}
                  title={OFFENCE_KINDS[kind].label}
                  extra={
                    <Flex gap={8} align="center">
                      {/* An emptied count has no summary until it is filled again. */}
                      {typeof rule.count === 'number' && <span>{RULE_SUMMARY(rule.count, rule.within_days, rule.ban_days)}</span>}
                      <Form.Item name={[item.name, 'enabled']} valuePropName="checked" noStyle>
                        <Switch aria-label={`${OFFENCE_KINDS[kind].label}${ENABLED}`} />
                      </Form.Item>
                    </Flex>
                  }
                >
                  <Row gutter={16}>
                    <Col xs={12} md={4}>
                      <Form.Item name={[item.name, 'count']} label={COUNT}>
                        <InputNumber min={1} max={RULE_COUNT_MAX} precision={0} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={4}>
                      <Form.Item name={[item.name, 'within_days']} label={WITHIN_DAYS}>
                        <InputNumber min={1} max={RULE_DAYS_MAX} precision={0} placeholder={WITHIN_DAYS_PLACEHOLDER} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={4}>
                      <Form.Item name={[item.name, 'ban_days']} label={BAN_DAYS}>
                        <InputNumber min={1} max={RULE_DAYS_MAX} precision={0} placeholder={BAN_DAYS_PLACEHOLDER} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={6}>
                      <Form.Item name={[item.name, 'actions']} label={ACTIONS}>
                        <Select mode="multiple" options={ACTION_OPTIONS} placeholder={ACTIONS_PLACEHOLDER} allowClear />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={6}>
                      <Form.Item name={[item.name, 'types']} label={TYPES}>
                        <Select mode="multiple" options={TYPE_OPTIONS} placeholder={TYPES_PLACEHOLDER} allowClear showSearch={{ optionFilterProp: 'label' }} />
                      </Form.Item>
                    </Col>
                  </Row>
                </Card>
              );
            })
          }
        </Form.List>
        <Form.Item name="warn_first" valuePropName="checked" style={{ marginBottom: 8 }}>
          <Checkbox>{WARN_FIRST}</Checkbox>
        </Form.Item>
        <Form.Item name="clear_counter_after_ban" valuePropName="checked">
          <Checkbox>{CLEAR_COUNTER}</Checkbox>
        </Form.Item>
      </Form>
      {writable && (
        <Button type="primary" loading={save.isPending} onClick={() => void onSave()}>
          {SAVE}
        </Button>
      )}
    </div>
  );
}
