import { useState } from 'react';
import { Button, Checkbox, Form, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { permissionSchema, type GrantablePage, type ResourceDef } from '@huodong/domain';
import { api, useApiQuery } from '../../shared/api';
import { AppModal } from '../../shared/AppModal';
import { feedback } from '../../shared/feedback';
import { resourceListPath, resourceQueryKey, rowName, type Row, type RowContext } from '../resources';
import { PERMISSION, PERMISSION_EMPTY_MEANS_ALL, PERMISSION_SAVED, permissionTitle } from './texts';

/** Grantable pages grouped by menu group, in route-table order. */
function groupPages(pages: GrantablePage[]): { group: string; pages: GrantablePage[] }[] {
  const groups: { group: string; pages: GrantablePage[] }[] = [];
  for (const p of pages) {
    const g = groups.find((x) => x.group === p.group);
    if (g) g.pages.push(p);
    else groups.push({ group: p.group, pages: [p] });
  }
  return groups;
}

interface PermissionProps {
  def: ResourceDef;
  org?: string;
  /** `GET` answering the grantable pages (`/v1/supers/authorize`, `/v1/org/{org}/managers/authorize`). */
  authorizePath: string;
  row: Row;
  onClose: () => void;
}

function PermissionModal({ def, org, authorizePath, row, onClose }: PermissionProps) {
  const [form] = Form.useForm<{ permissions: string[] }>();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const pages = useApiQuery<GrantablePage[]>(['grantable', authorizePath], authorizePath, undefined, { staleTime: 5 * 60_000 });

  const onOk = async () => {
    const parsed = permissionSchema.safeParse({ permissions: form.getFieldValue('permissions') ?? [] });
    if (!parsed.success) {
      form.setFields([{ name: 'permissions', errors: [parsed.error.issues[0].message] }]);
      return;
    }
    setSaving(true);
    try {
      await api.post(`${resourceListPath(def, org)}/${row.id}/permission`, parsed.data);
      feedback.message.success(PERMISSION_SAVED);
      await client.invalidateQueries({ queryKey: resourceQueryKey(def) });
      onClose();
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppModal title={permissionTitle(def.title, rowName(def, row))} open onOk={onOk} onCancel={onClose} confirmLoading={saving} width={720}>
      <Typography.Paragraph type="secondary">{PERMISSION_EMPTY_MEANS_ALL}</Typography.Paragraph>
      {pages.isPending ? (
        <Spin />
      ) : (
        <Form form={form} name={`${def.name}-permission`} initialValues={{ permissions: Array.isArray(row.permissions) ? row.permissions : [] }}>
          <Form.Item name="permissions" noStyle>
            <Checkbox.Group style={{ display: 'block' }}>
              {groupPages(pages.data ?? []).map((g) => (
                <div key={g.group} style={{ marginBottom: 12 }}>
                  <Typography.Text strong>{g.group}</Typography.Text>
                  <div>
                    {g.pages.map((p) => (
                      <Checkbox key={p.path} value={p.path}>
                        {p.title}
                      </Checkbox>
                    ))}
                  </div>
                </div>
              ))}
            </Checkbox.Group>
          </Form.Item>
        </Form>
      )}
    </AppModal>
  );
}

/** Row control 权限: the pages an account may open (POST {path}/{id}/permission). */
export function PermissionAction({ ctx, def, org, authorizePath }: { ctx: RowContext; def: ResourceDef; org?: string; authorizePath: string }) {
  const [open, setOpen] = useState(false);
  if (!ctx.writable) return null;
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>
        {PERMISSION}
      </Button>
      {open && <PermissionModal def={def} org={org} authorizePath={authorizePath} row={ctx.row} onClose={() => setOpen(false)} />}
    </>
  );
}
