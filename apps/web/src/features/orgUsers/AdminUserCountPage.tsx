import { Suspense, lazy, useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ListData } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { useOrgInfo, useScope } from '../../shared/session';
import { OrgImportActions } from '../../shared/spreadsheet/OrgImportActions';
import { ResourcePage, findDeclaration, resourceListPath, resourceQueryKey, type ToolbarContext } from '../../resources';
import { useQueryClient } from '@tanstack/react-query';
import { EXPORT, downloadUserList } from './exportUserList';

type Tab = 'user' | 'student';

// antd Tabs load only for an organisation with students; until then the users' list shows alone.
const Tabs = lazy(() => import('antd/es/tabs'));

const ORG_USERS = findDeclaration('orgUsers');
const STUDENTS = findDeclaration('students');

/**
 * 用户统计 (`/{org}/adminCount/adminUserCount`): the organisation's users — and its students once
 * it has any — as resource pages, with the two spreadsheet imports and the user list export.
 */
export default function AdminUserCountPage() {
  const { scope: org } = useScope();
  const orgInfo = useOrgInfo();
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>('user');
  const studentCount = useApiQuery<ListData<unknown>>(resourceQueryKey(STUDENTS), resourceListPath(STUDENTS, org), { page_size: 1 });
  const hasStudents = (studentCount.data?._meta.totalCount ?? 0) > 0;

  const refresh = () => {
    void client.invalidateQueries({ queryKey: resourceQueryKey(ORG_USERS) });
    void client.invalidateQueries({ queryKey: resourceQueryKey(STUDENTS) });
  };

  const toolbar = (type: Tab) => (ctx: ToolbarContext) => (
    <>
      {ctx.controls.create && orgInfo.data && <OrgImportActions orgId={orgInfo.data.id} org={org} onImported={refresh} />}
      <Button icon={<DownloadOutlined />} onClick={() => void downloadUserList(org, type, `${type === 'student' ? STUDENTS.title : ORG_USERS.title}列表.xlsx`).catch(() => undefined)}>
        {EXPORT}
      </Button>
    </>
  );

  const users = <ResourcePage def={ORG_USERS} org={org} toolbar={toolbar('user')} />;
  if (!hasStudents) return users;
  return (
    <Suspense fallback={users}>
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
