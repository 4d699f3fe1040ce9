import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Col, Empty, Flex, Row, Statistic, Table, theme } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { routeOfResource } from '@huodong/domain/routes';
import { cardText, chosenBy, figureRows, figureValue, fillFigurePath, type FigureChart, type FigureDownload, type FigureHeaderDownload, type FigureTable, type FiguresDef } from '@huodong/domain/figures';
import { api, useApiQuery } from '../shared/api';
import { downloadMedia } from '../shared/mediaDownload';
import { LazyEChart } from '../shared/LazyEChart';
import { PageLoading } from '../shared/PageLoading';
import { scopeLink } from '../shared/scope';
import { useScope } from '../shared/session';
import { idFromQuery } from '../shared/idFromQuery';
import { declaredChartOption } from './figureCharts';
import { FIGURES_KEY } from './figuresKey';
import { chartRows, DeclaredList, figureColumns, SideTables, type FiguresContext, type FiguresSlots } from './figureParts';
import type { FigureFilterValues } from './FiguresFilters';
import { FiguresExtras, figureHeadingTitle, figureParams } from './FiguresExtras';
import * as T from './texts';

export type { FiguresContext, FiguresSlots } from './figureParts';

const CHART_HEIGHT = 300;
/** A table longer than this pages. */
const TABLE_PAGE = 20;

type Row = Record<string, unknown> & { key: string };

/** A link of the page with the activity (and its extra query). */
export function figureLinkPath(path: string, act: number, query: Record<string, string> = {}): string {
  return `${path}?${new URLSearchParams({ actID: String(act), ...query }).toString()}`;
}

type ChartShape = Pick<FigureChart, 'kind' | 'label' | 'blank' | 'series' | 'rightAxis' | 'markLine' | 'labelMark' | 'height'>;

function Chart({ chart, rows, label, data }: { chart: ChartShape; rows: Row[]; label: string; data?: unknown }) {
  const option = useMemo(() => declaredChartOption(chart, rows, data), [chart, rows, data]);
  const height = chart.height ?? CHART_HEIGHT;
  return (
    <Suspense fallback={<div style={{ height }} />}>
      <LazyEChart option={option} height={height} ariaLabel={label} />
    </Suspense>
  );
}

function TableCard({ table, data, act }: { table: FigureTable; data: unknown; act: number }) {
  const { scope: org } = useScope();
  const navigate = useNavigate();
  const rows = figureRows(data, table.rows).map((r, i) => ({ ...r, key: `${i}` }));
  if (table.hideEmpty && rows.length === 0) return null;
  const open = (path: string) => navigate(scopeLink(org, path));
  const columns = figureColumns(table.columns, act, open) as ColumnsType<Row>;
  const page = table.pageSize ?? TABLE_PAGE;
  const expand = table.expand;
  const items = (r: Row) => figureRows(r, expand?.rows ?? '').map((o, i) => ({ ...o, key: `${i}` }));
  return (
    <Card title={table.title} size="small" style={{ marginTop: 16 }} data-testid={table.key}>
      {table.chart && rows.length > 0 && <Chart chart={table.chart} rows={rows} label={table.title} />}
      <Table<Row>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={rows.length > page ? { pageSize: page } : false}
        scroll={{ x: 'max-content' }}
        {...(expand ? { expandable: { rowExpandable: (r: Row) => items(r).length > 0, expandedRowRender: (r: Row) => <Chart chart={expand.chart} rows={items(r)} label={`${expand.title}${String(r.id ?? '')}`} /> } } : {})}
      />
    </Card>
  );
}

/** One file of a downloads page, `?act=` added; a media zip with the spec's retries. */
export async function downloadFigure(d: Omit<FigureDownload, 'hint'>, org: string, act: number): Promise<void> {
  const path = fillFigurePath(d.path, { org });
  const query = { act, ...d.query };
  if (d.retries) await downloadMedia(path, query, d.filename ?? 'download.zip');
  else await api.download(path, query, d.filename ? { filename: d.filename } : undefined);
}

