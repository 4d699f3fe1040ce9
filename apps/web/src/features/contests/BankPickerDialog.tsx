import { useState } from 'react';
import { Input, InputNumber, Modal, Segmented, Select, Space, Table } from 'antd';
import type { QueryKey } from '@tanstack/react-query';
import { api, useApiMutation, useApiQuery } from '../../shared/api';
import { feedback } from '../../shared/feedback';
import { options, QUESTION_TYPES, DIFFICULTIES } from './contestApi';
import * as T from './texts';

interface BankRow {
  id: number;
  type: number;
  stem: string;
  difficulty: number;
  default_score: number;
  used_count: number;
}
interface BankPage {
  items: BankRow[];
  _meta: { totalCount: number };
}

/**
 * 从题库选题: the organisation's bank or the public bank, searched by keyword and type, paged; the
 * ticked questions are copied into the contest (a level of an advanced one) with their default
 * points or the points given. A question the contest holds already is skipped by the server.
 */
export default function BankPickerDialog({ org, choosePath, levelId, refresh, onClose }: { org: string; choosePath: string; levelId?: number; refresh: QueryKey[]; onClose: () => void }) {
  const [bank, setBank] = useState<'own' | 'public'>('own');
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [score, setScore] = useState<number | null>(null);
  const path = bank === 'own' ? `/v1/${org}/question` : `/v1/${org}/public`;
  const list = useApiQuery<BankPage>(['contestBankPicker', bank], path, { page, page_size: 10, keyword: keyword || undefined, type, is_pause: bank === 'own' ? 0 : undefined });
  const choose = useApiMutation((ids: number[]) => api.post<{ added: number; skipped: number }>(choosePath, { ids, ...(levelId ? { level_id: levelId } : {}), ...(score ? { score } : {}) }), {
    invalidate: refresh,
    onSuccess: (r) => {
      feedback.message.success(T.CHOSEN(r.added, r.skipped));
      onClose();
    },
  });
  return (
    <Modal
      open
      width={860}
      title={T.CHOOSE}
      okText={T.CHOOSE_SELECTED(selected.length)}
      onCancel={onClose}
      confirmLoading={choose.isPending}
      onOk={() => (selected.length ? choose.mutate(selected) : feedback.message.warning(T.NONE_SELECTED))}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          value={bank}
          onChange={(v) => (setBank(v as 'own' | 'public'), setPage(1), setSelected([]))}
          options={[
            { value: 'own', label: T.OWN_BANK },
            { value: 'public', label: T.PUBLIC_BANK },
          ]}
        />
        <Select allowClear placeholder={T.QUESTION_TYPE} style={{ width: 120 }} options={options(QUESTION_TYPES)} value={type} onChange={(v) => (setType(v), setPage(1))} />
        <Input.Search allowClear placeholder={T.STEM} style={{ width: 220 }} onSearch={(v) => (setKeyword(v), setPage(1))} />
        <InputNumber min={0.5} max={100} step={0.5} placeholder={T.CHOOSE_SCORE} style={{ width: 220 }} value={score} onChange={setScore} />
      </Space>
      <Table<BankRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        rowSelection={{ selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={{ current: page, pageSize: 10, total: list.data?._meta.totalCount ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { key: 'id', dataIndex: 'id', title: 'ID', width: 70 },
          { key: 'type', dataIndex: 'type', title: T.QUESTION_TYPE, width: 80, render: (v: number) => QUESTION_TYPES[v] },
          { key: 'stem', dataIndex: 'stem', title: T.STEM, ellipsis: true },
          { key: 'difficulty', dataIndex: 'difficulty', title: T.DIFFICULTY, width: 70, render: (v: number) => DIFFICULTIES[v] },
          { key: 'default_score', dataIndex: 'default_score', title: T.SCORE, width: 60 },
        ]}
      />
    </Modal>
  );
}
