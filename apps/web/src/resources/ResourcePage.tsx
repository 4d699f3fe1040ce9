import { Suspense, lazy, useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Empty, Flex, Select, Table, theme } from 'antd';
// antd's Input itself, not the barrel's (which carries TextArea, Search, OTP and Password along).
import Input from 'antd/es/input/Input';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { DownloadOutlined, HolderOutlined } from '@ant-design/icons';
import { DELETE, EDIT, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, audioLabels, isAudioFile, listFields, routeOfResource, rowCellText, rowLinkPath, type ListData, type ResourceExport, type ResourceField } from '@huodong/domain';
import { useApiQuery, type QueryParams } from '../shared/api';
import { TABLE_PAGINATION } from '../shared/antdDefaults';
import { scopeLink } from '../shared/scope';
import { feedback } from '../shared/feedback';
import { cappedTotalText } from '../shared/texts';
import { useScope, useSelf } from '../shared/session';
import { useNarrow } from '../shared/useNarrow';
import {
  callerFromSelf,
  exportQuery,
  filterFields,
  filtersOf,
  listQuery,
  moveId,
  namePath,
  removesFromUse,
  resourceControls,
  rowName,
  rowToggles,
  selectable,
  sortParam,
  thumbnailUrl,
  type Controls,
  type ListState,
  type Row,
  type SortOrder,
} from './listModel';
import type { Declaration, DeclaredField, DeclaredRowUpdate } from './declarations';
import { DECLARATIONS } from './declarations.data';
import { AudioPlayer, audioName } from './AudioPlayer';
import { useFieldOptions, useFieldsOptions } from './fieldOptions';
import { batchRefused, rowControlState } from './rowControls';
import { RefusedTip, RowControls, type ActionControl, type RowControl } from './RowControls';
import { useSideScroll } from './useSideScroll';
import type { CustomInput } from './ResourceFormModal';
import {
  ACTIONS,
  BATCH_DELETE,
  CREATE,
  DRAG_HANDLE,
  KEYWORD,
  OPEN_FILE,
  SCROLL_HINT,
  SORT_DONE,
  SORT_HINT,
  SORT_MODE,
  exportLabel,
  keywordPlaceholder,
  sortTruncated,
} from './texts';
import { SearchBar, SearchField } from './SearchBar';
import { useResourceActions, type ResourceActions } from './useResourceActions';
import type { FormMode, FormValues } from './validation';

/** Thrown when `beforeSubmit` holds a write back: the dialog stays open, nothing is shown. */
const SUBMIT_HELD = 'submit held';

export interface RowContext {
  row: Row;
  /** What the caller may do on this page (button-level permissions). */
  controls: Controls;
  /** May the caller write this row (`controls.write` and the page's `canWriteRow`)? */
  writable: boolean;
  actions: ResourceActions;
  /** Open the edit dialog of this row. */
  edit: () => void;
}

/** An extra row control: render prop returning a button (or null to show nothing). */
export type RowActionRender = (ctx: RowContext) => ReactNode;

export interface ToolbarContext {
  controls: Controls;
  actions: ResourceActions;
  selectedIds: number[];
  clearSelection: () => void;
  /** The list's keyword and filters as they are searched now (no page), e.g. for a batch over every match. */
  query: QueryParams;
  /** How many rows match them. */
  total: number;
}

