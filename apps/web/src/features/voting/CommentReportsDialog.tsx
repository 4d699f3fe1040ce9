import { Button, Modal, Table } from 'antd';
import { chinaDateTime } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { commentReportsPath, type CommentReport } from './votingApi';
import * as T from './texts';

/** 举报详情: who reported the comment, why and when, newest first (read when opened). */
export default function CommentReportsDialog({ org, act, comment, onClose }: { org: string; act: number; comment: { id: number; content: string }; onClose: () => void }) {
  const q = useApiQuery<{ items: CommentReport[] }>(['commentReports', org, act, comment.id], commentReportsPath(org, act, comment.id));
  return (
    <Modal open title={T.REPORTS_OF(comment.content)} onCancel={onClose} footer={<Button onClick={onClose}>{T.CLOSE}</Button>} width={640}>
      <Table<CommentReport>
        size="small"
        rowKey="reader_id"
        loading={q.isLoading}
        dataSource={q.data?.items ?? []}
        pagination={false}
        columns={[
          { key: 'reader', title: T.REPORTER, width: 160, render: (_, r) => `${r.real_name || r.account}（${r.account}）` },
          { key: 'reason', title: T.REPORT_REASON, dataIndex: 'reason' },
          { key: 'at', title: T.REPORTED_AT, width: 170, render: (_, r) => chinaDateTime(r.created_at) },
        ]}
      />
    </Modal>
  );
}
