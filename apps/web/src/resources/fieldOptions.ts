import { useQueries, useQuery } from '@tanstack/react-query';
import { optionsFromData } from '@huodong/domain';
import { api } from '../shared/api';
import type { DeclaredField } from './declarations';
import { optionGroups, type OptionItem } from './listModel';
import { optionsPath, optionsQueryKey } from './resourcePaths';

/** What the options of a field come from. */
type OptionsField = Pick<DeclaredField, 'name' | 'options' | 'optionsFrom'>;

/** Option lists are small: one page of up to 100 rows. */
const OPTIONS_QUERY = { page_size: 100 };

/** The options query of a field with `optionsFrom` (`{org}` filled); disabled when it cannot run yet. */
function optionsQuery(field: OptionsField, org?: string) {
  const path = field.optionsFrom ? optionsPath(field.optionsFrom.path, org) : null;
  return {
    queryKey: path ? optionsQueryKey(path, org) : ['options', null, field.name],
    queryFn: ({ signal }: { signal: AbortSignal }) => api.get<unknown>(path as string, OPTIONS_QUERY, { signal }),
    enabled: !!path,
    staleTime: 60_000,
  };
}

const optionsOf = (field: OptionsField, data: unknown): OptionItem[] =>
  field.optionsFrom ? optionsFromData(data, field.optionsFrom) : (field.options ?? []);

export interface FieldOptions {
  options: OptionItem[];
  /** By `optionsFrom.group` (checkboxes grouped by menu group); one unnamed group otherwise. */
  groups: { group: string; options: OptionItem[] }[];
  loading: boolean;
}

/** Options of a select or checkbox field: declared ones, or loaded from `optionsFrom.path`. */
export function useFieldOptions(field: OptionsField, org?: string): FieldOptions {
  const q = useQuery(optionsQuery(field, org));
  const options = optionsOf(field, q.data);
  const groups = field.optionsFrom?.group ? optionGroups(q.data, field.optionsFrom) : [{ group: '', options }];
  return { options, groups, loading: q.isLoading };
}

/** Options of several fields at once (table cells of select columns). */
export function useFieldsOptions(fields: readonly OptionsField[], org?: string): OptionItem[][] {
  const results = useQueries({ queries: fields.map((f) => optionsQuery(f, org)) });
  return fields.map((f, i) => optionsOf(f, results[i].data));
}
