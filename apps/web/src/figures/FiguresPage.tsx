import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Col, Empty, Flex, Row, Statistic, Table, theme } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { routeOfResource } from '@huodong/domain/routes';
import { figureRows, figureText, figureValue, rowLabel, type FigureChart, type FigureDownload, type FigureTable, type FiguresDef } from '@huodong/domain/figures';
import { fillFigurePath, type FigureHeaderDownload } from '@huodong/domain/figures';
import { api, useApiQuery } from '../shared/api';
import { downloadMedia } from '../shared/mediaDownload';
import { LazyEChart } from '../shared/LazyEChart';
import { PageLoading } from '../shared/PageLoading';
import { scopeLink } from '../shared/scope';
import { useScope } from '../shared/session';
import { idFromQuery } from '../resources/listModel';
import { figureChartOption } from './figureCharts';
import type { FigureFilterValues } from './FiguresFilters';
import { FiguresExtras, figureHeadingTitle, figureParams, type FigureSlots } from './FiguresExtras';
import * as T from './texts';

const CHART_HEIGHT = 300;
/** A table longer than this pages. */
const TABLE_PAGE = 20;

type Row = Record<string, unknown> & { key: string };

/** A declaration's `source` with the organisation and activity filled in. */
export const figuresSourcePath = (source: string, org: string, act: number): string =>
  source.replace('{org}', encodeURIComponent(org)).replace('{act}', String(act));

/** A link of the page with the activity (and its extra query). */
export function figureLinkPath(path: string, act: number, query: Record<string, string> = {}): string {
  return `${path}?${new URLSearchParams({ actID: String(act), ...query }).toString()}`;
}

function Chart({ chart, rows, label }: { chart: Pick<FigureChart, 'kind' | 'label' | 'blank' | 'series'>; rows: Row[]; label: string }) {
  const option = useMemo(() => figureChartOption(chart, rows), [chart, rows]);
  return (
    <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
      <LazyEChart option={option} height={CHART_HEIGHT} ariaLabel={label} />
    </Suspense>
  );
}

function TableCard({ table, data }: { table: FigureTable; data: unknown }) {
  const rows = figureRows(data, table.rows).map((r, i) => ({ ...r, key: `${i}` }));
  if (table.hideEmpty && rows.length === 0) return null;
  const columns: ColumnsType<Row> = table.columns.map((c) => ({ key: c.field, title: c.title, render: (_: unknown, r: Row) => rowLabel(r, c.field, c.blank) }));
  return (
    <Card title={table.title} size="small" style={{ marginTop: 16 }} data-testid={table.key}>
      {table.chart && rows.length > 0 && <Chart chart={table.chart} rows={rows} label={table.title} />}
      <Table<Row> rowKey="key" size="small" columns={columns} dataSource={rows} pagination={rows.length > TABLE_PAGE ? { pageSize: TABLE_PAGE } : false} />
    </Card>
  );
}

/** One file of a downloads page, `?act=` added; a media zip with the spec's retries. */
export async function downloadFigure(d: Omit<FigureDownload, 'hint'>, org: string, act: number): Promise<void> {
  const path = d.path.replace('{org}', encodeURIComponent(org));
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
export function FiguresBody({ def, data, org, act }: { def: FiguresDef; data: unknown; org: string; act: number }) {
  const title = String(figureValue(data, 'activity.title') ?? '');
  return (
    <>
      {def.cards.length > 0 && (
      <Row gutter={[16, 16]}>
        {def.cards.map((c) => (
          <Col key={c.key} xs={12} sm={8} lg={6} xl={3}>
            <Card size="small" data-testid={`total-${c.key}`}>
              <Statistic title={c.title} value={figureText(figureValue(data, c.value), c.format)} />
            </Card>
          </Col>
        ))}
      </Row>
      )}
      {def.charts.map((chart) => {
        const rows = figureRows(data, chart.rows).map((r, i) => ({ ...r, key: `${i}` }));
        if (rows.length === 0 && chart.empty === undefined) return null;
        return (
          <Card key={chart.key} title={chart.title} size="small" style={{ marginTop: 16 }} data-testid={`chart-${chart.key}`}>
            {rows.length === 0 ? <Empty description={chart.empty} /> : <Chart chart={chart} rows={rows} label={`${chart.title}：${title}`} />}
          </Card>
        );
      })}
      {def.tables.map((t) => (
        <TableCard key={t.key} table={t} data={data} />
      ))}
      {def.downloads.length > 0 && <Downloads def={def} org={org} act={act} />}
    </>
  );
}

/** Where 返回 goes and what it says: the list of a resource, or another page of the activity. */
export function figureBack(def: Pick<FiguresDef, 'backTo'>, act: number | undefined): { path: string; text: string } | undefined {
  if ('path' in def.backTo) return { path: act !== undefined ? figureLinkPath(def.backTo.path, act) : def.backTo.path, text: def.backTo.text };
  const list = routeOfResource(def.backTo.resource);
  return list ? { path: list.path, text: def.backTo.text ?? `${T.BACK}${list.title}` } : undefined;
}

/**
 * The one figures page (issue 21 §3): the `?actID=` frame (a way back to the activity list, the
 * heading with the activity's title, the declared links), then the declaration's cards, charts and
 * tables over the answer of its `source`.
 */
// The filters (date picker, unit cascader) load after the page.
const FiguresFilters = lazy(() => import('./FiguresFilters'));

export default function FiguresPage({ def, slots = {} }: { def: FiguresDef; slots?: FigureSlots }) {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const act = idFromQuery(params.get('actID'));
  const source = def.source;
  const { values: paramValues, missing } = figureParams(def, params);
  const [filters, setFilters] = useState<FigureFilterValues>({});
  const sourcePath = act !== undefined && !missing && source ? fillFigurePath(figuresSourcePath(source, org, act), paramValues) : null;
  const answer = useApiQuery<unknown>(['figures', source, act], sourcePath, def.filters ? filters : undefined);
  // A page without a source (downloads) has nothing to wait for.
  const data = source ? answer.data : {};
  const back = figureBack(def, act);
  const title = source && data !== undefined ? (def.headingFrom ? figureHeadingTitle(def.headingFrom, data, paramValues) : String(figureValue(data, 'activity.title') ?? '')) : '';

  let body: ReactNode;
  if (act === undefined) body = <Empty description={def.needActivity} />;
  else if (missing) body = <Empty description={missing.need} />;
  else if (source && answer.isPending) body = <PageLoading />;
  else if (!data) body = <Empty description={T.ACTIVITY_MISSING} />;
  else
    body = (
      <>
        <FiguresBody def={def} data={data} org={org} act={act} />
        <FiguresExtras def={def} slots={slots} context={{ data, org, act, params: paramValues, filters }} />
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
        {act !== undefined && def.links.length > 0 && (
          <Flex gap={8} style={{ marginLeft: 'auto' }}>
            {def.links.map((l) => (
              <Button key={l.path} onClick={() => navigate(scopeLink(org, figureLinkPath(l.path, act, l.query)))}>
                {l.title}
              </Button>
            ))}
            {def.headerDownloads && <HeaderDownloads downloads={def.headerDownloads} org={org} act={act} />}
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
