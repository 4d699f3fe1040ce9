import { isValidElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_MODAL_TITLE } from '@huodong/domain/messages';
import { ApiError } from '../src/shared/apiErrors';
import { bindFeedback, type Feedback } from '../src/shared/feedback';
import { showRefusedRows } from '../src/shared/rowErrors';

describe('a batch the server refused', () => {
  const error = vi.fn();
  bindFeedback({ message: {}, notification: {}, modal: { error } } as unknown as Feedback);

  it('shows every row message (strings or {message}) in one 错误提示 modal', () => {
    const refused = new ApiError(400, 400, '导入失败', { errors: ['第2行：读者证号不存在', { message: '第3行：作品类型不正确' }] });
    expect(showRefusedRows(refused)).toBe(true);
    expect(error).toHaveBeenCalledTimes(1);
    const { title, content } = error.mock.calls[0][0] as { title: string; content: ReactElement };
    expect(title).toBe(ERROR_MODAL_TITLE);
    expect(isValidElement(content)).toBe(true);
    expect(renderToStaticMarkup(content)).toContain('第2行：读者证号不存在\n第3行：作品类型不正确');
  });

  it('leaves an error without row messages to the caller', () => {
    error.mockClear();
    expect(showRefusedRows(new ApiError(400, 400, '请选择活动'))).toBe(false);
    expect(showRefusedRows(new ApiError(400, 400, 'x', { errors: [] }))).toBe(false);
    expect(showRefusedRows(new Error('第2行'))).toBe(false);
    expect(error).not.toHaveBeenCalled();
  });
});
