import type { FormInstance } from 'antd';
import { isApiError } from './apiErrors';

/**
 * A 422's field errors (`data.errors: [{field, message}]`) put on an antd form's fields, the
 * server's dotted names (`companions.0.name`) as form name paths. Anything else is left to the
 * API client, which has shown the message already. Answers whether one was placed.
 */
export function placeServerErrors(form: Pick<FormInstance, 'setFields'>, e: unknown): boolean {
  if (!isApiError(e) || e.status !== 422) return false;
  const errors = ((e.data as { errors?: { field: string; message: string }[] } | null)?.errors ?? []).filter((x) => x.field);
  form.setFields(errors.map((x) => ({ name: x.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) as never, errors: [x.message] })));
  return errors.length > 0;
}
