import { ERROR_MODAL_TITLE } from '@huodong/domain/messages';
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
