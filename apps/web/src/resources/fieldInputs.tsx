/**
 * The inputs of declared fields in the create/edit and row-update dialogs, loaded with them (not
 * with the list): antd Cascader, InputNumber, Switch, Checkbox groups and the provinces (the date input in its own chunk).
 */
import { Suspense, lazy } from 'react';
import { Cascader, Checkbox, Input, InputNumber, Select, Spin, Switch } from 'antd';
import type { FormItemProps } from 'antd';
import type { z } from 'zod';
import { PROVINCE_TREE, type ResourceField } from '@huodong/domain';
import { useFieldOptions } from './fieldOptions';
import { regionPlaceholder } from './texts';
import { baseType, type FormMode } from './validation';

// antd's date pickers and upload are a large part of a resource page; they load only with a form that has one.
const DateTimeInput = lazy(() => import('./DateTimeInput'));
const UnitInput = lazy(() => import('./UnitInput').then((m) => ({ default: m.UnitInput })));
const ReaderPicker = lazy(() => import('./ReaderPicker').then((m) => ({ default: m.ReaderPicker })));
const FileInput = lazy(() => import('./FileInput'));

/** Props Form.Item injects into its child (value, onChange, id, …); forwarded to the antd input. */
type Injected = Record<string, unknown>;

/** A multiple choice as checkboxes, in groups when the field names a group key. */
function CheckboxesInput({ field, org, ...injected }: { field: ResourceField; org?: string } & Injected) {
  const { groups, loading } = useFieldOptions(field, org);
  if (loading) return <Spin size="small" />;
  const grouped = groups.length > 1 || (groups[0] && groups[0].group !== '');
  if (!grouped) return <Checkbox.Group options={groups[0]?.options ?? []} {...injected} />;
  return (
    <Checkbox.Group style={{ display: 'block' }} {...injected}>
      {groups.map((g) => (
        <div key={g.group} style={{ marginBottom: 12 }}>
          <strong>{g.group}</strong>
          <div>
            {g.options.map((o) => (
              <Checkbox key={String(o.value)} value={o.value}>
                {o.label}
              </Checkbox>
            ))}
          </div>
        </div>
      ))}
    </Checkbox.Group>
  );
}

/**
 * The input of a declared field in forms; `member` is its schema member (multiple select, numeric
 * switch), `mode` the form's (the edit form shows `editPlaceholder`), `org` fills `{org}` in
 * option paths and chooses the upload route of files; units and readers are picked from the
 * organisation's own (`/v1/{org}/unit`, `/v1/{org}/readers`).
 */
export function FieldInput({
  field,
  member,
  org,
  mode,
  rowId,
  ...injected
}: { field: ResourceField; member?: z.ZodType; org?: string; mode: FormMode; /** The edited row's id (update mode). */ rowId?: number } & Injected) {
  const placeholder = mode === 'update' ? (field.editPlaceholder ?? field.placeholder) : field.placeholder;
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea placeholder={placeholder} autoSize={{ minRows: 3, maxRows: 8 }} {...injected} />;
    case 'password':
      return <Input.Password placeholder={placeholder} autoComplete="new-password" {...injected} />;
    case 'number':
      return <InputNumber placeholder={placeholder} style={{ width: '100%' }} {...injected} />;
    case 'select':
      return <SelectInput field={field} org={org} placeholder={placeholder} multiple={field.multiple || baseType(member) === 'array'} {...injected} />;
    case 'checkboxes':
      return <CheckboxesInput field={field} org={org} {...injected} />;
    case 'switch':
      return <Switch {...injected} />;
    case 'datetime':
      return (
        <Suspense fallback={<Input placeholder={placeholder} disabled />}>
          <DateTimeInput placeholder={placeholder} {...injected} />
        </Suspense>
      );
    case 'image':
    case 'file':
    case 'video':
    case 'audio':
      return (
        <Suspense fallback={<Spin size="small" />}>
          <FileInput field={field} org={org} {...injected} />
        </Suspense>
      );
    case 'region':
      // The provinces data of the domain (spec §7 static data): province, then city.
      return <Cascader options={PROVINCE_TREE} placeholder={placeholder ?? regionPlaceholder} showSearch allowClear {...injected} />;
    case 'unit':
      return (
        <Suspense fallback={<Spin size="small" />}>
          <UnitInput org={org} multiple={field.multiple} placeholder={placeholder} {...injected} />
        </Suspense>
      );
    case 'readers':
      return (
        <Suspense fallback={<Spin size="small" />}>
          <ReaderPicker field={field} org={org} rowId={mode === 'update' ? rowId : undefined} placeholder={placeholder} {...injected} />
        </Suspense>
      );
    default:
      return <Input placeholder={placeholder} {...injected} />;
  }
}

function SelectInput({ field, org, placeholder, multiple, ...injected }: { field: ResourceField; org?: string; placeholder?: string; multiple?: boolean } & Injected) {
  const { options, loading } = useFieldOptions(field, org);
  return (
    <Select
      placeholder={placeholder}
      options={options}
      loading={loading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      mode={multiple ? 'multiple' : undefined}
      {...injected}
    />
  );
}

/**
 * Form.Item props that convert between the API value and the input's value: switches hold 0/1
 * (or booleans when the schema wants them). Date inputs hold Unix seconds themselves (DateTimeInput).
 */
export function valueProps(field: ResourceField, member?: z.ZodType): Partial<FormItemProps> {
  if (field.kind === 'switch') {
    const numeric = baseType(member) !== 'boolean';
    return {
      valuePropName: 'checked',
      getValueProps: (v: unknown) => ({ checked: v === true || Number(v) === 1 }),
      normalize: (checked: boolean) => (numeric ? (checked ? 1 : 0) : checked),
    };
  }
  return {};
}
