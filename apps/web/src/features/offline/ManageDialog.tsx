import { useState } from 'react';
import { Button, Flex, Form, Input, InputNumber, Select } from 'antd';
import { OFFLINE_LIMITS } from '@huodong/domain';
import { api, useApiMutation, useApiQuery } from '../../shared/api';
import { placeServerErrors } from '../../shared/formErrors';
import { AppModal } from '../../shared/AppModal';
import { managePath } from './offlineApi';
import * as T from './texts';

interface Values {
  reader_id?: number;
  session_id?: number;
  seats?: number;
  companions?: { name: string; phone?: string }[];
}

/**
 * 代为预约 (`POST /train/{act}/manage`): an administrator books a session for a reader of the
 * organisation — confirmed at once, the session's seats still counted by the server's one statement.
 */
export default function ManageDialog({ org, act, sessions, sessionId, onClose, onDone }: { org: string; act: number; sessions: { id: number; title: string }[]; sessionId?: number; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const readers = useApiQuery<{ items: { id: number; account: string; real_name: string }[] }>(['offlineManageReaders', org], `/v1/${org}/readers`, { page_size: 20, ...(keyword ? { keyword } : {}) });
  const seats = Form.useWatch('seats', form) ?? 1;
  const book = useApiMutation((v: Values) => api.post(managePath(org, act), { ...v, seats: v.seats ?? 1, companions: (v.companions ?? []).slice(0, (v.seats ?? 1) - 1) }), {
    successMessage: T.DONE,
    onSuccess: () => {
      onDone();
      onClose();
    },
    onError: (e) => void placeServerErrors(form, e),
  });
  return (
    <AppModal title={T.MANAGE_TITLE} open onCancel={onClose} onOk={() => form.validateFields().then((v) => book.mutate(v))} okButtonProps={{ loading: book.isPending }} destroyOnHidden>
      <Form form={form} layout="vertical" name="offline-manage" initialValues={{ seats: 1, session_id: sessionId ?? (sessions.length === 1 ? sessions[0].id : undefined) }} autoComplete="off">
        <Form.Item name="reader_id" label={T.READER} rules={[{ required: true, message: T.NEED_READER }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            loading={readers.isFetching}
            options={(readers.data?.items ?? []).map((r) => ({ value: r.id, label: r.real_name ? `${r.account}（${r.real_name}）` : r.account }))}
          />
        </Form.Item>
        <Form.Item name="session_id" label={T.SESSION} rules={[{ required: true, message: T.NEED_SESSION }]}>
          <Select options={sessions.map((s) => ({ value: s.id, label: s.title }))} />
        </Form.Item>
        <Form.Item name="seats" label={T.SEATS}>
          <InputNumber min={1} max={OFFLINE_LIMITS.seatsPerReader} precision={0} />
        </Form.Item>
        {seats > 1 && (
          <Form.List name="companions">
            {(items, { add, remove }) => (
              <Flex vertical gap={4}>
                <span>{T.COMPANIONS}</span>
                {items.map((item) => (
                  <Flex key={item.key} gap={8}>
                    <Form.Item name={[item.name, 'name']} rules={[{ required: true, whitespace: true, message: '请填写同行人姓名' }]} style={{ marginBottom: 8 }}>
                      <Input placeholder={T.COMPANION_NAME} maxLength={30} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'phone']} style={{ marginBottom: 8 }}>
                      <Input placeholder={T.COMPANION_PHONE} maxLength={20} />
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(item.name)}>
                      {T.REMOVE}
                    </Button>
                  </Flex>
                ))}
                {items.length < seats - 1 && (
                  <Button onClick={() => add({ name: '' })} style={{ alignSelf: 'flex-start' }}>
                    {T.ADD_COMPANION}
                  </Button>
                )}
              </Flex>
            )}
          </Form.List>
        )}
      </Form>
    </AppModal>
  );
}
