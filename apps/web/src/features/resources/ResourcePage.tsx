import { useMemo, useState, type ReactNode } from 'react';
import { Button, Empty, Flex, Form, Input, Select, Space, Table, theme, type FormInstance } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { DELETE, EDIT, PAGE_SIZE_DEFAULT, type ListData, type ResourceDef, type ResourceField } from '@huodong/domain';
import { useApiQuery, type QueryParams } from '../../shared/api';
import { TABLE_PAGINATION } from '../../shared/antdDefaults';
import { cappedTotalText } from '../../shared/texts';
import { useSelf } from '../../shared/session';
import { useNarrow } from '../../shared/useNarrow';
import {
  cellText,
  callerFromSelf,
  filterFields,
  isDeclared,
  listFields,
  listQuery,
  pauseAction,
  recommendAction,
  resourceControls,
  rowName,
  sortParam,
  type Controls,
  type ListState,
  type Row,
  type SortOrder,
} from './controls';
import { useFieldOptions, useFieldsOptions } from './fieldInputs';
import { ResourceFormModal, type CustomInput } from './ResourceFormModal';
import { ACTIONS, BATCH_DELETE, CREATE, RESET, SEARCH, keywordPlaceholder, KEYWORD } from './texts';
import { resourceListPath, useResourceActions, type ResourceActions } from './useResourceActions';
import type { FormMode, FormValues } from './validation';

export interface RowContext {
  row: Row;
  /** What the caller may do on this page (button-level permissions). */
  controls: Controls;
  /** May the caller write this row (controls plus the page's `canWriteRow`)? */
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
}

export interface ResourcePageProps {
  def: ResourceDef;
  /** Organisation key filling `{org}` in the path; the page shows `needOrg` until it is given. */
  org?: string;
  /** Shown instead of the table while an `{org}` path has no organisation. */
  needOrg?: ReactNode;
  /** Fixed list query parameters. */
  query?: QueryParams;
  /** Above the search form (e.g. an organisation select). */
  header?: ReactNode;
  /** Columns added after the declared ones. */
  extraColumns?: ColumnsType<Row>;
  /** Own cell rendering of declared columns. */
  renderCell?: Record<string, (value: unknown, row: Row) => ReactNode>;
  /** Extra row controls after the standard ones. */
  rowActions?: readonly RowActionRender[];
  /** Extra toolbar buttons after 新增 and 批量删除. */
  toolbar?: (ctx: ToolbarContext) => ReactNode;
  /** Own inputs for declared form fields. */
  inputs?: Record<string, CustomInput>;
  /** List row → displayed row. */
  shapeRow?: (row: Row) => Row;
  /** Row → edit form values. */
  toForm?: (row: Row) => FormValues;
  /** Validated form values → API body. */
  toBody?: (body: FormValues, mode: FormMode, row?: Row) => FormValues;
  /** Rows the caller may write beyond the declaration's role (e.g. org admins: ordinary administrators only). */
  canWriteRow?: (row: Row) => boolean;
  /** Rows that may be edited but neither paused nor deleted (e.g. the signed-in account itself). */
  canRemoveRow?: (row: Row) => boolean;
}

const FIRST_PAGE: ListState = { page: 1, pageSize: PAGE_SIZE_DEFAULT, filters: {} };
/**
 * Width of the 操作 column on narrow screens: its buttons wrap two short ones a line instead of
 * the column (fixed at the right) growing wider than a phone.
 */
const NARROW_ACTIONS_WIDTH = 120;

/** A filter of the search form; forwards what Form.Item injects (value, onChange, id). */
function FilterInput({ field, org, ...injected }: { field: ResourceField; org?: string } & Record<string, unknown>) {
  const { options, loading } = useFieldOptions(field, org);
  const width = useNarrow() ? '100%' : 160;
  if (field.kind === 'select' || field.kind === 'switch' || field.options || field.optionsFrom) {
    return (
      <Select
        allowClear
        placeholder={field.label}
        options={options}
        loading={loading}
        style={{ width }}
        showSearch={{ optionFilterProp: 'label' }}
        {...injected}
      />
    );
  }
  return <Input allowClear placeholder={field.label} style={{ width }} {...injected} />;
}

