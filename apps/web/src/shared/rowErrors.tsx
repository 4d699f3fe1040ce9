import { ERROR_MODAL_TITLE } from '@huodong/domain/messages';
import { isApiError } from './apiErrors';
import { feedback } from './feedback';

/**
 * Row-numbered messages (第N行: …) together in one modal titled 错误提示 (spec §5): the
 * spreadsheet imports' checks and the server's refusals of a batch.
 */
export function showRowErrors(errors: string[]): void {
  feedback.modal.error({
    title: ERROR_MODAL_TITLE,
    width: 560,
    content: (
      <div data-testid="import-errors" style={{ whiteSpace: 'pre-line', maxHeight: 360, overflow: 'auto' }}>
        {errors.join('\n')}
      </div>
    ),
  });
}

/**
 * The row-numbered messages of a batch the server refused (`errors` in the API error's data,
 * strings or `{message}`) in the 错误提示 modal; false when the error carries none.
 */
export function showRefusedRows(e: unknown): boolean {
  const errors = isApiError(e) ? (e.data as { errors?: unknown } | null)?.errors : undefined;
  if (!Array.isArray(errors) || errors.length === 0) return false;
  showRowErrors(errors.map((x) => (typeof x === 'string' ? x : String((x as { message?: unknown } | null)?.message ?? x))));
  return true;
}
