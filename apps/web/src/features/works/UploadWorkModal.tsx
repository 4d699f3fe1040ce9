import { useState } from 'react';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Select } from 'antd';
import type { QueryKey } from '@tanstack/react-query';
import { api, useApiMutation } from '../../shared/api';
import { AppModal } from '../../shared/AppModal';
import { UploadControl } from '../../shared/UploadControl';
import { WORK_BASE, type WorkType } from './workApi';
import type { WorkConfigView } from './workApi';
import * as T from './texts';

const PATHS = { 1: 'work', 9: 'creations' } as const;

/**
 * 代传作品: an administrator uploads a work on a reader's behalf (the reader by id, the type,
 * group, title, content, files stored through the organisation's upload, the author's name and
 * unit). The server approves and numbers it at once.
 */
export default function UploadWorkModal({ org, type, act, config, refresh, onClose }: { org: string; type: WorkType; act: number; config: WorkConfigView; refresh: QueryKey[]; onClose: () => void }) {
  const [form] = Form.useForm();
  const [media, setMedia] = useState<{ url: string; name: string }[]>([]);
  const [uploading, setUploading] = useState(false);
  const save = useApiMutation((body: Record<string, unknown>) => api.post(`/v1/${org}/${WORK_BASE[type]}/${act}/${PATHS[type]}/upload`, body), { invalidate: refresh, successMessage: T.UPLOADED, onSuccess: onClose });
  const addFiles = async (files: File[]) => {
    setUploading(true);
    try {
      for (const file of files) {
        const fd = new FormData();
        fd.append('file', file);
        const info = await api.upload<{ url: string; name: string }>(`/v1/${org}/upload/public`, fd);
        setMedia((m) => [...m, { url: info.url, name: info.name }]);
      }
    } finally {
      setUploading(false);
    }
  };
  return (
    <AppModal open title={T.UPLOAD_FOR_READER} width={640} onCancel={onClose} onOk={() => form.submit()} confirmLoading={save.isPending} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ creation_type_id: config.creation_types[0]?.id, pledge: true }}
        onFinish={(v) => {
          const { real_name, unit, ...rest } = v as Record<string, unknown>;
          save.mutate({ ...rest, group_id: rest.group_id ?? null, media: media.map((m) => m.url), author: { real_name, unit } });
        }}
      >
        <Form.Item name="reader_id" label={T.READER_ID} rules={[{ required: true }]}>
          <InputNumber min={1} style={{ width: 160 }} />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item name="creation_type_id" label={T.CREATION_TYPES} rules={[{ required: true }]}>
            <Select options={config.creation_types.map((t) => ({ value: t.id, label: t.name }))} style={{ width: 140 }} />
          </Form.Item>
          {config.groups.length > 0 && (
            <Form.Item name="group_id" label={T.GROUPS} rules={[{ required: true }]}>
              <Select options={config.groups.map((g) => ({ value: g.id, label: g.name }))} style={{ width: 140 }} />
            </Form.Item>
          )}
        </Flex>
        <Form.Item name="title" label={T.TITLE} rules={[{ required: true }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="content" label={T.CONTENT}>
          <Input.TextArea rows={6} />
        </Form.Item>
        <Form.Item label={T.FILES}>
          <Flex vertical gap={4}>
            {media.map((m, i) => (
              <Flex key={m.url} gap={8} align="center">
                <span>{m.name || m.url}</span>
                <Button size="small" type="link" danger onClick={() => setMedia((all) => all.filter((_, k) => k !== i))}>
                  {T.REMOVE}
                </Button>
              </Flex>
            ))}
            <UploadControl multiple onFiles={(files) => void addFiles(files)}>
              <Button loading={uploading}>{T.FILES}</Button>
            </UploadControl>
          </Flex>
        </Form.Item>
        <Flex gap={12}>
          <Form.Item name="real_name" label={T.REAL_NAME}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="unit" label={T.UNIT}>
            <Input maxLength={100} />
          </Form.Item>
        </Flex>
        <Form.Item name="pledge" valuePropName="checked">
          <Checkbox>{T.PLEDGE}</Checkbox>
        </Form.Item>
      </Form>
    </AppModal>
  );
}
