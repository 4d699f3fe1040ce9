import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Button, Select, Space } from 'antd';
import { ResourcePage, type ToolbarContext } from '../../resources/ResourcePage';
import { findDeclaration, type Row } from '../../resources/listModel';
import type { CustomInput, FormInputContext } from '../../resources/ResourceFormModal';
import { api, useApiQuery } from '../../shared/api';
import { AppModal } from '../../shared/AppModal';
import { feedback } from '../../shared/feedback';
import type { CompareResult } from './Duplicates';
import * as T from './texts';

// The form's own inputs load with the create/edit dialog; the import with its first opening.
const Editor = () => import('./QuestionEditor');
const OptionsInput = lazy(() => Editor().then((m) => ({ default: m.OptionsInput })));
const AnswerInput = lazy(() => Editor().then((m) => ({ default: m.AnswerInput })));
const StemImagesInput = lazy(() => Editor().then((m) => ({ default: m.StemImagesInput })));
const TagsInput = lazy(() => Editor().then((m) => ({ default: m.TagsInput })));
const ImportDialog = lazy(() => import('./ImportDialog'));

type InputProps = { value?: never; onChange?: (v: unknown) => void; id?: string };
const custom = (render: (ctx: FormInputContext, p: InputProps) => ReactNode): CustomInput => ({
  // Form.Item hands value/onChange to its direct child: this wrapper passes them on.
  render: (ctx) => <Wrapped render={(p) => render(ctx, p)} />,
});
function Wrapped({ render, ...p }: InputProps & { render: (p: InputProps) => ReactNode }) {
  return <Suspense fallback={null}>{render(p)}</Suspense>;
}
const INPUTS: Record<string, CustomInput> = {
  options: custom((ctx, p) => <OptionsInput ctx={ctx} {...p} />),
  answer: custom((ctx, p) => <AnswerInput ctx={ctx} {...p} />),
  stem_images: custom((ctx, p) => <StemImagesInput ctx={ctx} {...p} />),
  tags: custom((_ctx, p) => <TagsInput {...p} />),
};

type Option = { id: number; name: string };
const optionRows = (data: unknown): Option[] => (Array.isArray(data) ? data : ((data as { items?: Option[] } | undefined)?.items ?? [])) as Option[];

/** 批量设置分类: one of the bank's categories (or none) for the selected questions. */
function CategoryDialog({ base, categories, ids, onDone, onClose }: { base: string; categories: string; ids: number[]; onDone: () => void; onClose: () => void }) {
  const options = useApiQuery<unknown>(['questionCategoryOptions'], categories, { page_size: 100 });
  const [value, setValue] = useState<number | 0>(0);
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    setBusy(true);
    try {
      const res = await api.post<{ updated: number }>(`${base}/batchUpdateCategory`, { ids, category_id: value || null });
      feedback.message.success(T.updatedMessage(res.updated));
      onDone();
      onClose();
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppModal title={T.BATCH_CATEGORY_TITLE} open onOk={ok} confirmLoading={busy} onCancel={onClose}>
      <Select
        aria-label={T.CATEGORY}
        style={{ width: '100%' }}
        value={value}
        onChange={setValue}
        loading={options.isFetching}
        options={[{ value: 0, label: T.NO_CATEGORY }, ...optionRows(options.data).map((c) => ({ value: c.id, label: c.name }))]}
      />
    </AppModal>
  );
}

export interface BankPageProps {
  /** publicQuestions, orgQuestions or bankQuestions. */
  resource: string;
  org?: string;
  /** `POST …/compare` of this bank. */
  comparePath: string | null;
  /** `POST …/batchCreate`, when this page imports. */
  importPath?: string;
  /** The bank's categories (options). */
  categoriesPath: string | null;
  header?: ReactNode;
  needOrg?: ReactNode;
  /** More toolbar buttons (moves between banks). */
  extraToolbar?: (ctx: ToolbarContext) => ReactNode;
}

/**
 * A question bank page (public, an organisation's for the platform, the organisation's own): the
 * declared list with the question form adapting to the type, 导入题目, 批量设置分类, and a
 * duplicate warning before a new or changed stem is saved.
 */
export function BankPage({ resource, org, comparePath, importPath, categoriesPath, header, needOrg, extraToolbar }: BankPageProps) {
  const def = findDeclaration(resource);
  const [importing, setImporting] = useState<null | (() => Promise<void>)>(null);
  const [categoryFor, setCategoryFor] = useState<{ ids: number[]; done: () => void; refresh: () => Promise<void> } | null>(null);
  const beforeSubmit = async (body: Record<string, unknown>, _mode: string, row?: Row) => {
    if (!comparePath || typeof body.stem !== 'string' || (row && row.stem === body.stem)) return true;
    const found = await api.post<CompareResult>(comparePath, { stems: [body.stem], ...(row ? { exclude_id: row.id } : {}) });
    if (found.items.length === 0) return true;
    const { confirmDuplicates, shownBody } = await import('./Duplicates');
    return confirmDuplicates(found, () => ({ q: shownBody(body), title: T.THIS_QUESTION }), T.SAVE_ANYWAY);
  };
  return (
    <>
      <ResourcePage
        def={def}
        org={org}
        header={header}
        needOrg={needOrg}
        inputs={INPUTS}
        beforeSubmit={beforeSubmit}
        toolbar={(ctx) => (
          <Space wrap>
            {importPath && ctx.controls.create && (
              <Button onClick={() => setImporting(() => ctx.actions.invalidate)} data-testid="import-questions">
                {T.IMPORT}
              </Button>
            )}
            {categoriesPath && ctx.controls.write && (
              <Button disabled={ctx.selectedIds.length === 0} onClick={() => setCategoryFor({ ids: ctx.selectedIds, done: ctx.clearSelection, refresh: ctx.actions.invalidate })}>
                {T.BATCH_CATEGORY}
              </Button>
            )}
            {extraToolbar?.(ctx)}
          </Space>
        )}
      />
      {importing && importPath && comparePath && (
        <Suspense fallback={null}>
          <ImportDialog importPath={importPath} comparePath={comparePath} onClose={() => setImporting(null)} onImported={() => void importing()} />
        </Suspense>
      )}
      {categoryFor && categoriesPath && (
        <CategoryDialog
          base={def.path.replace('{org}', org ?? '')}
          categories={categoriesPath}
          ids={categoryFor.ids}
          onDone={() => {
            categoryFor.done();
            void categoryFor.refresh();
          }}
          onClose={() => setCategoryFor(null)}
        />
      )}
    </>
  );
}
