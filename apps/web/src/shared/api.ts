import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { api, type ApiError, type QueryParams } from './apiClient';
import { feedback } from './feedback';

/*
 * The API client (apiClient.ts) and its TanStack Query hooks. The hooks' module is kept apart so
 * the first load (shell, login page), which imports apiClient.ts, carries no TanStack Query.
 */
export * from './apiClient';

export type ApiQueryOptions<T> = Omit<UseQueryOptions<T, ApiError, T, QueryKey>, 'queryKey' | 'queryFn' | 'enabled'> & {
  enabled?: boolean;
  silent?: boolean;
};

/**
 * GET through TanStack Query. The cache key is `[...key, path, query]`, so invalidating `key`
 * refreshes every page and filter of it. A null `path` disables the query.
 */
export function useApiQuery<T>(
  key: QueryKey,
  path: string | null | undefined,
  query?: QueryParams,
  options: ApiQueryOptions<T> = {},
) {
  const { enabled = true, silent, ...rest } = options;
  return useQuery<T, ApiError, T, QueryKey>({
    queryKey: [...key, path, query ?? {}],
    queryFn: ({ signal }) => api.get<T>(path as string, query, { signal, silent }),
    enabled: !!path && enabled,
    ...rest,
  });
}

export type ApiMutationOptions<TData, TVars> = Omit<UseMutationOptions<TData, ApiError, TVars>, 'mutationFn'> & {
  /** Query keys (prefixes) to refresh after success. */
  invalidate?: QueryKey[];
  /** Message shown after success. */
  successMessage?: string;
};

/** A write through TanStack Query: `fn` calls `api.*`; success refreshes `invalidate`. */
export function useApiMutation<TData = unknown, TVars = void>(
  fn: (vars: TVars) => Promise<TData>,
  options: ApiMutationOptions<TData, TVars> = {},
) {
  const client = useQueryClient();
  const { invalidate = [], successMessage, onSuccess, ...rest } = options;
  return useMutation<TData, ApiError, TVars>({
    mutationFn: fn,
    ...rest,
    onSuccess: async (...args) => {
      if (successMessage) feedback.message.success(successMessage);
      await Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
      await onSuccess?.(...args);
    },
  });
}
