import { useMemo, useState } from 'react';
import { Form, theme } from 'antd';
import type { ResourceDef, RowUpdateAction } from '@huodong/domain';
import { isApiError } from '../shared/api';
import { AppModal } from '../shared/AppModal';
import type { Declaration, DeclaredRowUpdate } from './declarations';
import { rowName, type Row } from './listModel';
import { DeclaredFormItems } from './ResourceFormModal';
import { rowUpdateTitle } from './texts';
import { FormInvalidError, useResourceForm } from './useResourceForm';
import type { ResourceActions } from './useResourceActions';
import { initialValues, rowUpdateOf, rowUpdateSpec, specRequired } from './validation';

export interface RowUpdateDialogProps {
  def: Declaration | ResourceDef;
  /** The list's row update; the form is the domain's (its fields and body). */
  action: DeclaredRowUpdate | RowUpdateAction;
  row: Row;
  org?: string;
  actions: Pick<ResourceActions, 'rowUpdate'>;
  onClose: () => void;
}

/**
 * The dialog of a declared row update (授权, 权限): a form of the action's own fields, validated
 * by the same machinery as the edit form, starting from the row's values of those fields, sent
 * as `POST {base}/{id}/{name}`. Loaded when a row update is opened (ResourcePage).
 */
export function RowUpdateDialog({ def, action: declared, row, org, actions, onClose }: RowUpdateDialogProps) {
  const action = useMemo(() => rowUpdateOf(def, declared), [def, declared]);
  const spec = useMemo(() => rowUpdateSpec(action), [action]);
  const { token } = theme.useToken();
  const rf = useResourceForm(spec);
  const [saving, setSaving] = useState(false);
  const initial = useMemo(() => initialValues(spec.fields, row), [spec, row]);

  const onOk = async () => {
    let body;
    try {
      body = await rf.validateAll();
    } catch (e) {
      if (e instanceof FormInvalidError) return;
      throw e;
    }
    setSaving(true);
    try {
      await actions.rowUpdate(row, action, body);
      onClose();
    } catch (e) {
      // The API client has shown the message; 422 field errors also go on their fields.
      if (isApiError(e) && e.status === 422) rf.showServerErrors(e.data);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppModal title={rowUpdateTitle(action.title, rowName(def, row))} open onOk={onOk} onCancel={onClose} confirmLoading={saving} width={action.width} destroyOnHidden>
      {/* antd Typography's secondary paragraph, without its module */}
      {action.hint && <p style={{ marginTop: 0, marginBottom: '1em', color: token.colorTextDescription }}>{action.hint}</p>}
      <Form form={rf.form} layout="vertical" name={`${def.name}-${action.name}`} autoComplete="off" initialValues={initial}>
        <DeclaredFormItems
          fields={spec.fields}
          rf={rf}
          required={(name) => specRequired(spec, name)}
          mode="update"
          org={org}
          ctx={{ mode: 'update', row, form: rf, org }}
        />
      </Form>
    </AppModal>
  );
}
