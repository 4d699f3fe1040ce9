import { useState } from 'react';
import { Button, Tabs } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { orgUsersResource, studentsResource, type ListData } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { useOrgInfo, useScope } from '../../shared/session';
import { OrgImportActions } from '../../shared/spreadsheet/OrgImportActions';
import { ResourcePage, resourceListPath, resourceQueryKey, type ToolbarContext } from '../../resources';
import { useQueryClient } from '@tanstack/react-query';
import { EXPORT, downloadUserList } from './exportUserList';

type Tab = 'user' | 'student';

/**
 * 用户统计 (`/{org}/adminCount/adminUserCount`): the organisation's users — and its students once
 * it has any — as resource pages, with the two spreadsheet imports and the user list export.
 */
export default function AdminUserCountPage() {
  const { scope: org } = useScope();
  const orgInfo = useOrgInfo();
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>('user');
  const studentCount = useApiQuery<ListData<unknown>>(resourceQueryKey(studentsResource), resourceListPath(studentsResource, org), { page_size: 1 });
  const hasStudents = (studentCount.data?._meta.totalCount ?? 0) > 0;

  const refresh = () => {
    void client.invalidateQueries({ queryKey: resourceQueryKey(orgUsersResource) });
    void client.invalidateQueries({ queryKey: resourceQueryKey(studentsResource) });
  };

  const toolbar = (type: Tab) => (ctx: ToolbarContext) => (
    <>
      {ctx.controls.create && orgInfo.data && <OrgImportActions orgId={orgInfo.data.id} org={org} onImported={refresh} />}
      <Button icon={<DownloadOutlined />} onClick={() => void downloadUserList(org, type, `${type === 'student' ? studentsResource.title : orgUsersResource.title}列表.xlsx`).catch(() => undefined)}>
        {EXPORT}
      </Button>
    </>
  );

  const users = <ResourcePage def={orgUsersResource} org={org} toolbar={toolbar('user')} />;
  if (!hasStudents) return users;
  return (
    <Tabs
      activeKey={tab}
      onChange={(k) => setTab(k as Tab)}
      items={[
        { key: 'user', label: `${orgUsersResource.title}列表`, children: users },
        { key: 'student', label: `${studentsResource.title}列表`, children: <ResourcePage def={studentsResource} org={org} toolbar={toolbar('student')} /> },
      ]}
    />
  );
}