/** Downloads as buttons beside the heading, one at a time. */
function HeaderDownloads({ downloads, org, act }: { downloads: readonly FigureHeaderDownload[]; org: string; act: number }) {
  const [busy, setBusy] = useState<string | null>(null);
  return downloads.map((d) => (
    <Button
      key={d.key}
      loading={busy === d.key}
      disabled={busy !== null && busy !== d.key}
      onClick={() => {
        setBusy(d.key);
        downloadFigure(d, org, act)
          .catch(() => undefined) // the client showed the server's message
          .finally(() => setBusy(null));
      }}
    >
      {d.title}
    </Button>
  ));
}

/** The downloads of a declaration, one card each; one download at a time. */
function Downloads({ def, org, act }: { def: FiguresDef; org: string; act: number }) {
  const [busy, setBusy] = useState<string | null>(null);
  const get = async (d: FigureDownload) => {
    setBusy(d.key);
    try {
      await downloadFigure(d, org, act);
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(null);
    }
  };
  const wide = def.downloads.length > 3;
  return (
    <Row gutter={[16, 16]} style={{ marginTop: def.cards.length + def.charts.length + def.tables.length > 0 ? 16 : 0 }}>
      {def.downloads.map((d) => (
        <Col key={d.key} xs={24} md={wide ? 12 : 8} xl={wide ? 6 : 8}>
          <Card size="small" title={d.title} style={{ height: '100%' }} data-testid={`download-${d.key}`}>
            <p style={{ marginTop: 0 }}>{d.hint}</p>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={busy === d.key}
              disabled={busy !== null && busy !== d.key}
              aria-label={`${def.downloadAction}：${d.title}`}
              onClick={() => void get(d)}
            >
              {def.downloadAction}
            </Button>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The body of a declaration over one answer: cards, charts, tables, downloads. */
export function FiguresBody({ def, data, org, act, slots, context }: { def: FiguresDef; data: unknown; org: string; act: number; slots?: FiguresSlots; context?: FiguresContext }) {
  const ctx = context ?? { data, org, act, params: {}, filters: {} };
  const title = String(figureValue(data, def.titleFrom ?? 'activity.title') ?? '');
  const chartCard = (chart: FigureChart) => {
    const rows = chartRows(chart, data).map((r, i) => ({ ...r, key: `${i}` }));
    if (rows.length === 0 && chart.empty === undefined) return null;
    return (
      <Card key={chart.key} title={chart.title} size="small" style={{ marginTop: 16 }} data-testid={`chart-${chart.key}`}>
        {rows.length === 0 ? <Empty description={chart.empty} /> : <Chart chart={chart} rows={rows} label={`${chart.title}：${title}`} data={data} />}
      </Card>
    );
  };
  const table = (t: FigureTable) => <TableCard key={t.key} table={t} data={data} act={act} />;
  return (
    <>
      {slots?.top?.(ctx)}
      {def.cards.length > 0 && (
      <Row gutter={[16, 16]}>
        {def.cards.map((c) => (
          <Col key={c.key} xs={12} sm={8} lg={6} xl={3}>
            <Card size="small" data-testid={`total-${c.key}`}>
              <Statistic title={c.title} value={cardText(c, data)} />
            </Card>
          </Col>
        ))}
      </Row>
      )}
      {def.charts.some((c) => c.span) ? (
        <Row gutter={[16, 0]}>
          {def.charts.map((chart) => (
            <Col key={chart.key} xs={24} lg={chart.span ?? 24}>
              {chartCard(chart)}
            </Col>
          ))}
        </Row>
      ) : (
        def.charts.map(chartCard)
      )}
      {def.tables.filter((t) => !t.side).map(table)}
      <SideTables tables={def.tables.filter((t) => t.side)} render={table} />
      {def.downloads.length > 0 && <Downloads def={def} org={org} act={act} />}
      {def.list && <DeclaredList def={def} data={data} org={org} act={act} />}
    </>
  );
}

/** Where 返回 goes and what it says: the list of a resource, or another page of the activity. */
export function figureBack(def: Pick<FiguresDef, 'backTo' | 'backBy'>, act: number | undefined, data?: unknown): { path: string; text: string } | undefined {
  const backTo = (def.backBy && chosenBy(def.backBy, data)) ?? def.backTo;
  if ('path' in backTo) return { path: act !== undefined ? figureLinkPath(backTo.path, act) : backTo.path, text: backTo.text };
  const list = routeOfResource(backTo.resource);
  return list ? { path: list.path, text: backTo.text ?? `${T.BACK}${list.title}` } : undefined;
}

/**
 * The one figures page (issue 21 §3): the `?actID=` frame (a way back to the activity list, the
 * heading with the activity's title, the declared links), then the declaration's cards, charts and
 * tables over the answer of its `source`.
 */
// The filters (date picker, unit cascader) load after the page.
const FiguresFilters = lazy(() => import('./FiguresFilters'));

export default function FiguresPage({ def, slots }: { def: FiguresDef; slots?: FiguresSlots }) {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  // An organisation-wide page (有声书统计) is of no activity: it stands in as 0, never sent (its source has no `{act}`).
  const act = def.orgWide ? 0 : idFromQuery(params.get('actID'));
  const { values: extra, missing } = figureParams(def, params);
  const [filters, setFilters] = useState<FigureFilterValues>({});
  const source = def.source;
  const sourcePath = act !== undefined && source && !missing ? fillFigurePath(source, { ...extra, org, act }) : null;
  const answer = useApiQuery<unknown>([FIGURES_KEY, source, act, extra], sourcePath, def.filters ? filters : undefined);
  // A page without a source (downloads) has nothing to wait for.
  const data = source ? answer.data : {};
  const back = figureBack(def, act, data);
  const title =
    source && data !== undefined ? (def.headingFrom ? figureHeadingTitle(def.headingFrom, data, extra) : String(figureValue(data, def.titleFrom ?? 'activity.title') ?? '')) : '';
  const context = (answer: unknown, at: number) => ({ data: answer, org, act: at, params: extra, filters });

  let body: ReactNode;
  if (act === undefined) body = <Empty description={def.needActivity} />;
  else if (missing) body = <Empty description={missing.need} />;
  else if (source && answer.isPending) body = <PageLoading />;
  else if (!data) body = <Empty description={T.ACTIVITY_MISSING} />;
  else
    body = (
      <>
        <FiguresBody def={def} data={data} org={org} act={act} slots={slots} context={context(data, act)} />
        <FiguresExtras def={def} context={context(data, act)} />
        {slots?.bottom?.(context(data, act))}
      </>
    );

  return (
    <div data-testid={def.testId} style={{ padding: 24, background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
      <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => (back ? navigate(scopeLink(org, back.path)) : navigate(-1))}>{back ? back.text : T.BACK}</Button>
        {(!source || data !== undefined) && (
          <h5 data-testid="count-title" style={{ margin: 0, fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5, fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}>
            {title ? `${def.heading}：${title}` : def.heading}
          </h5>
        )}
        {act !== undefined && (def.links.length > 0 || def.headerDownloads || slots?.actions) && (
          <Flex gap={8} style={{ marginLeft: 'auto' }}>
            {def.links.map((l) => (
              <Button key={l.path} onClick={() => navigate(scopeLink(org, figureLinkPath(l.path, act, l.query)))}>
                {l.title}
              </Button>
            ))}
            {def.headerDownloads && <HeaderDownloads downloads={def.headerDownloads} org={org} act={act} />}
            {data !== undefined && slots?.actions?.(context(data, act))}
          </Flex>
        )}
      </Flex>
      {def.filters && act !== undefined && !missing && (
        <Suspense fallback={null}>
          <FiguresFilters filters={def.filters} org={org} onSearch={setFilters} />
        </Suspense>
      )}
      {body}
    </div>
  );
}
