import { Suspense, lazy, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Empty, theme } from 'antd';
import { LazyAlert as Alert } from '../../shared/LazyAlert';
import { routeOfResource } from '@huodong/domain/routes';
import { useApiQuery } from '../../shared/api';
import { PageLoading } from '../../shared/PageLoading';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
// The resource modules themselves, not the barrel: its chunk carries the detail tabs.
import { ResourcePage } from '../../resources/ResourcePage';
import { findDeclaration, idFromQuery, parentDeclarationOf, type Row } from '../../resources/listModel';
import { resourceListPath, resourceQueryKey } from '../../resources/resourcePaths';
import type { Declaration } from '../../resources/declarations';
import type { PreviewWork } from './WorkPreview';
import { configPath, downloadWorks, type WorkConfigView, type WorkType } from './workApi';
import * as T from './texts';

// The dialogs and the preview load when opened: not part of the page's first load.
const WorkConfigModal = lazy(() => import('./WorkConfigModal'));
const UploadWorkModal = lazy(() => import('./UploadWorkModal'));
const ImportWorksModal = lazy(() => import('./ImportWorksModal'));
const WorkPreview = lazy(() => import('./WorkPreview').then((m) => ({ default: m.WorkPreview })));

const NAMES = { 1: 'originalWorks', 9: 'originalMixWorks' } as const;

/**
 * 原创作品 / 多类型原创作品 (`adminAct/adminOriWork?actID=`, `adminOriMixWork`): the activity's
 * works as the declared list (filters, keyword, 通过, 驳回, 推荐, 批量展示/不展示, export) with
 * the creation types and groups of the activity's configuration as filter options, a preview of
 * each work, the work configuration, an administrator's upload on a reader's behalf, and the
 * selected works' files as one zip.
 */
export function WorksPage({ type }: { type: WorkType }) {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const act = idFromQuery(params.get('actID'));
  const base = findDeclaration(NAMES[type]);
  const parent = parentDeclarationOf(base)!;
  const parentKey = resourceQueryKey(parent);
  const activity = useApiQuery<Row>([...parentKey, 'one', act], act !== undefined ? `${resourceListPath(parent, org)}/${act}` : null);
  const configKey = ['workConfig', type, act];
  const config = useApiQuery<{ config: WorkConfigView; saved: boolean }>(configKey, act !== undefined ? configPath(org, type, act) : null);
  const [preview, setPreview] = useState<PreviewWork | null>(null);
  // Mounted from the first preview on, so the drawer can close with its animation.
  const [previewed, setPreviewed] = useState(false);
  const [dialog, setDialog] = useState<'config' | 'upload' | 'import' | null>(null);
  const [downloading, setDownloading] = useState(false);
  const list = routeOfResource(parent.name);

  // The type and group filters offer the activity's own names.
  const def: Declaration = useMemo(() => {
    const cfg = config.data?.config;
    if (!cfg) return base;
    const options: Record<string, { value: number; label: string }[]> = {
      creation_type_id: cfg.creation_types.map((t) => ({ value: t.id, label: t.name })),
      group_id: cfg.groups.map((g) => ({ value: g.id, label: g.name })),
    };
    return { ...base, fields: base.fields.map((f) => (options[f.name] ? { ...f, kind: 'select' as const, options: options[f.name] } : f)) };
  }, [base, config.data]);

  const statusOptions = base.fields.find((f) => f.name === 'status')?.options ?? [];
  const statusLabel = (s: string) => statusOptions.find((o) => o.value === s)?.label ?? s;

  if (act === undefined) return <Empty description={T.NEED_ACTIVITY} />;
  if (activity.isPending || config.isPending) return <PageLoading />;
  if (!activity.data) return <Empty description={T.ACTIVITY_MISSING} />;

  return (
    <div data-testid="works-page" style={{ padding: 24, background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
      <div style={{ marginBottom: 16, display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button onClick={() => (list ? navigate(scopeLink(org, list.path)) : navigate(-1))}>{list ? `${T.BACK}${list.title}` : T.BACK}</Button>
        <strong data-testid="works-title">{String(activity.data.title)}</strong>
        <Button onClick={() => setDialog('config')} data-testid="work-config">
          {T.CONFIG}
        </Button>
        <Button onClick={() => setDialog('upload')}>{T.UPLOAD_FOR_READER}</Button>
        <Button onClick={() => setDialog('import')} data-testid="import-works">
          {T.IMPORT_WORKS}
        </Button>
      </div>
      {config.data && !config.data.saved && <Alert type="warning" showIcon title={T.NOT_SAVED_HINT} style={{ marginBottom: 16 }} />}
      <ResourcePage
        key={act}
        def={def}
        org={org}
        parentId={act}
        rowActions={[
          ({ row }) => (
            <Button size="small" type="link" onClick={() => (setPreview(row as unknown as PreviewWork), setPreviewed(true))}>
              {T.PREVIEW}
            </Button>
          ),
        ]}
        toolbar={({ selectedIds }) => (
          <Button
            loading={downloading}
            data-testid="download-works"
            onClick={async () => {
              if (!selectedIds.length) return void (await import('../../shared/feedback')).feedback.message.warning(T.DOWNLOAD_NONE);
              setDownloading(true);
              await downloadWorks(org, type, act, selectedIds).finally(() => setDownloading(false));
            }}
          >
            {T.DOWNLOAD}
          </Button>
        )}
      />
      {previewed && (
        <Suspense fallback={null}>
          <WorkPreview work={preview} statusLabel={statusLabel} onClose={() => setPreview(null)} />
        </Suspense>
      )}
      {dialog && config.data && (
        <Suspense fallback={null}>
          {dialog === 'config' ? (
            <WorkConfigModal org={org} type={type} act={act} initial={config.data.config} refresh={[configKey, parentKey]} onClose={() => setDialog(null)} />
          ) : dialog === 'import' ? (
            <ImportWorksModal org={org} type={type} act={act} refresh={[resourceQueryKey(base), parentKey]} onClose={() => setDialog(null)} />
          ) : (
            <UploadWorkModal org={org} type={type} act={act} config={config.data.config} refresh={[resourceQueryKey(base)]} onClose={() => setDialog(null)} />
          )}
        </Suspense>
      )}
    </div>
  );
}
