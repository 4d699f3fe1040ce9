import { Button, Flex, Form, Input, InputNumber, Select, Switch } from 'antd';
import type { QueryKey } from '@tanstack/react-query';
import { CREATION_TYPES as MEDIA_KINDS } from '@huodong/domain';
import { api, useApiMutation } from '../../shared/api';
import { AppModal } from '../../shared/AppModal';
import { configPath, type WorkType } from './workApi';
import type { WorkConfigView } from './workApi';
import * as T from './texts';

const MODERATION = [
  { value: 'pre', label: '先审后发' },
  { value: 'post', label: '先发后审' },
  { value: 'none', label: '不审核' },
];

/**
 * 作品设置: the creation types (type 1 exactly one, type 9 two or more) with their limits, the
 * groups, works per reader, the moderation mode, who uploads and the pledge. Other settings of
 * the stored configuration (author fields, windows, award levels) are kept as they are. The
 * server checks the whole configuration and names the field of any problem.
 */
export default function WorkConfigModal({ org, type, act, initial, refresh, onClose }: { org: string; type: WorkType; act: number; initial: WorkConfigView; refresh: QueryKey[]; onClose: () => void }) {
  const [form] = Form.useForm();
  // A new entry's id follows the largest one: after a removal, the count would repeat an id in use.
  const nextId = (list: 'creation_types' | 'groups') =>
    Math.max(0, ...((form.getFieldValue(list) ?? []) as { id?: number }[]).map((e) => Number(e?.id) || 0)) + 1;
  const save = useApiMutation((body: Record<string, unknown>) => api.put(configPath(org, type, act), body), { invalidate: refresh, successMessage: T.CONFIG_SAVED, onSuccess: onClose });
  const init = { ...initial, user_upload: initial.user_upload === 1, pledge_required: (initial.pledge as { required?: number } | undefined)?.required === 1 };
  return (
    <AppModal open title={T.CONFIG} width={860} onCancel={onClose} onOk={() => form.submit()} confirmLoading={save.isPending} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        initialValues={init}
        onFinish={(v) => {
          const { user_upload, pledge_required, ...rest } = v as Record<string, unknown>;
          save.mutate({ ...initial, ...rest, user_upload: user_upload ? 1 : 0, pledge: { ...(initial.pledge as object), required: pledge_required ? 1 : 0 } });
        }}
      >
        <Form.List name="creation_types">
          {(fields, { add, remove }) => (
            <Flex vertical gap={4}>
              <strong>{T.CREATION_TYPES}</strong>
              {fields.map((f) => (
                <Flex key={f.key} gap={8} wrap align="end">
                  <Form.Item name={[f.name, 'id']} label={T.TYPE_ID} rules={[{ required: true }]}>
                    <InputNumber min={1} max={999} style={{ width: 70 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'name']} label={T.TYPE_NAME} rules={[{ required: true }]}>
                    <Input maxLength={20} style={{ width: 100 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'media']} label={T.MEDIA} rules={[{ required: true }]}>
                    <Select options={MEDIA_KINDS.map((m) => ({ value: m.value, label: m.label }))} style={{ width: 90 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'text_min_words']} label={T.MIN_WORDS}>
                    <InputNumber min={0} style={{ width: 80 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'text_max_words']} label={T.MAX_WORDS}>
                    <InputNumber min={1} style={{ width: 80 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'files_min']} label={T.FILES_MIN}>
                    <InputNumber min={0} max={20} style={{ width: 70 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'files_max']} label={T.FILES_MAX}>
                    <InputNumber min={0} max={20} style={{ width: 70 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'file_max_kb']} label={T.FILE_MAX_KB}>
                    <InputNumber min={0} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item>
                    <Button danger onClick={() => remove(f.name)}>
                      {T.REMOVE}
                    </Button>
                  </Form.Item>
                </Flex>
              ))}
              <Button onClick={() => add({ id: nextId('creation_types'), name: '', media: 'text' })}>{T.ADD_CREATION_TYPE}</Button>
            </Flex>
          )}
        </Form.List>
        <Form.List name="groups">
          {(fields, { add, remove }) => (
            <Flex vertical gap={4} style={{ marginTop: 16 }}>
              <strong>{T.GROUPS}</strong>
              {fields.map((f) => (
                <Flex key={f.key} gap={8} align="end">
                  <Form.Item name={[f.name, 'id']} label={T.TYPE_ID} rules={[{ required: true }]}>
                    <InputNumber min={1} max={999} style={{ width: 70 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'code']} label={T.GROUP_CODE} rules={[{ required: true }]}>
                    <Input maxLength={4} style={{ width: 80 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'name']} label={T.TYPE_NAME} rules={[{ required: true }]}>
                    <Input maxLength={20} style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item>
                    <Button danger onClick={() => remove(f.name)}>
                      {T.REMOVE}
                    </Button>
                  </Form.Item>
                </Flex>
              ))}
              <Button onClick={() => add({ id: nextId('groups'), code: '', name: '' })}>{T.ADD_GROUP}</Button>
            </Flex>
          )}
        </Form.List>
        <Flex gap={16} wrap style={{ marginTop: 16 }}>
          <Form.Item name="per_user_max_works" label={T.PER_USER}>
            <InputNumber min={1} max={20} />
          </Form.Item>
          <Form.Item name="moderation" label={T.MODERATION}>
            <Select options={MODERATION} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="user_upload" label={T.USER_UPLOAD} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="pledge_required" label={T.PLEDGE_REQUIRED} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Flex>
      </Form>
    </AppModal>
  );
}
