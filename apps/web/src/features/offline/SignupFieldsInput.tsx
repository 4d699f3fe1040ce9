import { Button, Card, Flex, Input, Select, Switch, Typography } from 'antd';
import { OFFLINE_LIMITS, SIGNUP_FIELD_TYPES, type SignupField } from '@huodong/domain';
import * as T from './texts';

const TYPE_OPTIONS = Object.entries(SIGNUP_FIELD_TYPES).map(([value, label]) => ({ value, label }));

/** The first free key `f1`, `f2`… (keys stay as they are once answers exist). */
function freeKey(fields: readonly SignupField[]): string {
  const used = new Set(fields.map((f) => f.key));
  for (let n = 1; ; n++) if (!used.has(`f${n}`)) return `f${n}`;
}

/**
 * The custom sign-up fields of an offline activity (`config.signup_fields`, issue 23): each a name,
 * a type (text, choice, phone, id card), required or optional, and a choice's options. The form
 * item checks them with the domain's schema (`offlineConfigSchemas.signup_fields`).
 */
export function SignupFieldsInput({ value, onChange, id }: { value?: SignupField[] | null; onChange?: (v: SignupField[]) => void; id?: string }) {
  const fields = value ?? [];
  const set = (i: number, patch: Partial<SignupField>) => onChange?.(fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const add = () => onChange?.([...fields, { key: freeKey(fields), label: '', type: 'text', required: 1 }]);
  const remove = (i: number) => onChange?.(fields.filter((_, j) => j !== i));
  return (
    <Flex vertical gap={8} id={id} data-testid="signup-fields">
      {fields.length === 0 && <Typography.Text type="secondary">{T.NO_FIELDS}</Typography.Text>}
      {fields.map((f, i) => (
        <Card key={f.key} size="small" styles={{ body: { padding: 8 } }}>
          <Flex gap={8} wrap align="center">
            <Input aria-label={T.FIELD_LABEL} placeholder={T.FIELD_LABEL} value={f.label} maxLength={30} style={{ width: 150 }} onChange={(e) => set(i, { label: e.target.value })} />
            <Select
              aria-label={T.FIELD_TYPE}
              value={f.type}
              options={TYPE_OPTIONS}
              style={{ width: 110 }}
              onChange={(type: SignupField['type']) => set(i, type === 'choice' ? { type, options: f.options ?? [] } : { type, options: undefined })}
            />
            <Flex gap={4} align="center">
              <Switch size="small" checked={f.required === 1} onChange={(on) => set(i, { required: on ? 1 : 0 })} aria-label={T.FIELD_REQUIRED} />
              <span>{T.FIELD_REQUIRED}</span>
            </Flex>
            <Button type="link" size="small" danger onClick={() => remove(i)}>
              {T.REMOVE}
            </Button>
          </Flex>
          {f.type === 'choice' && (
            <Select
              mode="tags"
              aria-label={T.FIELD_OPTIONS}
              placeholder={T.FIELD_OPTIONS_HINT}
              value={f.options ?? []}
              open={false}
              style={{ width: '100%', marginTop: 8 }}
              onChange={(options: string[]) => set(i, { options: options.map((o) => o.trim()).filter(Boolean).slice(0, OFFLINE_LIMITS.choiceOptions) })}
            />
          )}
        </Card>
      ))}
      {fields.length < OFFLINE_LIMITS.signupFields && (
        <Button onClick={add} style={{ alignSelf: 'flex-start' }}>
          {T.ADD_FIELD}
        </Button>
      )}
    </Flex>
  );
}
