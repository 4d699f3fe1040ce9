import { Table, Typography } from 'antd';
import { useApiQuery } from '../../shared/api';
import { rankingPath } from './scanApi';
import * as T from './texts';

interface Ranked {
  reader_id: number;
  account: string;
  real_name: string;
  points: number;
  scans: number;
  rank: number;
}

/** 积分排行: readers by the points their scans earned inside the activity's window. */
export default function Ranking({ org, act }: { org: string; act: number }) {
  const ranking = useApiQuery<{ items: Ranked[] }>(['scanRanking', act], rankingPath(org, act), { limit: 100 });
  return (
    <>
      <Typography.Paragraph type="secondary">{T.RANKING_HINT}</Typography.Paragraph>
      <Table<Ranked>
        rowKey="reader_id"
        size="small"
        loading={ranking.isLoading}
        dataSource={ranking.data?.items ?? []}
        locale={{ emptyText: T.RANKING_EMPTY }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: T.RANK, dataIndex: 'rank', width: 70 },
          { title: T.ACCOUNT, dataIndex: 'account' },
          { title: T.NAME, dataIndex: 'real_name' },
          { title: T.POINTS, dataIndex: 'points', width: 90 },
          { title: T.SCANS, dataIndex: 'scans', width: 90 },
        ]}
      />
    </>
  );
}

