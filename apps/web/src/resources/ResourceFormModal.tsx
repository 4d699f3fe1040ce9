import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { Alert, Divider, Form, type FormItemProps } from 'antd';
import type { ResourceDef, ResourceField } from '@huodong/domain';
import { isApiError } from '../shared/api';
import { AppModal } from '../shared/AppModal';
import type { Declaration } from './declarations';
import type { Row } from './listModel';
import { FieldInput, valueProps } from './fieldInputs';
import { createTitle, editTitle } from './texts';
import { FormInvalidError, useResourceForm, type ResourceForm } from './useResourceForm';
import { formSpec, initialValues, isRequired, memberOf, namePath, resourceOf, type FormMode, type FormValues } from './validation';

export interface FormInputContext {
  mode: FormMode;
  /** The row being edited (update mode). */
  row?: Row;
  form: ResourceForm;
  /** Organisation key filling `{org}` in option paths. */
  org?: string;
}

/** A page's own input for a declared field (e.g. a Cascader); label and rules stay the declaration's. */
export interface CustomInput {
  render: (ctx: FormInputContext) => ReactNode;
  /** Extra Form.Item props (value conversion, help text). */
  itemProps?: Partial<FormItemProps>;
}

/**
 * The Form.Items of a declared form: one per field, named by its (nested) name, with its rules
 * and required mark, and the field kind's input (or the page's own).
 */
export function DeclaredFormItems({
  fields,
  rf,
  required,
  mode,
  org,
  inputs = {},
  ctx,
}: {
  fields: readonly ResourceField[];
  rf: ResourceForm;
  required: (name: string) => boolean;
  mode: FormMode;
  org?: string;
  inputs?: Record<string, CustomInput>;
  ctx: FormInputContext;
}) {
  return (
    <>
      {fields.map((f) => {
        const custom = inputs[f.name];
        const item = (
          <Form.Item
            key={f.name}
            name={namePath(f.name)}
            label={f.label}
            required={required(f.name)}
            rules={rf.rules(f.name)}
            validateFirst
            {...valueProps(f, f.schema)}
            {...custom?.itemProps}
          >
            {custom ? custom.render(ctx) : <FieldInput field={f} member={f.schema} org={org} mode={mode} rowId={ctx.row?.id} />}
          </Form.Item>
        );
        if (!f.section) return item;
        return (
          <Fragment key={f.name}>
            <Divider titlePlacement="start" plain style={{ marginTop: 8 }}>
              {f.section}
            </Divider>
            {item}
          </Fragment>
        );
      })}
    </>
  );
}

export interface ResourceFormModalProps {
  /** The list's declaration; the form validates with the domain's (its schemas). */
  def: Declaration | ResourceDef;
  mode: FormMode;
  open: boolean;
  row?: Row;
  org?: string;
  inputs?: Record<string, CustomInput>;
  /** Send the body; reject with the ApiError to keep the dialog open. */
  submit: (body: FormValues) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Create and edit dialog of a resource: one Form.Item per declared form field. Each opening
 * gets a fresh form (new key), so values of an earlier opening never leak into the next.
 * Loaded with its first opening (ResourcePage), with the field inputs and the schemas.
 */
export function ResourceFormModal(props: ResourceFormModalProps) {
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setOpening((n) => n + 1);
  }
  return <FormDialog key={opening} {...props} />;
}

function FormDialog({ def: declared, mode, open, row, org, inputs, submit, onClose }: ResourceFormModalProps) {
  const def = useMemo(() => resourceOf(declared), [declared]);
  const spec = useMemo(() => formSpec(def, mode), [def, mode]);
  const rf = useResourceForm(spec);
  const { form } = rf;

  // The dialog's content is destroyed when hidden, so each opening starts from these values.
  const initial = useMemo(() => (mode === 'update' && row ? initialValues(spec.fields, row) : {}), [mode, row, spec]);

  const onOk = async () => {
    let body: FormValues;
    try {
      body = await rf.validateAll();
    } catch (e) {
      if (e instanceof FormInvalidError) return;
      throw e;
    }
    try {
      await submit(body);
      onClose();
    } catch (e) {
      // The API client has shown the message; 422 field errors also go on their fields.
      if (isApiError(e) && e.status === 422) rf.showServerErrors(e.data);
    }
  };

  const ctx: FormInputContext = { mode, row, form: rf, org };
  // A field's input reads its own member of this mode's body (e.g. the password of an edit may stay blank).
  const fields = spec.fields.map((f) => ({ ...f, schema: memberOf(spec.schema, f.name) ?? f.schema }));

  return (
    <AppModal title={mode === 'create' ? createTitle(def.title) : editTitle(def.title)} open={open} onOk={onOk} onCancel={onClose} destroyOnHidden>
      {mode === 'create' && def.afterCreate && <Alert type="info" showIcon title={def.afterCreate.hint} style={{ marginBottom: 16 }} data-testid="after-create-hint" />}
      <Form form={form} layout="vertical" name={`${def.name}-${mode}`} autoComplete="off" initialValues={initial}>
        <DeclaredFormItems fields={fields} rf={rf} required={(name) => isRequired(def, mode, name)} mode={mode} org={org} inputs={inputs} ctx={ctx} />
      </Form>
    </AppModal>
  );
}
