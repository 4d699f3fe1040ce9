import { useMemo } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { exportPath, type BatchAction, type CommandAction, type ResourceExport, type ToggleAction, type ToggleState } from '@huodong/domain';
import { api, type QueryParams } from '../shared/api';
import { feedback } from '../shared/feedback';
import { DIALOG_TITLE } from '../shared/texts';
import type { Declaration, DeclaredRowUpdate } from './declarations';
import { commandCall, rowName, type Row } from './listModel';
import {
  SAVE_SUCCESS,
  SORT_SAVED,
  batchConfirm,
  batchDeleteConfirm,
  batchDeleted,
  batchDone,
  deleteConfirm,
  deleted,
  rowUpdateDone,
  toggleConfirm,
  toggleDone,
} from './texts';
import type { FormValues } from './validation';
import { resourceListPath, resourceQueryKey } from './resourcePaths';

export { resourceListPath, resourceQueryKey };

export interface ResourceActions {
  queryKey: QueryKey;
  /** List path (null while `{org}` or the parent is missing). */
  path: string | null;
  /** Refresh every list of the resource. */
  invalidate(): Promise<void>;
  create(body: FormValues): Promise<Row>;
  /** Update (spec §7: POST {id}). */
  update(id: number, body: FormValues): Promise<Row>;
  /** `POST {id}/{state.name}`, asking first when the state says so; a message names the row. */
  toggle(row: Row, action: ToggleAction, state: ToggleState): void;
  /** `POST {id}/{name}` with the dialog's body (授权, 权限). */
  rowUpdate(row: Row, action: Pick<DeclaredRowUpdate, 'name' | 'label'>, body: FormValues): Promise<Row>;
  /** A row command (复制): asks the declared confirmation first, then `POST` without a body; `<label>成功`. */
  command(row: Row, action: CommandAction): void;
  /** Confirmation naming the row, then DELETE {id}. */
  confirmDelete(row: Row): void;
  /** Confirmation with the count, then POST batchDelete; reports how many were deleted. */
  confirmBatchDelete(ids: number[], done?: () => void): void;
  /** `POST {name} {ids}` (asking first when declared); reports how many were changed. */
  batch(action: BatchAction, ids: number[], done?: () => void): void;
  /** `POST sort {ids}` in the new order (the server sets sort = position). */
  sort(ids: number[]): Promise<void>;
  /** Download a declared export with the list's query. */
  exportList(exp: ResourceExport, query: QueryParams, onProgress?: (percent: number) => void): Promise<void>;
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

/** Writes of one resource (of one parent, for a sub-resource); each invalidates the resource's lists. */
export function useResourceActions(def: Declaration, org?: string, parentId?: number): ResourceActions {
  const client = useQueryClient();
  return useMemo<ResourceActions>(() => {
    const path = resourceListPath(def, org, parentId);
    const queryKey = resourceQueryKey(def);
    const base = () => {
      if (!path) throw new Error(`${def.name}: no organisation or parent for ${def.path}`);
      return path;
    };
    const invalidate = () => client.invalidateQueries({ queryKey });
    const after = async <T>(p: Promise<T>, message?: string): Promise<T> => {
      const result = await p;
      if (message) feedback.message.success(message);
      await invalidate();
      return result;
    };
    const runToggle = (row: Row, state: ToggleState) =>
      after(api.post<Row>(`${base()}/${row.id}/${state.name}`), toggleDone(state.label, def.title, rowName(def, row)));
    return {
      queryKey,
      path,
      invalidate,
      create: (body) => after(api.post<Row>(base(), body), SAVE_SUCCESS),
      update: (id, body) => after(api.post<Row>(`${base()}/${id}`, body), SAVE_SUCCESS),
      toggle: (row, _action, state) => {
        if (state.confirm) confirm(toggleConfirm(state.label, def.title, rowName(def, row)), () => runToggle(row, state));
        else void runToggle(row, state).catch(() => undefined);
      },
      rowUpdate: (row, action, body) => after(api.post<Row>(`${base()}/${row.id}/${action.name}`, body), rowUpdateDone(action.label)),
      command: (row, action) => {
        base(); // the organisation and the parent are known, as for every write
        const call = commandCall(def, action, row, org, parentId);
        const run = () => after(api.post<Row>(call.path), call.done);
        if (call.confirm) confirm(call.confirm, run);
        else void run().catch(() => undefined);
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
      batch: (action, ids, done) => {
        if (ids.length === 0) return;
        const run = async () => {
          const r = await api.post<{ updated: number }>(`${base()}/${action.name}`, { ids });
          feedback.message.success(batchDone(action.label, def.title, r.updated));
          done?.();
          await invalidate();
        };
        if (action.confirm) confirm(batchConfirm(action.label, def.title, ids.length), run, action.danger);
        else void run().catch(() => undefined);
      },
      sort: async (ids) => {
        await after(api.post(`${base()}/sort`, { ids }), SORT_SAVED);
      },
      exportList: async (exp, query, onProgress) => {
        await api.download(exportPath(def, exp, org ? encodeURIComponent(org) : undefined), query, { onProgress, filename: `${exp.title}.xlsx` });
      },
    };
  }, [client, def, org, parentId]);
}
