import { Suspense, lazy, useState } from 'react';
import { Button } from 'antd';
import { BarChartOutlined, DownloadOutlined, LockOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { ListData } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { scopeLink } from '../../shared/scope';
import { useOrgInfo, useScope } from '../../shared/session';
import { OrgImportActions } from '../../shared/spreadsheet/OrgImportActions';
import { ResourcePage, findDeclaration, resourceListPath, resourceQueryKey, type ToolbarContext } from '../../resources';
import { useQueryClient } from '@tanstack/react-query';
import { EXPORT, downloadUserList } from './exportUserList';
import type { PeopleList } from './BatchPasswordDialog';
import { BATCH_PASSWORD, USER_COUNT_MORE, USER_COUNT_MORE_TITLE } from './texts';

// The batch password dialog (and the domain's rule schema) loads when its button is pressed.
const BatchPasswordDialog = lazy(() => import('./BatchPasswordDialog'));

type Tab = 'user' | 'student';

// antd Tabs load only for an organisation with students; until then the users' list shows alone.
const Tabs = lazy(() => import('antd/es/tabs'));

const ORG_USERS = findDeclaration('orgUsers');
const STUDENTS = findDeclaration('students');

/**
 * 用户统计 (`/{org}/adminCount/adminUserCount`), and the same page as 用户管理 › 用户列表
 * (`/{org}/adminUser/adminUserList`, where the imports are looked for): the organisation's users — and its students once
 * it has any — as resource pages, with the two spreadsheet imports, the user list export and
 * first passwords in batch (the selected rows or every row the search matches, by one rule).
 */
export default function AdminUserCountPage() {
  const { scope: org } = useScope();
  const orgInfo = useOrgInfo();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('user');
  const [batch, setBatch] = useState<{ list: PeopleList; ctx: ToolbarContext } | null>(null);
  const studentCount = useApiQuery<ListData<unknown>>(resourceQueryKey(STUDENTS), resourceListPath(STUDENTS, org), { page_size: 1 });
  const hasStudents = (studentCount.data?._meta.totalCount ?? 0) > 0;

  const refresh = () => {
    void client.invalidateQueries({ queryKey: resourceQueryKey(ORG_USERS) });
    void client.invalidateQueries({ queryKey: resourceQueryKey(STUDENTS) });
  };

  const toolbar = (type: Tab) => (ctx: ToolbarContext) => (
    <>
      {ctx.controls.create && orgInfo.data && <OrgImportActions orgId={orgInfo.data.id} org={org} onImported={refresh} />}
      {ctx.controls.create && (
        <Button icon={<LockOutlined />} disabled={ctx.total === 0} onClick={() => setBatch({ list: type === 'student' ? 'students' : 'users', ctx })}>
          {BATCH_PASSWORD}
        </Button>
      )}
      <Button icon={<BarChartOutlined />} onClick={() => navigate(scopeLink(org, USER_COUNT_MORE))}>
        {USER_COUNT_MORE_TITLE}
      </Button>
      <Button icon={<DownloadOutlined />} onClick={() => void downloadUserList(org, type, `${type === 'student' ? STUDENTS.title : ORG_USERS.title}列表.xlsx`).catch(() => undefined)}>
        {EXPORT}
      </Button>
    </>
  );

  const batchDialog = batch && (
    <Suspense fallback={null}>
      <BatchPasswordDialog
        org={org}
        list={batch.list}
        selectedIds={batch.ctx.selectedIds}
        query={batch.ctx.query}
        total={batch.ctx.total}
        onClose={() => setBatch(null)}
        onDone={batch.ctx.clearSelection}
      />
    </Suspense>
  );

  const users = <ResourcePage def={ORG_USERS} org={org} toolbar={toolbar('user')} />;
  if (!hasStudents) return (
    <>
      {users}
      {batchDialog}
    </>
  );
  return (
    <Suspense fallback={users}>
      {batchDialog}
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as Tab)}
        items={[
          { key: 'user', label: `${ORG_USERS.title}列表`, children: users },
          { key: 'student', label: `${STUDENTS.title}列表`, children: <ResourcePage def={STUDENTS} org={org} toolbar={toolbar('student')} /> },
        ]}
      />
    </Suspense>
  );
}
