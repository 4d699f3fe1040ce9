import { Form, Input, Select } from 'antd';
import { useApiQuery } from '../../shared/api';
import { AppModal } from '../../shared/AppModal';
import * as T from './texts';

/**
 * 驳回原因 of the review queue: the reason typed, or picked from the platform's quick replies
 * (`/check/quick`, asked for when the dialog opens). Loaded when first opened.
 */
export default function RejectModal({ org, open, pending, onReject, onCancel }: { org: string; open: boolean; pending: boolean; onReject: (reason: string) => void; onCancel: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const quick = useApiQuery<{ items: { id: number; content: string }[] }>(['checkQueue', 'quick'], open ? `/v1/${org}/check/quick` : null);
  return (
    <AppModal open={open} title={T.REJECT_TITLE} onCancel={onCancel} onOk={() => form.submit()} confirmLoading={pending} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(v) => onReject(v.reason)}>
        <Form.Item label={T.QUICK_REPLY}>
          <Select
            data-testid="quick-reply"
            placeholder={T.QUICK_REPLY_PLACEHOLDER}
            loading={quick.isPending}
            options={(quick.data?.items ?? []).map((r) => ({ value: r.content, label: r.content }))}
            onChange={(v: string) => form.setFieldValue('reason', v)}
          />
        </Form.Item>
        <Form.Item name="reason" label={T.REJECT_TITLE} rules={[{ required: true, whitespace: true, message: T.REASON_REQUIRED }]}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
