import { useMemo, useState, type ReactNode } from 'react';
import { Form, type FormItemProps } from 'antd';
import type { z } from 'zod';
import type { ResourceDef } from '@huodong/domain';
import { isApiError } from '../../shared/api';
import { AppModal } from '../../shared/AppModal';
import type { Row } from './controls';
import { FieldInput, valueProps } from './fieldInputs';
import { createTitle, editTitle } from './texts';
import { FormInvalidError, useResourceForm, type ResourceForm } from './useResourceForm';
import { formFields, isRequired, schemaOf, type FormMode, type FormValues } from './validation';

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

export interface ResourceFormModalProps {
  def: ResourceDef;
  mode: FormMode;
  open: boolean;
  row?: Row;
  org?: string;
  inputs?: Record<string, CustomInput>;
  /** Row → form values when editing (default: the row's values of the form fields). */
  toForm?: (row: Row) => FormValues;
  /** Validated body → what the API receives. */
  toBody?: (body: FormValues, mode: FormMode, row?: Row) => FormValues;
  /** Send the body; reject with the ApiError to keep the dialog open. */
  submit: (body: FormValues) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Create and edit dialog of a resource: one Form.Item per declared form field. Each opening
 * gets a fresh form (new key), so values of an earlier opening never leak into the next.
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

function FormDialog({ def, mode, open, row, org, inputs = {}, toForm, toBody, submit, onClose }: ResourceFormModalProps) {
  const rf = useResourceForm(def, mode);
  const fields = formFields(def, mode);
  const schema = schemaOf(def, mode);
  const { form } = rf;

  // The dialog's content is destroyed when hidden, so each opening starts from these values.
  const initialValues = useMemo(() => {
    if (mode !== 'update' || !row) return {};
    return toForm ? toForm(row) : Object.fromEntries(fields.map((f) => [f.name, row[f.name]]));
    // The values of the row being opened; fields and toForm are fixed per page.
  }, [mode, row]);

  const onOk = async () => {
    let body: FormValues;
    try {
      body = await rf.validateAll();
    } catch (e) {
      if (e instanceof FormInvalidError) return;
      throw e;
    }
    try {
      await submit(toBody ? toBody(body, mode, row) : body);
      onClose();
    } catch (e) {
      // The API client has shown the message; 422 field errors also go on their fields.
      if (isApiError(e) && e.status === 422) rf.showServerErrors(e.data);
    }
  };

  const ctx: FormInputContext = { mode, row, form: rf, org };

  return (
    <AppModal
      title={mode === 'create' ? createTitle(def.title) : editTitle(def.title)}
      open={open}
      onOk={onOk}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name={`${def.name}-${mode}`} autoComplete="off" initialValues={initialValues}>
        {fields.map((f) => {
          const member = schema.shape[f.name] as z.ZodType | undefined;
          const custom = inputs[f.name];
          return (
            <Form.Item
              key={f.name}
              name={f.name}
              label={f.label}
              required={isRequired(def, mode, f.name)}
              rules={rf.rules(f.name)}
              validateFirst
              {...valueProps(f, member)}
              {...custom?.itemProps}
            >
              {custom ? custom.render(ctx) : <FieldInput field={f} member={member} org={org} mode={mode} />}
            </Form.Item>
          );
        })}
      </Form>
    </AppModal>
  );
}
