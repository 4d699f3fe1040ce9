import { useMemo } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ResourceDef } from '@huodong/domain';
import { api } from '../../shared/api';
import { feedback } from '../../shared/feedback';
import { DIALOG_TITLE } from '../../shared/texts';
import { rowName, type Row, type RowAction } from './controls';
import {
  SAVE_SUCCESS,
  batchDeleteConfirm,
  batchDeleted,
  deleteConfirm,
  deleted,
  pauseConfirm,
  pauseDone,
} from './texts';
import type { FormValues } from './validation';
import { resourceListPath, resourceQueryKey } from './resourcePaths';

export { resourceListPath, resourceQueryKey };

export interface ResourceActions {
  queryKey: QueryKey;
  /** List path (null while `{org}` is missing). */
  path: string | null;
  /** Refresh every list of the resource. */
  invalidate(): Promise<void>;
  create(body: FormValues): Promise<Row>;
  /** Update (spec §7: POST {id}). */
  update(id: number, body: FormValues): Promise<Row>;
  /** POST {id}/{action} with a success message naming the row. */
  run(row: Row, action: RowAction): Promise<Row>;
  /** Ask first when the declaration's `confirm` says so, then run. */
  confirmRowAction(row: Row, action: RowAction): void;
  /** Confirmation naming the row, then DELETE {id}. */
  confirmDelete(row: Row): void;
  /** Confirmation with the count, then POST batchDelete; reports how many were deleted. */
  confirmBatchDelete(ids: number[], done?: () => void): void;
}

/** Ask in a confirm dialog; failures of `onOk` were already shown by the API client. */
export function confirm(content: string, onOk: () => Promise<unknown>, danger = false): void {
  feedback.modal.confirm({
    title: DIALOG_TITLE,
    content,
    okButtonProps: { danger },
    onOk: () => onOk().catch(() => undefined),
  });
}

/** Writes of one resource; each invalidates the resource's lists. */
export function useResourceActions(def: ResourceDef, org?: string): ResourceActions {
  const client = useQueryClient();
  return useMemo<ResourceActions>(() => {
    const path = resourceListPath(def, org);
    const queryKey = resourceQueryKey(def);
    const base = () => {
      if (!path) throw new Error(`${def.name}: no organisation for ${def.path}`);
      return path;
    };
    const invalidate = () => client.invalidateQueries({ queryKey });
    const after = async <T>(p: Promise<T>, message?: string): Promise<T> => {
      const result = await p;
      if (message) feedback.message.success(message);
      await invalidate();
      return result;
    };
    const run = (row: Row, action: RowAction) =>
      after(api.post<Row>(`${base()}/${row.id}/${action.action}`), pauseDone(action.label, def.title, rowName(def, row)));
    return {
      queryKey,
      path,
      invalidate,
      create: (body) => after(api.post<Row>(base(), body), SAVE_SUCCESS),
      update: (id, body) => after(api.post<Row>(`${base()}/${id}`, body), SAVE_SUCCESS),
      run,
      confirmRowAction: (row, action) => {
        const ask = action.action === 'enable' || action.action === 'disable' ? def.confirm?.[action.action] : false;
        if (ask) confirm(pauseConfirm(action.label, def.title, rowName(def, row)), () => run(row, action));
        else void run(row, action).catch(() => undefined);
      },
      confirmDelete: (row) => {
        const name = rowName(def, row);
        confirm(deleteConfirm(def.title, name), () => after(api.del(`${base()}/${row.id}`), deleted(def.title, name)), true);
      },
      confirmBatchDelete: (ids, done) => {
        if (ids.length === 0) return;
        confirm(
          batchDeleteConfirm(def.title, ids.length),
          async () => {
            const r = await api.post<{ deleted: number }>(`${base()}/batchDelete`, { ids });
            feedback.message.success(batchDeleted(def.title, r.deleted));
            done?.();
            await invalidate();
          },
          true,
        );
      },
    };
  }, [client, def, org]);
}