export interface ResourcePageProps {
  /** The declaration as lists read it (`findDeclaration`, `DECLARATIONS`): no schemas. */
  def: Declaration;
  /** Organisation key filling `{org}` in the path; the page shows `needOrg` until it is given. */
  org?: string;
  /** A sub-resource's parent id (filling the parent's `{param}`). */
  parentId?: number;
  /** Shown instead of the table while the path cannot be called (no organisation, no parent). */
  needOrg?: ReactNode;
  /** Above the search form (e.g. an organisation select, the parent's title). */
  header?: ReactNode;
  /** Extra row controls after the declared ones. */
  rowActions?: readonly RowActionRender[];
  /** Extra toolbar buttons after the declared ones. */
  toolbar?: (ctx: ToolbarContext) => ReactNode;
  /** Own inputs for declared form fields. */
  inputs?: Record<string, CustomInput>;
  /** Rows the caller may write beyond the declaration's role (e.g. org admins: ordinary administrators only). */
  canWriteRow?: (row: Row) => boolean;
  /** Rows that may be edited but neither paused nor deleted (e.g. the signed-in account itself). */
  canRemoveRow?: (row: Row) => boolean;
  /** Asked before a valid create or edit is sent (a warning to confirm); false keeps the dialog open. */
  beforeSubmit?: (body: FormValues, mode: FormMode, row?: Row) => Promise<boolean>;
  /** Filters searched from the start and shown in the search form (e.g. `?sessionID=` of the page's address). */
  initialFilters?: Record<string, unknown>;
  /** A page's own input for a declared filter (e.g. the sessions of the parent as a select). */
  filterInputs?: Record<string, (bound: { id: string; value: unknown; onChange: (v: unknown) => void }) => ReactNode>;
}

/** A cell's text wraps beyond this width instead of widening its column without end (the table is as wide as its content). */
const CELL_MAX_WIDTH = 320;
const CELL_STYLE = { maxWidth: CELL_MAX_WIDTH, overflowWrap: 'anywhere' } as const;

const FIRST_PAGE: ListState = { page: 1, pageSize: PAGE_SIZE_DEFAULT, filters: {} };
/**
 * Width of the 操作 column on narrow screens: its buttons wrap two short ones a line instead of
 * the column (fixed at the right) growing wider than a phone.
 */
const NARROW_ACTIONS_WIDTH = 120;

// The range inputs load only with a page that filters by a range.
const DateRangeInput = lazy(() => import('./DateRangeInput'));
const NumberRangeInput = lazy(() => import('./NumberRangeInput'));
// The dialogs load when one first opens, with the field inputs and the declarations' schemas (zod).
const ResourceFormModal = lazy(() => import('./ResourceFormModal').then((m) => ({ default: m.ResourceFormModal })));
const RowUpdateDialog = lazy(() => import('./RowUpdateDialog').then((m) => ({ default: m.RowUpdateDialog })));

/** A filter of the search form by its mode, holding the form's value of its field. */
function FilterInput({ field, org, id, value, onChange }: { field: DeclaredField; org?: string; id: string; value: unknown; onChange: (v: unknown) => void }) {
  const { options, loading } = useFieldOptions(field, org);
  const narrow = useNarrow();
  const width = narrow ? '100%' : 160;
  const mode = field.filter;
  const bound = { id, value: value as never, onChange };
  if (mode === 'range') {
    if (field.kind === 'datetime') {
      return (
        <Suspense fallback={<Input disabled placeholder={field.label} style={{ width: narrow ? '100%' : 240 }} />}>
          <DateRangeInput style={{ width: narrow ? '100%' : 240 }} {...bound} />
        </Suspense>
      );
    }
    return (
      <Suspense fallback={<Input disabled placeholder={field.label} style={{ width }} />}>
        <NumberRangeInput label={field.label} {...bound} />
      </Suspense>
    );
  }
  const choice = field.kind === 'select' || field.kind === 'checkboxes' || field.kind === 'switch' || field.options || field.optionsFrom;
  if (choice || mode === 'in') {
    return (
      <Select
        allowClear
        placeholder={field.label}
        options={options}
        loading={loading}
        mode={mode === 'in' ? (choice ? 'multiple' : 'tags') : undefined}
        maxTagCount="responsive"
        style={{ width: mode === 'in' ? (narrow ? '100%' : 220) : width }}
        showSearch={{ optionFilterProp: 'label' }}
        {...bound}
      />
    );
  }
  return <Input allowClear placeholder={field.label} style={{ width }} id={id} value={(value as string | undefined) ?? ''} onChange={(e) => onChange(e.target.value)} />;
}

