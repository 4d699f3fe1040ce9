import { useEffect, useMemo, useRef, useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ListData, ResourceField } from '@huodong/domain';
import { api } from '../shared/api';
import { optionsPath, optionsQueryKey } from './resourcePaths';
import { readerPickerEmpty, readerPickerPlaceholder } from './texts';

/** The organisation's readers, searched as the administrator types. */
const READERS_PATH = '/v1/{org}/readers';
const SEARCH_SIZE = 20;
const SEARCH_DELAY_MS = 300;

interface ReaderOption {
  id: number;
  account: string;
  real_name: string;
}
const labelOf = (r: ReaderOption) => (r.real_name ? `${r.account}（${r.real_name}）` : r.account);

/**
 * Readers of the organisation picked by searching them (`kind: 'readers'`): the form value is the
 * list of reader ids. When editing a row, the row's current picks are read from
 * `optionsFrom.path` (`{id}` = the row's id) and become the value, so what the dialog shows is
 * what it saves; untouched before they load, the body leaves the list as it is.
 */
export function ReaderPicker({
  field,
  org,
  rowId,
  placeholder,
  value,
  onChange,
  ...injected
}: {
  field: ResourceField;
  org?: string;
  rowId?: number;
  placeholder?: string;
  value?: number[];
  onChange?: (value: number[]) => void;
} & Record<string, unknown>) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  // Searched once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const searchPath = optionsPath(READERS_PATH, org);
  const search = useQuery({
    queryKey: [...(searchPath ? optionsQueryKey(searchPath, org) : ['options', READERS_PATH]), 'search', keyword],
    queryFn: ({ signal }) => api.get<ListData<ReaderOption>>(searchPath as string, { keyword: keyword || undefined, page_size: SEARCH_SIZE }, { signal }),
    enabled: !!searchPath,
    staleTime: 30_000,
  });
  const currentPath = field.optionsFrom && rowId !== undefined ? optionsPath(field.optionsFrom.path.replace('{id}', String(rowId)), org) : null;
  const current = useQuery({
    queryKey: ['readerPicks', currentPath],
    queryFn: ({ signal }) => api.get<ReaderOption[]>(currentPath as string, undefined, { signal }),
    enabled: !!currentPath,
  });

  // Labels of every reader seen (picked ones stay labelled when a new search replaces the options).
  const known = useRef(new Map<number, string>());
  for (const r of [...(current.data ?? []), ...(search.data?.items ?? [])]) known.current.set(r.id, labelOf(r));

  const adopted = useRef(false);
  useEffect(() => {
    if (adopted.current || !current.data || value !== undefined) return;
    adopted.current = true;
    if (current.data.length) onChange?.(current.data.map((r) => r.id));
  }, [current.data, value, onChange]);

  const picked = value ?? [];
  const options = useMemo(() => {
    const ids = new Set([...picked, ...(search.data?.items ?? []).map((r) => r.id)]);
    return [...ids].map((id) => ({ value: id, label: known.current.get(id) ?? String(id) }));
    // `known` grows with the queries above.
  }, [picked, search.data]);

  return (
    <Select
      mode="multiple"
      placeholder={placeholder ?? readerPickerPlaceholder}
      options={options}
      loading={search.isFetching || current.isLoading}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      notFoundContent={readerPickerEmpty}
      maxTagCount="responsive"
      allowClear
      value={picked}
      onChange={(ids: number[]) => onChange?.(ids)}
      {...injected}
    />
  );
}
