import { useState } from 'react';
import { Button, Flex, Input, Select, Table, Tag } from 'antd';
import { DIFFICULTY_LEVELS, QUESTION_TYPES } from './labels.data';
import type { ListData } from '@huodong/domain';
import { PagePanel } from '../../shared/PagePanel';
import { api, useApiQuery } from '../../shared/api';
import { TABLE_PAGINATION } from '../../shared/antdDefaults';
import { feedback } from '../../shared/feedback';
import { useScope, useSelf } from '../../shared/session';
import * as T from './texts';

interface PublicRow {
  id: number;
  type: keyof typeof QUESTION_TYPES;
  stem: string;
  difficulty: keyof typeof DIFFICULTY_LEVELS;
  answer_text: string;
  default_score: number;
  copied: number;
}

const choices = (labels: Record<number, string>) => Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));

/**
 * 公共题库 (`adminQuestion/adminPublicQuestionManage`): the platform's enabled questions; an
 * organisation adds the ones it wants to its own bank (加入本馆题库, once per question).
 */
export default function PublicForOrgPage() {
  const { scope } = useScope();
  const self = useSelf();
  const [query, setQuery] = useState<{ page: number; page_size: number; keyword?: string; type?: number; difficulty?: number }>({ page: 1, page_size: 10 });
  const [selected, setSelected] = useState<number[]>([]);
  const path = `/v1/${scope}/public`;
  const list = useApiQuery<ListData<PublicRow>>(['orgPublicQuestions'], path, { ...query }, { placeholderData: (p) => p });
  // Every manager writes the organisation's bank (bankQuestions: writeRole manager).
  const writer = !!self.data;
  const choose = async (ids: number[]) => {
    try {
      const res = await api.post<{ added: number; skipped: number }>(`/v1/${scope}/public/choose`, { ids });
      feedback.message.success(T.chosenMessage(res.added, res.skipped));
      setSelected([]);
      await list.refetch();
    } catch {
      // shown by the API client
    }
  };
  return (
    <PagePanel testId="public-for-org">
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear aria-label={T.STEM} placeholder={T.STEM} style={{ width: 240 }} onSearch={(v) => setQuery((q) => ({ ...q, page: 1, keyword: v.trim() || undefined }))} />
        <Select allowClear aria-label={T.TYPE_NAME} placeholder={T.TYPE_NAME} style={{ width: 120 }} options={choices(QUESTION_TYPES)} onChange={(v) => setQuery((q) => ({ ...q, page: 1, type: v }))} />
        <Select allowClear aria-label="难度" placeholder="难度" style={{ width: 120 }} options={choices(DIFFICULTY_LEVELS)} onChange={(v) => setQuery((q) => ({ ...q, page: 1, difficulty: v }))} />
        {writer && (
          <Button type="primary" disabled={selected.length === 0} onClick={() => void choose(selected)}>
            {T.CHOOSE_PUBLIC}
          </Button>
        )}
      </Flex>
      <Table<PublicRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        rowSelection={writer ? { selectedRowKeys: selected, onChange: (k) => setSelected(k.map(Number)), getCheckboxProps: (r) => ({ disabled: r.copied === 1 }) } : undefined}
        columns={[
          { key: 'id', dataIndex: 'id', title: 'ID', width: 80 },
          { key: 'type', title: T.TYPE_NAME, width: 80, render: (_, r) => QUESTION_TYPES[r.type] },
          { key: 'stem', dataIndex: 'stem', title: T.STEM },
          { key: 'difficulty', title: '难度', width: 80, render: (_, r) => DIFFICULTY_LEVELS[r.difficulty] },
          { key: 'answer', dataIndex: 'answer_text', title: T.ANSWER, width: 140 },
          { key: 'score', dataIndex: 'default_score', title: '默认分值', width: 90 },
          {
            key: 'actions',
            title: '操作',
            width: 130,
            render: (_, r) =>
              r.copied ? (
                <Tag color="green">{T.COPIED}</Tag>
              ) : (
                writer && (
                  <Button type="link" size="small" onClick={() => void choose([r.id])}>
                    {T.CHOOSE_PUBLIC}
                  </Button>
                )
              ),
          },
        ]}
        pagination={{ ...TABLE_PAGINATION, current: query.page, pageSize: query.page_size, total: list.data?._meta.totalCount ?? 0, onChange: (p, s) => setQuery((q) => ({ ...q, page: p, page_size: s })) }}
      />
    </PagePanel>
  );
}