/** The search form of a declaration: the keyword and the declared filters, sent on 查询. */
function SearchForm({
  def,
  org,
  onSearch,
  initial = {},
  inputs = {},
}: {
  def: Declaration;
  org?: string;
  onSearch: (keyword: string | undefined, filters: Record<string, unknown>) => void;
  initial?: Record<string, unknown>;
  inputs?: ResourcePageProps['filterInputs'];
}) {
  const [values, setValues] = useState<Record<string, unknown>>(initial);
  const narrow = useNarrow();
  const filters = filterFields(def);
  const keywordLabels = def.keywordFields.map((n) => def.fields.find((f) => f.name === n)?.label ?? n);
  if (filters.length === 0 && keywordLabels.length === 0) return null;
  const set = (name: string) => (v: unknown) => setValues((prev) => ({ ...prev, [name]: v }));
  const search = () => {
    const { keyword, ...rest } = values;
    onSearch(typeof keyword === 'string' ? keyword : undefined, filtersOf(def, rest));
  };
  const reset = () => {
    setValues({});
    onSearch(undefined, {});
  };
  return (
    <SearchBar name={`${def.name}-search`} onSearch={search} onReset={reset}>
      {keywordLabels.length > 0 && (
        <SearchField field="keyword" label={KEYWORD}>
          {(id) => (
            <Input
              id={id}
              allowClear
              placeholder={keywordPlaceholder(keywordLabels)}
              style={{ width: narrow ? '100%' : 220 }}
              value={(values.keyword as string | undefined) ?? ''}
              onChange={(e) => set('keyword')(e.target.value)}
            />
          )}
        </SearchField>
      )}
      {filters.map((f) => (
        <SearchField key={f.name} field={f.name} label={f.label}>
          {(id) => inputs[f.name]?.({ id, value: values[f.name], onChange: set(f.name) }) ?? <FilterInput field={f} org={org} id={id} value={values[f.name]} onChange={set(f.name)} />}
        </SearchField>
      ))}
    </SearchBar>
  );
}

/** A table cell's audio player: short enough for a column, its play button and time. */
const AUDIO_CELL_STYLE = { width: 200, height: 32, display: 'block' } as const;

/** A cell of a declared field: images as a thumbnail, audio as a player, other files as a link, the rest as the domain's text. */
export function fieldCell(f: ResourceField, row: Row, options: ResourceField['options'], linkColor: string): ReactNode {
  const text = rowCellText(f, row, options);
  if (!text) return text;
  if (f.kind === 'image') return <img src={thumbnailUrl(text)} alt={f.label} loading="lazy" style={{ height: 40, maxWidth: 80, objectFit: 'cover', borderRadius: 2, display: 'block' }} />;
  if (isAudioFile(f.kind, text)) {
    const title = f.audio?.title ? row[f.audio.title] : undefined;
    return <AudioPlayer url={text} name={audioName(f.label, audioLabels(typeof title === 'string' ? title : undefined, undefined).title)} style={AUDIO_CELL_STYLE} />;
  }
  // A video opens in a tab of its own, where the browser plays it: a player per row would not fit a cell.
  if (f.kind === 'file' || f.kind === 'video') {
    // antd Typography.Link's look, without its module
    return (
      <a href={text} target="_blank" rel="noopener noreferrer" style={{ color: linkColor }}>
        {OPEN_FILE}
      </a>
    );
  }
  return text;
}

/** The drag handle of a row in sort mode; the arrow keys move the row too. */
function DragHandle({ name, onDragStart, onDragEnd, onMove }: { name: string; onDragStart: (e: DragEvent) => void; onDragEnd: () => void; onMove: (step: -1 | 1) => void }) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      onMove(e.key === 'ArrowUp' ? -1 : 1);
    }
  };
  return (
    <span
      role="button"
      tabIndex={0}
      aria-label={name ? `${DRAG_HANDLE}：${name}` : DRAG_HANDLE}
      draggable
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onKeyDown={onKeyDown}
      data-testid="drag-handle"
      style={{ cursor: 'grab', padding: '4px 8px', display: 'inline-block' }}
    >
      <HolderOutlined />
    </span>
  );
}

