import { useMemo } from 'react';
import { Cascader } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { OrgTreeNode } from '@huodong/domain';
import { api } from '../shared/api';
import { lastOfPath, treePath } from '../shared/orgTree';
import { optionsPath, optionsQueryKey } from './resourcePaths';
import { unitPlaceholder } from './texts';

/** The organisation and the units below it (spec §3 cascader data). */
const UNIT_PATH = '/v1/{org}/unit';

/**
 * A unit of the organisation tree (`kind: 'unit'`), from `GET /v1/{org}/unit`. The form value is
 * the unit's id (or, with `multiple`, a list of ids); the cascader holds paths from the root.
 * Any level may be chosen. With several, checking a unit checks every unit below it and the value
 * keeps the highest checked one (a unit stands for itself and everything below it, as the scope
 * reads it).
 */
export function UnitInput({
  org,
  multiple,
  placeholder,
  value,
  onChange,
  ...injected
}: {
  org?: string;
  multiple?: boolean;
  placeholder?: string;
  value?: number | number[] | null;
  onChange?: (value: number | number[] | null) => void;
} & Record<string, unknown>) {
  const path = optionsPath(UNIT_PATH, org);
  const tree = useQuery({
    queryKey: path ? optionsQueryKey(path, org) : ['options', UNIT_PATH],
    queryFn: ({ signal }) => api.get<OrgTreeNode[]>(path as string, undefined, { signal }),
    enabled: !!path,
    staleTime: 60_000,
  });
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const common = {
    options: nodes as never,
    placeholder: placeholder ?? unitPlaceholder,
    loading: tree.isLoading,
    showSearch: true,
    allowClear: true,
    style: { width: '100%' },
    ...injected,
  };
  if (multiple) {
    const ids = Array.isArray(value) ? value : [];
    const paths = ids.map((id) => treePath(nodes, id) ?? [id]);
    return (
      <Cascader
        {...common}
        multiple
        showCheckedStrategy={Cascader.SHOW_PARENT}
        maxTagCount="responsive"
        value={paths as never}
        onChange={(picked: unknown) => onChange?.(((picked as unknown[][] | undefined) ?? []).map((p) => lastOfPath(p)).filter((x): x is number => x !== null))}
      />
    );
  }
  return (
    <Cascader
      {...common}
      changeOnSelect
      value={(value === null || value === undefined || Array.isArray(value) ? undefined : (treePath(nodes, value) ?? [value])) as never}
      onChange={(picked: unknown) => onChange?.(lastOfPath(picked))}
    />
  );
}
