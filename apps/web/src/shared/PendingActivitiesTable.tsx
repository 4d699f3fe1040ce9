import type { Key } from 'react';
import { Badge, Button, Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';

/** A row of `/check/activity`: an activity with content waiting for a manager. */
export interface PendingActivity {
  id: number;
  title: string;
  pending: number;
}

/**
 * The activities waiting for a manager (作品审核, 竞赛审核): ID, title, the caller's own columns,
 * the pending count, and a button that opens one.
 */
export function PendingActivitiesTable<R extends PendingActivity>({ testId, rowKey, loading, rows, texts, columns, onOpen }: {
  testId: string;
  rowKey: string | ((row: R) => Key);
  loading: boolean;
  rows: R[] | undefined;
  texts: { activity: string; pending: string; empty: string; open: string };
  columns: ColumnsType<R>;
  onOpen: (row: R) => void;
}) {
  return (
    <Table<R>
      data-testid={testId}
      rowKey={rowKey}
      loading={loading}
      dataSource={rows ?? []}
      pagination={false}
      // antd's own empty look (a bare string is drawn too faint to read)
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.empty} /> }}
      columns={[
        { title: 'ID', dataIndex: 'id', width: 80 },
        { title: texts.activity, dataIndex: 'title' },
        ...columns,
        { title: texts.pending, dataIndex: 'pending', width: 100, render: (n: number) => <Badge count={n} showZero overflowCount={9999} /> },
        {
          title: '操作',
          width: 100,
          render: (_, r) => (
            <Button type="link" onClick={() => onOpen(r)}>
              {texts.open}
            </Button>
          ),
        },
      ]}
    />
  );
}