/** A toolbar button downloading a declared export with the list's current query. */
function ExportButton({ exp, run }: { exp: ResourceExport; run: (onProgress: (p: number) => void) => Promise<void> }) {
  const [percent, setPercent] = useState<number | null>(null);
  const label = exportLabel(exp.title);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={percent !== null}
      aria-label={label}
      onClick={() => {
        setPercent(0);
        void run(setPercent)
          .catch(() => undefined)
          .finally(() => setPercent(null));
      }}
    >
      {percent !== null && percent > 0 ? `${label} ${percent}%` : label}
    </Button>
  );
}

/** A toolbar button acting on the selection: disabled without one, and with the reason when a selected row's state refuses it. */
function BatchButton({ refused, none, danger, onClick, children }: { refused?: string; none: boolean; danger?: boolean; onClick: () => void; children: ReactNode }) {
  const button = (
    <Button danger={danger} disabled={none || !!refused} onClick={onClick}>
      {children}
    </Button>
  );
  return refused && !none ? <RefusedTip reason={refused}>{button}</RefusedTip> : button;
}

/** Declared children of a resource with the route of their page (row links). */
function childPagesOf(def: Declaration) {
  return (def.children ?? []).flatMap((name) => {
    const child = DECLARATIONS.find((d) => d.name === name);
    const route = routeOfResource(name);
    return child?.parent && route ? [{ child, route, query: child.parent.query }] : [];
  });
}

/**
 * A declared resource as a page (spec §2, §5, §7, §9): search form (filters by equality, set or
 * range), server-paged sortable table, the declared row controls (编辑, toggles, row updates,
 * links to child pages and to the declared pages of a row, 删除), the declared toolbar (新增, batch actions, 批量删除, drag sorting,
 * exports), and the create and edit dialog. A family page adds only its own through the props.
 */
