import { useCallback, useMemo } from 'react';
import { Form, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { feedback } from '../shared/feedback';
import {
  UnknownFieldError,
  createValidator,
  namePath,
  serverFieldErrors,
  type FieldError,
  type FormSpec,
  type FormValidator,
  type FormValues,
} from './validation';

/** Thrown by `validateAll` when the form has errors (they are shown on the fields). */
export class FormInvalidError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => e.message).join('; '));
    this.name = 'FormInvalidError';
  }
}

export interface ResourceForm {
  form: FormInstance<FormValues>;
  validator: FormValidator;
  /** antd rules of a field: its schema member, messages naming the field. */
  rules(name: string): Rule[];
  /** Back to the initial values, errors cleared. */
  reset(): void;
  /** Check one field and show its error. An unknown field name throws `UnknownFieldError`. */
  validateField(name: string): Promise<void>;
  /** Check every field and the whole schema; resolves with the API body, rejects with `FormInvalidError`. */
  validateAll(): Promise<FormValues>;
  /** Put the server's 422 field errors on the fields; true when at least one was placed. */
  showServerErrors(data: unknown): boolean;
}

/**
 * A declared form (spec §5): per-field rules from the fields' schemas, reset, validate all,
 * validate one. `spec` should be stable (memoised by the caller).
 */
export function useResourceForm(spec: FormSpec, extraNames: readonly string[] = []): ResourceForm {
  const [form] = Form.useForm<FormValues>();
  // Keyed by the names' content: callers may pass a fresh array each render.
  const extraKey = extraNames.join('\n');
  const validator = useMemo(() => createValidator(spec, extraKey ? extraKey.split('\n') : []), [spec, extraKey]);

  const place = useCallback(
    (errors: FieldError[]) => {
      const onFields = errors.filter((e) => e.field);
      form.setFields(onFields.map((e) => ({ name: namePath(e.field), errors: [e.message] })));
      const other = errors.filter((e) => !e.field);
      if (other.length) feedback.message.error(other.map((e) => e.message).join('；'));
    },
    [form],
  );

  return useMemo<ResourceForm>(
    () => ({
      form,
      validator,
      rules: (name) => [
        {
          validator: async (_rule, value) => {
            const message = validator.validateField(name, value);
            if (message) throw new Error(message);
          },
        },
      ],
      reset: () => form.resetFields(),
      validateField: async (name) => {
        if (!validator.names.includes(name)) throw new UnknownFieldError(name);
        await form.validateFields([namePath(name)]);
      },
      validateAll: async () => {
        try {
          await form.validateFields();
        } catch (e) {
          const fields = (e as { errorFields?: { name: (string | number)[]; errors: string[] }[] }).errorFields ?? [];
          throw new FormInvalidError(fields.map((f) => ({ field: f.name.map(String).join('.'), message: f.errors[0] ?? '' })));
        }
        const result = validator.validateAll(form.getFieldsValue(true) as FormValues);
        if (!result.ok) {
          place(result.errors);
          throw new FormInvalidError(result.errors);
        }
        return result.body;
      },
      showServerErrors: (data) => {
        const { onFields } = serverFieldErrors(data, validator.names);
        place(onFields);
        return onFields.length > 0;
      },
    }),
    [form, validator, place],
  );
}
