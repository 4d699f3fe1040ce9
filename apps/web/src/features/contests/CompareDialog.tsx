import { Modal, Table } from 'antd';
import { useApiQuery } from '../../shared/api';
import { QUESTION_TYPES } from './contestApi';
import * as T from './texts';

interface ComparePair {
  similarity: number;
  a: { id: number; type: number; stem: string };
  b: { id: number; type: number; stem: string };
}

/** 查重 (`…/compare`): the contest's questions whose stems are near duplicates, side by side, most similar first. */
export default function CompareDialog({ path, onClose }: { path: string; onClose: () => void }) {
  const compare = useApiQuery<{ items: ComparePair[] }>(['contestCompare', path], path);
  return (
    <Modal open width={900} title={T.COMPARE} footer={null} onCancel={onClose}>
      <Table<ComparePair>
        size="small"
        loading={compare.isPending}
        rowKey={(p) => `${p.a.id}-${p.b.id}`}
        dataSource={compare.data?.items ?? []}
        locale={{ emptyText: T.COMPARE_NONE }}
        pagination={{ pageSize: 10 }}
        columns={[
          { key: 's', title: T.SIMILARITY, width: 80, render: (_: unknown, p) => `${Math.round(p.similarity * 100)}%` },
          { key: 'a', title: 'A', render: (_: unknown, p) => `[${p.a.id}·${QUESTION_TYPES[p.a.type]}] ${p.a.stem}` },
          { key: 'b', title: 'B', render: (_: unknown, p) => `[${p.b.id}·${QUESTION_TYPES[p.b.type]}] ${p.b.stem}` },
        ]}
      />
    </Modal>
  );
}