export interface SearchBarProps<T> {
  form: FormInstance<T>;
  name?: string;
  onFinish: (values: T) => void;
  onReset: () => void;
  /** The search fields (Form.Items); their inputs size with `useNarrow() ? '100%' : …`. */
  children: ReactNode;
}

/**
 * A list page's search form with 查询 and 重置: one row that wraps on wide screens, stacked
 * full-width fields on narrow ones.
 */
export function SearchBar<T>({ form, name, onFinish, onReset, children }: SearchBarProps<T>) {
  const narrow = useNarrow();
  return (
    <Form form={form} layout={narrow ? 'vertical' : 'inline'} name={name} onFinish={onFinish} style={narrow ? undefined : { rowGap: 12 }}>
      {children}
      <Form.Item style={narrow ? { marginBottom: 0 } : undefined}>
        <Space>
          <Button type="primary" htmlType="submit">
            {SEARCH}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            {RESET}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

function SearchForm({ def, org, onSearch }: { def: ResourceDef; org?: string; onSearch: (keyword: string | undefined, filters: Record<string, unknown>) => void }) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const narrow = useNarrow();
  const filters = filterFields(def);
  const keywordLabels = def.keywordFields.map((n) => def.fields.find((f) => f.name === n)?.label ?? n);
  if (filters.length === 0 && keywordLabels.length === 0) return null;
  const submit = (values: Record<string, unknown>) => {
    const { keyword, ...rest } = values;
    onSearch(typeof keyword === 'string' ? keyword : undefined, rest);
  };
  return (
    <SearchBar form={form} name={`${def.name}-search`} onFinish={submit} onReset={() => onSearch(undefined, {})}>
      {keywordLabels.length > 0 && (
        <Form.Item name="keyword" label={KEYWORD}>
          <Input allowClear placeholder={keywordPlaceholder(keywordLabels)} style={{ width: narrow ? '100%' : 220 }} />
        </Form.Item>
      )}
      {filters.map((f) => (
        <Form.Item key={f.name} name={f.name} label={f.label}>
          <FilterInput field={f} org={org} />
        </Form.Item>
      ))}
    </SearchBar>
  );
}

/**
 * A declared resource as a page (spec §2, §5, §7, §9): search form, server-paged sortable table,
 * row controls 编辑 / 暂停·启用 / 推荐 / 删除, batch delete, create and edit dialog. A family page
 * adds only its own through the props.
 */
export function ResourcePage(props: ResourcePageProps) {
  const { def, org, needOrg, header, extraColumns = [], renderCell = {}, rowActions = [], toolbar, inputs, shapeRow, toForm, toBody, canWriteRow, canRemoveRow } = props;
  const path = resourceListPath(def, org);
  const self = useSelf();
  const controls = resourceControls(def, callerFromSelf(self.data));
  const actions = useResourceActions(def, org);
  const narrow = useNarrow();
  const { token } = theme.useToken();

  const [state, setState] = useState<ListState>(FIRST_PAGE);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: Row; open: boolean }>({ mode: 'create', open: false });

  const list = useApiQuery<ListData<Row>>(actions.queryKey, path, listQuery(state, props.query), { placeholderData: (prev) => prev });
  const rows = useMemo(() => (list.data?.items ?? []).map((r) => (shapeRow ? shapeRow(r) : r)), [list.data, shapeRow]);
  const total = list.data?._meta.totalCount ?? 0;

  // Deleting the last rows of the last page: go to the page that now exists.
  const pageCount = list.data?._meta.pageCount;
  if (pageCount && state.page > pageCount && rows.length === 0 && !list.isFetching) {
    setState((s) => ({ ...s, page: pageCount }));
  }

  const columnsOf = listFields(def);
  const columnOptions = useFieldsOptions(columnsOf, org);
  const writable = (row: Row) => controls.edit && (canWriteRow ? canWriteRow(row) : true);
  const removable = (row: Row) => writable(row) && (canRemoveRow ? canRemoveRow(row) : true);

  const edit = (row: Row) => setDialog({ mode: 'update', row, open: true });

  const columns: ColumnsType<Row> = [
    ...columnsOf.map((f, i) => ({
      key: f.name,
      dataIndex: f.name,
      title: f.label,
      width: f.width,
      sorter: f.sortable ? true : undefined,
      sortOrder: f.sortable && state.sort?.replace(/^-/, '') === f.name ? (state.sort.startsWith('-') ? ('descend' as const) : ('ascend' as const)) : null,
      render: (value: unknown, row: Row) => (renderCell[f.name] ? renderCell[f.name](value, row) : cellText(f, value, columnOptions[i])),
    })),
    ...extraColumns,
  ];

  const hasRowControls = controls.edit || controls.delete || controls.pause || controls.recommend || rowActions.length > 0;
  if (hasRowControls) {
    columns.push({
      key: '__actions',
      title: ACTIONS,
      fixed: 'right',
      width: narrow ? NARROW_ACTIONS_WIDTH : undefined,
      render: (_: unknown, row: Row) => {
        const canRow = writable(row);
        const ctx: RowContext = { row, controls, writable: canRow, actions, edit: () => edit(row) };
        const pause = pauseAction(row);
        const rec = recommendAction(row);
        return (
          <Space size={0} wrap>
            {canRow && controls.edit && (
              <Button type="link" size="small" onClick={() => edit(row)}>
                {EDIT}
              </Button>
            )}
            {canRow && controls.pause && isDeclared(def, pause) && (pause.action !== 'disable' || removable(row)) && (
              <Button type="link" size="small" onClick={() => actions.confirmRowAction(row, pause)}>
                {pause.label}
              </Button>
            )}
            {canRow && controls.recommend && isDeclared(def, rec) && (
              <Button type="link" size="small" onClick={() => actions.confirmRowAction(row, rec)}>
                {rec.label}
              </Button>
            )}
            {rowActions.map((render, i) => (
              <span key={i}>{render(ctx)}</span>
            ))}
            {removable(row) && controls.delete && (
              <Button type="link" size="small" danger onClick={() => actions.confirmDelete(row)}>
                {DELETE}
              </Button>
            )}
          </Space>
        );
      },
    });
  }

  const onTableChange = (p: TablePaginationConfig, _f: unknown, sorter: SorterResult<Row> | SorterResult<Row>[]) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = sortParam(s?.columnKey as string | undefined, s?.order as SortOrder);
    setState((prev) => {
      const sizeChanged = (p.pageSize ?? prev.pageSize) !== prev.pageSize;
      const sortChanged = sort !== prev.sort;
      return { ...prev, sort, pageSize: p.pageSize ?? prev.pageSize, page: sizeChanged || sortChanged ? 1 : (p.current ?? 1) };
    });
  };

  const toolbarCtx: ToolbarContext = { controls, actions, selectedIds: selected, clearSelection: () => setSelected([]) };

  const body = !path ? (
    <Empty description={needOrg} />
  ) : (
    <>
      <SearchForm def={def} org={org} onSearch={(keyword, filters) => setState((s) => ({ ...s, page: 1, keyword, filters }))} />
      <Flex gap={8} wrap style={{ margin: '16px 0' }}>
        {controls.create && (
          <Button type="primary" onClick={() => setDialog({ mode: 'create', open: true })}>
            {CREATE}
          </Button>
        )}
        {controls.batchDelete && (
          <Button
            danger
            disabled={selected.length === 0}
            onClick={() => actions.confirmBatchDelete(selected, () => setSelected([]))}
          >
            {BATCH_DELETE}
          </Button>
        )}
        {toolbar?.(toolbarCtx)}
      </Flex>
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        onChange={onTableChange}
        rowSelection={
          controls.batchDelete
            ? {
                // stays at the left edge while the table scrolls sideways, as 操作 stays at the right
                fixed: 'left',
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (row) => ({ disabled: !removable(row), name: rowName(def, row) }),
              }
            : undefined
        }
        pagination={{ ...TABLE_PAGINATION, current: state.page, pageSize: state.pageSize, total, ...(list.data?._meta.totalCapped ? { showTotal: cappedTotalText } : {}) }}
      />
      <ResourceFormModal
        def={def}
        mode={dialog.mode}
        open={dialog.open}
        row={dialog.row}
        org={org}
        inputs={inputs}
        toForm={toForm}
        toBody={toBody}
        submit={(body) => (dialog.mode === 'create' ? actions.create(body) : actions.update(dialog.row!.id, body))}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
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
