import { Form, Input, Modal, Select } from 'antd';
import { api, useApiMutation } from '../../shared/api';
import { feedback } from '../../shared/feedback';
import { resourceListPath, resourceQueryKey } from '../../resources/resourcePaths';
import type { Declaration } from '../../resources/declarations';
import * as T from './texts';

interface Values {
  words: string;
  level: string;
}

/** 批量添加敏感词: many words at one level (`POST {list}/batchCreate`); words already listed are skipped. */
export default function BatchWordsDialog({ def, org, onClose }: { def: Declaration; org?: string; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const levels = def.fields.find((f) => f.name === 'level')?.options ?? [];
  const run = useApiMutation((v: Values) => api.post<{ added: number; skipped: number }>(`${resourceListPath(def, org)}/batchCreate`, v), {
    invalidate: [resourceQueryKey(def)],
    onSuccess: (a) => {
      feedback.message.success(T.ADDED(a.added, a.skipped));
      onClose();
    },
  });
  return (
    <Modal open title={T.BATCH_TITLE} okText={T.OK} cancelText={T.CANCEL} okButtonProps={{ loading: run.isPending }} onOk={() => form.submit()} onCancel={onClose}>
      <Form form={form} layout="vertical" initialValues={{ level: levels[0]?.value }} onFinish={(v) => run.mutate(v)}>
        <Form.Item name="words" label={T.BATCH_WORDS} extra={T.BATCH_WORDS_HINT} rules={[{ required: true, whitespace: true, message: T.BATCH_WORDS_HINT }]}>
          <Input.TextArea rows={10} />
        </Form.Item>
        <Form.Item name="level" label={T.BATCH_LEVEL} rules={[{ required: true }]}>
          <Select options={levels.map((o) => ({ value: o.value, label: o.label }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
