import { useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { chinaDateTime, POINTS_MAX, type PointAccountRow, type PointTxnRow } from '@huodong/domain';
import type { ListData } from '@huodong/domain/api';
import { api, useApiMutation, useApiQuery } from '../../shared/api';
import { AppModal } from '../../shared/AppModal';
import { feedback } from '../../shared/feedback';
import { placeServerErrors } from '../../shared/formErrors';
import { accountPath, ACCOUNTS_KEY, adjustPath, LEDGER_KEY, ledgerPath, POINTS_KEY, POINTS_LISTS, readersPath, reversePath } from './pointsApi';
import { statusTag } from './statusTag';
import * as T from './texts';


/** A reader's ledger, newest first, each posted row reversible once (`/integral/scoreList?reader=`), above its balance. */
export function LedgerDialog({ org, reader, onClose }: { org: string; reader: Pick<PointAccountRow, 'reader_id' | 'account' | 'real_name'>; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [reversing, setReversing] = useState<PointTxnRow | null>(null);
  const account = useApiQuery<PointAccountRow>([...ACCOUNTS_KEY, 'one', org, reader.reader_id], accountPath(org, reader.reader_id));
  const ledger = useApiQuery<ListData<PointTxnRow>>([...LEDGER_KEY, org, reader.reader_id, page], ledgerPath(org), { reader: reader.reader_id, page, page_size: 10 });
  return (
    <AppModal open title={`${T.LEDGER}：${reader.real_name || reader.account}`} footer={null} onCancel={onClose} width={900}>
      <p>
        {T.BALANCE}：{account.data?.balance ?? '—'}
      </p>
      <Table<PointTxnRow>
        rowKey="id"
        size="small"
        loading={ledger.isPending}
        dataSource={ledger.data?.items}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: 10, total: ledger.data?._meta.totalCount ?? 0, onChange: setPage }}
        columns={[
          { title: T.TIME, dataIndex: 'created_at', render: (v: number) => chinaDateTime(v) },
          { title: T.RULE_NAME, dataIndex: 'rule_name' },
          { title: T.DELTA, dataIndex: 'delta', render: (v: number) => (v > 0 ? `+${v}` : v) },
          { title: T.STATUS, dataIndex: 'status', render: statusTag },
          { title: T.REASON, dataIndex: 'reason' },
          { title: T.EXPIRES, dataIndex: 'expires_at', render: (v: number | null) => (v ? chinaDateTime(v) : T.NO_EXPIRY) },
          {
            title: T.ACTIONS,
            render: (_, r) =>
              r.status === 1 && r.rule_key !== 'expiry' ? (
                <Button size="small" type="link" danger onClick={() => setReversing(r)}>
                  {T.REVERSE}
                </Button>
              ) : null,
          },
        ]}
      />
      {reversing && <ReverseDialog org={org} txn={reversing} onClose={() => setReversing(null)} />}
    </AppModal>
  );
}

function ReverseDialog({ org, txn, onClose }: { org: string; txn: PointTxnRow; onClose: () => void }) {
  const reverse = useApiMutation((body: { reason: string }) => api.post(reversePath(org, txn.id), body), { invalidate: POINTS_LISTS, successMessage: T.REVERSED });
  return (
    <ReasonDialog
      title={`${T.REVERSE}：${txn.rule_name} ${txn.delta > 0 ? `+${txn.delta}` : txn.delta}`}
      label={T.REVERSE_REASON}
      busy={reverse.isPending}
      onSubmit={(reason) => reverse.mutateAsync({ reason })}
      onClose={onClose}
    />
  );
}

/** A reason asked for before a decision (a reversal, a rejection); the server's 422 placed at its input. */
export function ReasonDialog({ title, label, busy, onSubmit, onClose, open = true }: { title: string; label: string; busy: boolean; onSubmit: (reason: string) => Promise<unknown>; onClose: () => void; open?: boolean }) {
  const [form] = Form.useForm<{ reason: string }>();
  const onOk = async () => {
    try {
      await onSubmit((form.getFieldValue('reason') as string | undefined) ?? '');
      onClose();
    } catch (e) {
      placeServerErrors(form, e);
    }
  };
  return (
    <AppModal open={open} title={title} onCancel={onClose} onOk={() => void onOk()} confirmLoading={busy}>
      <Form form={form} layout="vertical" name="pointsReason">
        <Form.Item name="reason" label={label} required>
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

interface ReaderOption {
  id: number;
  account: string;
  real_name: string;
}

/** A manual adjustment (`/set_integral`): posted at once up to the threshold, else waiting in 积分审核. */
export function AdjustDialog({ org, reader, onClose }: { org: string; reader?: Pick<PointAccountRow, 'reader_id' | 'account' | 'real_name'>; onClose: () => void }) {
  const [form] = Form.useForm<{ reader_id?: number; points?: number; reason?: string }>();
  const [keyword, setKeyword] = useState('');
  // One key for the dialog: a second click while the first is on its way posts once.
  const [requestId] = useState(() => crypto.randomUUID());
  const readers = useQuery({
    queryKey: [POINTS_KEY, 'readers', org, keyword],
    queryFn: ({ signal }) => api.get<ListData<ReaderOption>>(readersPath(org), { keyword: keyword || undefined, page_size: 20 }, { signal }),
    enabled: !reader,
  });
  const adjust = useApiMutation((body: Record<string, unknown>) => api.post<{ pending: boolean }>(adjustPath(org), body), {
    invalidate: POINTS_LISTS,
    onSuccess: (res) => void feedback.message.success(res.pending ? T.ASKED : T.ADJUSTED),
  });
  const onOk = async () => {
    try {
      const v = form.getFieldsValue(true) as { reader_id?: number; points?: number; reason?: string };
      await adjust.mutateAsync({ reader_id: reader?.reader_id ?? v.reader_id, points: v.points, reason: v.reason ?? '', request_id: requestId });
      onClose();
    } catch (e) {
      placeServerErrors(form, e);
    }
  };
  return (
    <AppModal open title={T.ADJUST} onCancel={onClose} onOk={() => void onOk()} confirmLoading={adjust.isPending}>
      <Form form={form} layout="vertical" name="pointsAdjust" autoComplete="off">
        {reader ? (
          <p>
            {T.READER}：{reader.real_name ? `${reader.account}（${reader.real_name}）` : reader.account}
          </p>
        ) : (
          <Form.Item name="reader_id" label={T.READER} required>
            <Select
              showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
              placeholder={T.READER_PLACEHOLDER}
              loading={readers.isFetching}
              options={(readers.data?.items ?? []).map((r) => ({ value: r.id, label: r.real_name ? `${r.account}（${r.real_name}）` : r.account }))}
            />
          </Form.Item>
        )}
        <Form.Item name="points" label={T.ADJUST_POINTS} required>
          <InputNumber min={-POINTS_MAX} max={POINTS_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="reason" label={T.ADJUST_REASON} required>
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
