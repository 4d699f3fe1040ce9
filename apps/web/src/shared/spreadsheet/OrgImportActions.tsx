import { Suspense, lazy, useState } from 'react';
import { Button } from 'antd';
import type { UserImportId } from '@huodong/domain';
import { IMPORT_TITLES } from './imports.data';

// The dialog (antd Upload, the worker protocol) loads when a button is pressed, not with the list page.
const ImportModal = lazy(() => import('./ImportModal').then((m) => ({ default: m.ImportModal })));

/** Where the two imports upload: the platform routes, or the organisation's own. */
export function importPath(kind: UserImportId, org?: string): string {
  if (org) return `/v1/${encodeURIComponent(org)}/${kind === 'student' ? 'students' : 'users'}/import`;
  return kind === 'student' ? '/v1/organizations/school/import' : '/v1/organizations/import';
}

export interface OrgImportActionsProps {
  /** The organisation's id (each row's org_id). */
  orgId: number;
  /** Organisation key: upload through `/v1/{org}/…`; absent = the platform routes (super). */
  org?: string;
  /** Render as link buttons (table row controls). */
  link?: boolean;
  onImported?: () => void;
}

/** The 导入用户 and 导入学生 buttons of one organisation, each opening its import dialog. */
export function OrgImportActions({ orgId, org, link, onImported }: OrgImportActionsProps) {
  const [open, setOpen] = useState<UserImportId | null>(null);
  const kinds: UserImportId[] = ['org_user', 'student'];
  return (
    <>
      {kinds.map((kind) => (
        <Button key={kind} type={link ? 'link' : 'default'} size={link ? 'small' : 'middle'} onClick={() => setOpen(kind)}>
          {IMPORT_TITLES[kind]}
        </Button>
      ))}
      {open && (
        <Suspense fallback={null}>
          <ImportModal
            kind={open}
            open
            orgId={orgId}
            path={importPath(open, org)}
            onClose={() => setOpen(null)}
            onImported={onImported}
          />
        </Suspense>
      )}
    </>
  );
}
