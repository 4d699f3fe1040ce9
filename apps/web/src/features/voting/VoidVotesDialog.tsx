import { Form, Input, InputNumber, Modal, Select } from 'antd';
import type { ResultRow } from '@huodong/domain';
import DateTimeInput from '../../resources/DateTimeInput';
import { api, useApiMutation } from '../../shared/api';
import { feedback } from '../../shared/feedback';
import { voidPath, type VoidAnswer } from './votingApi';
import { FIGURES_KEY } from '../../figures/figuresKey';
import * as T from './texts';

interface Values {
  reader_id?: number | null;
  ip?: string;
  device_id?: string;
  source_id?: number | null;
  /** Unix seconds (DateTimeInput: entered in the organisation's zone). */
  from?: number | null;
  to?: number | null;
  reason: string;
  blacklist_days?: number | null;
}

/** 作废投票: by reader, address, device, source and time range (all that are filled must match), with a reason and an optional ban. */
export default function VoidVotesDialog({ org, actId, sources, onClose }: { org: string; actId: number; sources: ResultRow[]; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useApiMutation((v: Values) => {
    const body: Record<string, unknown> = { reason: v.reason, blacklist_days: v.blacklist_days ?? 0 };
    if (v.reader_id) body.reader_id = v.reader_id;
    if (v.ip?.trim()) body.ip = v.ip.trim();
    if (v.device_id?.trim()) body.device_id = v.device_id.trim();
    if (v.source_id) body.source_id = v.source_id;
    if (v.from) body.from = v.from;
    if (v.to) body.to = v.to;
    return api.post<VoidAnswer>(voidPath(org, actId), body);
  }, {
    invalidate: [[FIGURES_KEY]],
    onSuccess: (a) => {
      feedback.message.success(T.VOID_DONE(a.voided, a.readers));
      onClose();
    },
  });
  return (
    <Modal open title={T.VOID_VOTES} okText={T.OK} cancelText={T.CANCEL} okButtonProps={{ danger: true, loading: save.isPending }} onOk={() => form.submit()} onCancel={onClose}>
      <p>{T.VOID_HINT}</p>
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        <Form.Item name="source_id" label={T.SOURCES}>
          <Select allowClear showSearch optionFilterProp="label" options={sources.map((s) => ({ value: s.id, label: s.title }))} />
        </Form.Item>
        <Form.Item name="reader_id" label={T.READER_ID}>
          <InputNumber min={1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="ip" label={T.IP}>
          <Input maxLength={45} />
        </Form.Item>
        <Form.Item name="device_id" label={T.DEVICE}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="from" label={T.FROM}>
          <DateTimeInput />
        </Form.Item>
        <Form.Item name="to" label={T.TO}>
          <DateTimeInput />
        </Form.Item>
        <Form.Item name="reason" label={T.REASON} rules={[{ required: true, whitespace: true, message: `请输入${T.REASON}` }]}>
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
        <Form.Item name="blacklist_days" label={T.BLACKLIST_DAYS} extra={T.BLACKLIST_HINT}>
          <InputNumber min={0} max={3650} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
