import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { findDeclaration, ResourcePage, type Row } from '../../resources';
import { useScope } from '../../shared/session';
import * as T from './texts';

// The albums dialog loads when first opened.
const AlbumsDialog = lazy(() => import('./AlbumsDialog'));
const MODULES = findDeclaration('homeModules');

/**
 * 首页配置 (`adminSystem/adminIndexConfig`, `/v1/{org}/indexConfig`): the declared modules of the
 * reader home (order, 样式, pause), and a module's 专辑 — the activity or resource groups it shows,
 * in order — for the kinds that have albums.
 */
export default function AdminIndexConfigPage() {
  const { scope: org } = useScope();
  const [albums, setAlbums] = useState<Row | null>(null);
  return (
    <>
      <ResourcePage
        def={MODULES}
        org={org}
        rowActions={[
          ({ row, writable }) =>
            row.album_source ? (
              <Button size="small" type="link" disabled={!writable} onClick={() => setAlbums(row)}>
                {T.ALBUMS}
              </Button>
            ) : null,
        ]}
      />
      {albums && (
        <Suspense fallback={null}>
          <AlbumsDialog org={org} module={albums} onClose={() => setAlbums(null)} />
        </Suspense>
      )}
    </>
  );
}
