import { useState } from 'react';
import { Button, Checkbox, Form, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ACTIVITY_TYPES, modulesResource, orgAuthorizeSchema, organizationsResource, type ListData, type OrgAuthorize } from '@huodong/domain';
import { api, useApiQuery } from '../../shared/api';
import { AppModal } from '../../shared/AppModal';
import { feedback } from '../../shared/feedback';
import { resourceQueryKey, rowName, type Row, type RowContext } from '../resources';
import { AUTHORIZE, AUTHORIZED, ACTIVITY_TYPES_LABEL, MODULES_LABEL, authorizeTitle } from './texts';

const ACTIVITY_OPTIONS = Object.entries(ACTIVITY_TYPES).map(([value, label]) => ({ value: Number(value), label }));

const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter(Number.isFinite) : []);

/** The authorize dialog: which modules and activity types an organisation may use (POST /v1/organizations/{id}/authorize). */
function AuthorizeModal({ row, onClose }: { row: Row; onClose: () => void }) {
  const [form] = Form.useForm<OrgAuthorize>();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const modules = useApiQuery<ListData<Row>>(resourceQueryKey(modulesResource), modulesResource.path, { page: 1, page_size: 100, sort: 'sort' });
  const moduleOptions = (modules.data?.items ?? []).map((m) => ({ value: m.id, label: String(m.name) }));

  const onOk = async () => {
    const parsed = orgAuthorizeSchema.safeParse({ module_ids: numbers(form.getFieldValue('module_ids')), activity_types: numbers(form.getFieldValue('activity_types')) });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: String(i.path[0]) as keyof OrgAuthorize, errors: [i.message] })));
      return;
    }
    setSaving(true);
    try {
      await api.post(`${organizationsResource.path}/${row.id}/authorize`, parsed.data);
      feedback.message.success(AUTHORIZED);
      await client.invalidateQueries({ queryKey: resourceQueryKey(organizationsResource) });
      onClose();
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppModal title={authorizeTitle(rowName(organizationsResource, row))} open onOk={onOk} onCancel={onClose} confirmLoading={saving}>
      <Form
        form={form}
        layout="vertical"
        name="org-authorize"
        initialValues={{ module_ids: numbers(row.module_ids), activity_types: numbers(row.activity_types) }}
      >
        <Form.Item name="module_ids" label={MODULES_LABEL}>
          {modules.isPending ? <Spin size="small" /> : <Checkbox.Group options={moduleOptions} />}
        </Form.Item>
        <Form.Item name="activity_types" label={ACTIVITY_TYPES_LABEL}>
          <Checkbox.Group options={ACTIVITY_OPTIONS} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

/** Row control 授权 of the organisation table (only for callers who may write the row). */
export function AuthorizeAction({ row, writable }: RowContext) {
  const [open, setOpen] = useState(false);
  if (!writable) return null;
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>
        {AUTHORIZE}
      </Button>
      {open && <AuthorizeModal row={row} onClose={() => setOpen(false)} />}
    </>
  );
}
