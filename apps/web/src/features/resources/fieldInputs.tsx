import { Suspense, lazy } from 'react';
import { Input, InputNumber, Select, Switch } from 'antd';
import type { FormItemProps } from 'antd';
import dayjs, { type Dayjs } from '../../shared/dayjs';
import type { ResourceField } from '@huodong/domain';
import type { z } from 'zod';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';
import { optionsFromData, type OptionItem } from './controls';
import { baseType, type FormMode } from './validation';

/** The options query of a field with `optionsFrom` (`{org}` filled); null when it cannot run yet. */
function optionsQuery(field: ResourceField, org?: string) {
  const path = field.optionsFrom ? field.optionsFrom.path.replace('{org}', org ?? '{org}') : null;
  const runnable = !!path && !path.includes('{org}');
  return {
    queryKey: ['options', path],
    queryFn: ({ signal }: { signal: AbortSignal }) => api.get<unknown>(path as string, OPTIONS_QUERY, { signal }),
    enabled: runnable,
    staleTime: 60_000,
  };
}

/** Option lists are small: one page of up to 100 rows. */
const OPTIONS_QUERY = { page_size: 100 };

const optionsOf = (field: ResourceField, data: unknown): OptionItem[] =>
  field.optionsFrom ? optionsFromData(data, field.optionsFrom) : (field.options ?? []);

/** Options of a select field: declared ones, or loaded from `optionsFrom.path`. */
export function useFieldOptions(field: ResourceField, org?: string): { options: OptionItem[]; loading: boolean } {
  const q = useQuery(optionsQuery(field, org));
  return { options: optionsOf(field, q.data), loading: q.isLoading };
}

/** Options of several fields at once (table cells of select columns). */
export function useFieldsOptions(fields: ResourceField[], org?: string): OptionItem[][] {
  const results = useQueries({ queries: fields.map((f) => optionsQuery(f, org)) });
  return fields.map((f, i) => optionsOf(f, results[i].data));
}

// antd's date picker is a large part of a resource page; it loads only with a form that has a date.
const DateTimeInput = lazy(() => import('./DateTimeInput'));

/** Props Form.Item injects into its child (value, onChange, id, …); forwarded to the antd input. */
type Injected = Record<string, unknown>;

/**
 * The input of a declared field in forms; `member` is its schema member (multiple select, numeric
 * switch), `mode` the form's (the edit form shows `editPlaceholder`).
 */
export function FieldInput({
  field,
  member,
  org,
  mode,
  ...injected
}: { field: ResourceField; member?: z.ZodType; org?: string; mode: FormMode } & Injected) {
  const { options, loading } = useFieldOptions(field, org);
  const placeholder = mode === 'update' ? (field.editPlaceholder ?? field.placeholder) : field.placeholder;
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea placeholder={placeholder} autoSize={{ minRows: 3, maxRows: 8 }} {...injected} />;
    case 'password':
      return <Input.Password placeholder={placeholder} autoComplete="new-password" {...injected} />;
    case 'number':
      return <InputNumber placeholder={placeholder} style={{ width: '100%' }} {...injected} />;
    case 'select':
      return (
        <Select
          placeholder={placeholder}
          options={options}
          loading={loading}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          mode={field.multiple || baseType(member) === 'array' ? 'multiple' : undefined}
          {...injected}
        />
      );
    case 'switch':
      return <Switch {...injected} />;
    case 'datetime':
      return (
        <Suspense fallback={<Input placeholder={placeholder} disabled />}>
          <DateTimeInput placeholder={placeholder} {...injected} />
        </Suspense>
      );
    default:
      return <Input placeholder={placeholder} {...injected} />;
  }
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
