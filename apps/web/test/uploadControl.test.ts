import { describe, expect, it } from 'vitest';
import { acceptFiles, formatsMessage, tooLargeMessage } from '../src/shared/UploadControl';

const file = (name: string, kb = 1) => ({ name, size: kb * 1024 });

describe('the upload control (spec §5)', () => {
  it('takes only the first file unless multiple files are allowed', () => {
    expect(acceptFiles([file('a.xlsx'), file('b.xlsx')], {})).toEqual({ accepted: [0], messages: [] });
    expect(acceptFiles([file('a.xlsx'), file('b.xlsx')], { multiple: true })).toEqual({ accepted: [0, 1], messages: [] });
  });

  it('refuses other formats with a message, or silently for the spreadsheet imports', () => {
    const formats = ['xlsx', 'xls'];
    expect(acceptFiles([file('名单.XLS')], { formats })).toEqual({ accepted: [0], messages: [] });
    expect(acceptFiles([file('名单.csv')], { formats })).toEqual({ accepted: [], messages: [formatsMessage(formats)] });
    expect(acceptFiles([file('名单.csv')], { formats, ignoreOtherFormats: true })).toEqual({ accepted: [], messages: [] });
    expect(acceptFiles([file('xlsx')], { formats, ignoreOtherFormats: true }).accepted).toEqual([]);
  });

  it('refuses files over the maximum size in KB with a clear message', () => {
    expect(acceptFiles([file('a.png', 200)], { maxSizeKB: 200 }).accepted).toEqual([0]);
    expect(acceptFiles([file('a.png', 201)], { maxSizeKB: 200 })).toEqual({ accepted: [], messages: ['文件大小不能超过200KB'] });
    expect(tooLargeMessage(2048)).toBe('文件大小不能超过2MB');
    expect(acceptFiles([file('a.png', 1), file('b.png', 300)], { maxSizeKB: 200, multiple: true })).toEqual({ accepted: [0], messages: ['文件大小不能超过200KB'] });
  });
});