export function ResourcePage(props: ResourcePageProps) {
  const { def, org, parentId, needOrg, header, rowActions = [], toolbar, inputs, canWriteRow, canRemoveRow, beforeSubmit, initialFilters, filterInputs } = props;
  const self = useSelf();
  const { scope } = useScope();
  const navigate = useNavigate();
  const controls = resourceControls(def, callerFromSelf(self.data));
  const actions = useResourceActions(def, org, parentId);
  const path = actions.path;
  const narrow = useNarrow();
  const { token } = theme.useToken();

  const [state, setState] = useState<ListState>(() => (initialFilters ? { ...FIRST_PAGE, filters: initialFilters } : FIRST_PAGE));
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: Row; open: boolean }>({ mode: 'create', open: false });
  // The form dialog stays mounted once opened (it animates closing); it loads on first opening.
  const [formLoaded, setFormLoaded] = useState(false);
  if (dialog.open && !formLoaded) setFormLoaded(true);
  const [rowUpdate, setRowUpdate] = useState<{ action: DeclaredRowUpdate; row: Row } | null>(null);
  const [sorting, setSorting] = useState(false);
  const [drag, setDrag] = useState<{ id: number; over?: number } | null>(null);

  // Sort mode: the first PAGE_SIZE_MAX rows in their `sort` order, unfiltered, on one page.
  const query = sorting ? { page: 1, page_size: PAGE_SIZE_MAX, sort: 'sort' } : listQuery(state);
  const list = useApiQuery<ListData<Row>>(actions.queryKey, path, query, { placeholderData: (prev) => prev });
  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  const total = list.data?._meta.totalCount ?? 0;

  // The order after a drop, shown until the list is read again.
  const [order, setOrder] = useState<{ of: unknown; ids: number[] } | null>(null);
  const shown = useMemo(() => {
    if (!sorting || !order || order.of !== list.data) return rows;
    const byId = new Map(rows.map((r) => [r.id, r]));
    return order.ids.map((id) => byId.get(id)).filter((r): r is Row => !!r);
  }, [sorting, order, list.data, rows]);

  // Deleting the last rows of the last page: go to the page that now exists.
  const pageCount = list.data?._meta.pageCount;
  if (!sorting && pageCount && state.page > pageCount && rows.length === 0 && !list.isFetching) {
    setState((s) => ({ ...s, page: pageCount }));
  }

  const tableBox = useRef<HTMLDivElement>(null);
  const wide = useSideScroll(tableBox, list.data);

  const columnsOf = useMemo(() => listFields(def), [def]);
  const columnOptions = useFieldsOptions(columnsOf, org);
  const childPages = useMemo(() => childPagesOf(def), [def]);
  // Row actions need write access to the row; 编辑 and 删除 also need a declaration that is not read-only.
  const writable = (row: Row) => controls.write && (canWriteRow ? canWriteRow(row) : true);
  const removable = (row: Row) => writable(row) && (canRemoveRow ? canRemoveRow(row) : true);

  const edit = (row: Row) => setDialog({ mode: 'update', row, open: true });

  const moveTo = (id: number, to: number) => {
    const ids = shown.map((r) => r.id);
    const next = moveId(ids, ids.indexOf(id), to);
    if (next.every((x, i) => x === ids[i])) return;
    setOrder({ of: list.data, ids: next });
    actions.sort(next).catch(() => setOrder(null));
  };

  const columns: ColumnsType<Row> = [];
  if (sorting) {
    columns.push({
      key: '__drag',
      title: DRAG_HANDLE,
      width: 90,
      render: (_: unknown, row: Row, index: number) => (
        <DragHandle
          name={rowName(def, row)}
          onDragStart={(e) => {
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', String(row.id));
            setDrag({ id: row.id });
          }}
          onDragEnd={() => setDrag(null)}
          onMove={(step) => moveTo(row.id, index + step)}
        />
      ),
    });
  }
  columns.push(
    ...columnsOf.map((f, i) => ({
      key: f.name,
      dataIndex: namePath(f.name),
      title: f.label,
      sorter: f.sortable && !sorting ? true : undefined,
      sortOrder: f.sortable && !sorting && state.sort?.replace(/^-/, '') === f.name ? (state.sort.startsWith('-') ? ('descend' as const) : ('ascend' as const)) : null,
      // Sized to the content (a fixed width cut 已获奖 under the 操作 column); long texts wrap at CELL_MAX_WIDTH.
      render: (_: unknown, row: Row) => <div style={CELL_STYLE}>{fieldCell(f, row, columnOptions[i], token.colorLink)}</div>,
    })),
  );

  const links = def.links ?? [];
  const hasRowControls =
    controls.edit ||
    controls.toggles.length > 0 ||
    controls.rowUpdates.length > 0 ||
    controls.commands.length > 0 ||
    childPages.length > 0 ||
    links.length > 0 ||
    rowActions.length > 0;
  if (hasRowControls && !sorting) {
    columns.push({
      key: '__actions',
      title: ACTIONS,
      fixed: 'right',
      width: narrow ? NARROW_ACTIONS_WIDTH : undefined,
      render: (_: unknown, row: Row) => {
        const canRow = writable(row);
        const ctx: RowContext = { row, controls, writable: canRow, actions, edit: () => edit(row) };
        // Each declared action as the row's state allows it (rowControls.ts): left out, or disabled with the reason.
        const ruled = (action: string, control: Omit<ActionControl, 'refused'>): RowControl[] => {
          const state = rowControlState(def, action, row);
          return state ? [{ ...control, refused: state.refused }] : [];
        };
        const list: RowControl[] = [
          ...(canRow && controls.edit ? [{ key: 'edit', label: EDIT, onClick: () => edit(row) }] : []),
          ...(canRow
            ? rowToggles(controls.toggles, row)
                .filter(({ action, state: s }) => !removesFromUse(action, s) || removable(row))
                .flatMap(({ action, state: s }) => ruled(s.name, { key: `toggle-${action.column}`, label: s.label, onClick: () => actions.toggle(row, action, s) }))
            : []),
          ...(canRow ? controls.rowUpdates.flatMap((action) => ruled(action.name, { key: action.name, label: action.label, onClick: () => setRowUpdate({ action, row }) })) : []),
          ...(canRow ? controls.commands.flatMap((action) => ruled(action.name, { key: action.name, label: action.label, onClick: () => actions.command(row, action) })) : []),
          ...childPages.map(({ child, route, query: q }) => ({ key: `child-${child.name}`, label: child.title, onClick: () => navigate(`${scopeLink(scope, route.path)}?${q}=${row.id}`) })),
          ...links.map((link) => ({ key: `link-${link.page}`, label: link.label, onClick: () => navigate(scopeLink(scope, rowLinkPath(link, row.id))) })),
          // The page's own controls (a render prop may show nothing for this row).
          ...rowActions.flatMap((render, i) => {
            const node = render(ctx);
            return node === null || node === undefined || node === false ? [] : [{ key: `own-${i}`, node }];
          }),
          ...(removable(row) && controls.delete ? ruled('delete', { key: 'delete', label: DELETE, danger: true, onClick: () => actions.confirmDelete(row) }) : []),
        ];
        return <RowControls controls={list} wrap={narrow} />;
      },
    });
  }

  const onTableChange = (p: TablePaginationConfig, _f: unknown, sorter: SorterResult<Row> | SorterResult<Row>[]) => {
    if (sorting) return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = sortParam(s?.columnKey as string | undefined, s?.order as SortOrder);
    setState((prev) => {
      const sizeChanged = (p.pageSize ?? prev.pageSize) !== prev.pageSize;
      const sortChanged = sort !== prev.sort;
      return { ...prev, sort, pageSize: p.pageSize ?? prev.pageSize, page: sizeChanged || sortChanged ? 1 : (p.current ?? 1) };
    });
  };

  const clearSelection = () => setSelected([]);
  const toolbarCtx: ToolbarContext = { controls, actions, selectedIds: selected, clearSelection, query: exportQuery(def, state, parentId), total };
  const withSelection = selectable(controls) && !sorting;
  // A batch is all or nothing on the server: refused when a selected row's state refuses it (rows of this page).
  const selectedRows = rows.filter((r) => selected.includes(r.id));
  const refusedFor = (action: string) => batchRefused(def, action, selectedRows);

  const body = !path ? (
    <Empty description={needOrg} />
  ) : (
    <>
      {!sorting && <SearchForm def={def} org={org} initial={initialFilters} inputs={filterInputs} onSearch={(keyword, filters) => setState((s) => ({ ...s, page: 1, keyword, filters }))} />}
      <Flex gap={8} wrap align="center" style={{ margin: '16px 0' }}>
        {controls.create && !sorting && (
          <Button type="primary" onClick={() => setDialog({ mode: 'create', open: true })}>
            {CREATE}
          </Button>
        )}
        {!sorting &&
          controls.batches.map((action) => (
            <BatchButton key={action.name} danger={action.danger} refused={refusedFor(action.name)} none={selected.length === 0} onClick={() => actions.batch(action, selected, clearSelection)}>
              {action.label}
            </BatchButton>
          ))}
        {controls.batchDelete && !sorting && (
          <BatchButton danger refused={refusedFor('delete')} none={selected.length === 0} onClick={() => actions.confirmBatchDelete(selected, clearSelection)}>
            {BATCH_DELETE}
          </BatchButton>
        )}
        {controls.sort && (
          <Button
            type={sorting ? 'primary' : 'default'}
            onClick={() => {
              setSorting((s) => !s);
              setOrder(null);
              clearSelection();
            }}
          >
            {sorting ? SORT_DONE : SORT_MODE}
          </Button>
        )}
        {!sorting && (def.exports ?? []).map((exp) => <ExportButton key={exp.name} exp={exp} run={(onProgress) => actions.exportList(exp, exportQuery(def, state, parentId), onProgress)} />)}
        {!sorting && toolbar?.(toolbarCtx)}
        {sorting && (
          // antd Typography.Text type="secondary", without its module
          <span style={{ color: token.colorTextDescription }}>
            {SORT_HINT}
            {total > shown.length ? `；${sortTruncated(shown.length, total)}` : ''}
          </span>
        )}
      </Flex>
      {wide && (
        // antd Typography.Text type="secondary", without its module
        <div data-testid="side-scroll-hint" style={{ color: token.colorTextDescription, fontSize: token.fontSizeSM, textAlign: 'right', marginBottom: 4 }}>
          {SCROLL_HINT}
        </div>
      )}
      <div ref={tableBox}>
        <Table<Row>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={shown}
          loading={list.isFetching}
          tableLayout="auto"
          scroll={{ x: 'max-content' }}
          onChange={onTableChange}
          onRow={
            sorting
              ? (row, index) => ({
                  onDragOver: (e: DragEvent) => {
                    if (!drag) return;
                    e.preventDefault();
                    e.dataTransfer.dropEffect = 'move';
                    if (drag.over !== row.id) setDrag({ ...drag, over: row.id });
                  },
                  onDrop: (e: DragEvent) => {
                    e.preventDefault();
                    if (drag && index !== undefined) moveTo(drag.id, index);
                    setDrag(null);
                  },
                  style: drag?.over === row.id && drag.id !== row.id ? { outline: `2px dashed ${token.colorPrimary}`, outlineOffset: -2 } : undefined,
                })
              : undefined
          }
          rowSelection={
            withSelection
              ? {
                  // stays at the left edge while the table scrolls sideways, as 操作 stays at the right
                  fixed: 'left',
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                  getCheckboxProps: (row) => ({ disabled: !removable(row), name: rowName(def, row) }),
                }
              : undefined
          }
          pagination={
            sorting
              ? false
              : { ...TABLE_PAGINATION, current: state.page, pageSize: state.pageSize, total, ...(list.data?._meta.totalCapped ? { showTotal: cappedTotalText } : {}) }
          }
        />
      </div>
      {formLoaded && (
        <Suspense fallback={null}>
          <ResourceFormModal
            def={def}
            mode={dialog.mode}
            open={dialog.open}
            row={dialog.row}
            org={org}
            inputs={inputs}
            submit={async (body) => {
              if (beforeSubmit && !(await beforeSubmit(body, dialog.mode, dialog.row))) throw new Error(SUBMIT_HELD);
              if (dialog.mode !== 'create') return actions.update(dialog.row!.id, body);
              const made = await actions.create(body);
              // A row continued on another page (a contest's paper): say so and open it with the new id.
              if (def.afterCreate && made?.id !== undefined) {
                feedback.message.info(def.afterCreate.message);
                navigate(scopeLink(scope, rowLinkPath(def.afterCreate, made.id)));
              }
              return made;
            }}
            onClose={() => setDialog((d) => ({ ...d, open: false }))}
          />
        </Suspense>
      )}
      {rowUpdate && (
        <Suspense fallback={null}>
          <RowUpdateDialog def={def} action={rowUpdate.action} row={rowUpdate.row} org={org} actions={actions} onClose={() => setRowUpdate(null)} />
        </Suspense>
      )}
    </>
  );

  return (
    // A plain panel like a borderless antd Card, whose module brings Tabs (and their menus) to every list page.
    <div data-testid={`resource-${def.name}`} style={{ padding: 24, background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
      {header && <div style={{ marginBottom: 16 }}>{header}</div>}
      {body}
    </div>
  );
}
