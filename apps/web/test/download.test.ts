import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from '../src/shared/saveFile';

describe('the file name of a download (api.download)', () => {
  it('reads the UTF-8 name the server gives Chinese files, before the plain one', () => {
    expect(filenameFromDisposition(`attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent('轮播图.xlsx')}`)).toBe('轮播图.xlsx');
    expect(filenameFromDisposition(`attachment; filename*=utf-8''${encodeURIComponent('用户 列表.xlsx')}`)).toBe('用户 列表.xlsx');
  });

  it('falls back to the plain name, or none', () => {
    expect(filenameFromDisposition('attachment; filename="report.xlsx"')).toBe('report.xlsx');
    expect(filenameFromDisposition('attachment; filename=report.csv')).toBe('report.csv');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A; filename=\"x.xlsx\"")).toBe('x.xlsx');
    expect(filenameFromDisposition('attachment')).toBeUndefined();
    expect(filenameFromDisposition(null)).toBeUndefined();
  });
});
