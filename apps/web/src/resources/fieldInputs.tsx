import { Suspense, lazy } from 'react';
import { Cascader, Checkbox, Input, InputNumber, Select, Spin, Switch, Typography } from 'antd';
import type { FormItemProps } from 'antd';
import type { z } from 'zod';
import { useQueries, useQuery } from '@tanstack/react-query';
import { optionsFromData, PROVINCE_TREE, type ResourceField } from '@huodong/domain';
import dayjs, { type Dayjs } from '../shared/dayjs';
import { api } from '../shared/api';
import { optionGroups, type OptionItem } from './listModel';
import { optionsPath, optionsQueryKey } from './resourcePaths';
import { regionPlaceholder } from './texts';
import { baseType, type FormMode } from './validation';

/** Option lists are small: one page of up to 100 rows. */
const OPTIONS_QUERY = { page_size: 100 };

/** The options query of a field with `optionsFrom` (`{org}` filled); disabled when it cannot run yet. */
function optionsQuery(field: ResourceField, org?: string) {
  const path = field.optionsFrom ? optionsPath(field.optionsFrom.path, org) : null;
  return {
    queryKey: path ? optionsQueryKey(path, org) : ['options', null, field.name],
    queryFn: ({ signal }: { signal: AbortSignal }) => api.get<unknown>(path as string, OPTIONS_QUERY, { signal }),
    enabled: !!path,
    staleTime: 60_000,
  };
}

const optionsOf = (field: ResourceField, data: unknown): OptionItem[] =>
  field.optionsFrom ? optionsFromData(data, field.optionsFrom) : (field.options ?? []);

export interface FieldOptions {
  options: OptionItem[];
  /** By `optionsFrom.group` (checkboxes grouped by menu group); one unnamed group otherwise. */
  groups: { group: string; options: OptionItem[] }[];
  loading: boolean;
}

/** Options of a select or checkbox field: declared ones, or loaded from `optionsFrom.path`. */
export function useFieldOptions(field: ResourceField, org?: string): FieldOptions {
  const q = useQuery(optionsQuery(field, org));
  const options = optionsOf(field, q.data);
  const groups = field.optionsFrom?.group ? optionGroups(q.data, field.optionsFrom) : [{ group: '', options }];
  return { options, groups, loading: q.isLoading };
}

/** Options of several fields at once (table cells of select columns). */
export function useFieldsOptions(fields: ResourceField[], org?: string): OptionItem[][] {
  const results = useQueries({ queries: fields.map((f) => optionsQuery(f, org)) });
  return fields.map((f, i) => optionsOf(f, results[i].data));
}

// antd's date pickers and upload are a large part of a resource page; they load only with a form that has one.
const DateTimeInput = lazy(() => import('./DateTimeInput'));
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
          <Typography.Text strong>{g.group}</Typography.Text>
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
 * option paths and chooses the upload route of files.
 */
export function FieldInput({
  field,
  member,
  org,
  mode,
  ...injected
}: { field: ResourceField; member?: z.ZodType; org?: string; mode: FormMode } & Injected) {
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
 * (or booleans when the schema wants them), date pickers hold Unix seconds.
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
  if (field.kind === 'datetime') {
    return {
      getValueProps: (v: unknown) => ({ value: v === undefined || v === null || v === '' || Number(v) <= 0 ? null : dayjs(Number(v) * 1000) }),
      normalize: (d: Dayjs | null) => (d ? d.unix() : null),
    };
  }
  return {};
}
