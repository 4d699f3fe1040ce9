import { describe, expect, it } from 'vitest';
import { byRow, defaultWorkConfig, readWorkSheet, workImportProblems, WORK_IMPORT_EMPTY, WORK_IMPORT_MAX_ROWS, WORK_IMPORT_TOO_MANY, workConfigSchema } from '../src/index.js';

const config = workConfigSchema(9).parse({
  creation_types: [
    { id: 1, name: '征文', media: 'text', text_min_words: 5, text_max_words: 100 },
    { id: 7, name: '摄影', media: 'image', files_min: 1, files_max: 2, file_max_kb: 100 },
  ],
  groups: [{ id: 1, name: '小学', code: 'X' }, { id: 2, name: '初中', code: 'C' }],
  author_fields: { real_name: 'required', unit: 'optional', phone: 'optional' },
});
/** SheetJS rows: header-keyed, with the hidden 0-based sheet row. */
const at = (sheetRow: number, cells: Record<string, string>) => Object.defineProperty({ ...cells }, '__rowNum__', { value: sheetRow - 1, enumerable: false });

describe('reading the sheet', () => {
  it('reads types and groups by name, number or code, several file names per cell, the author columns', () => {
    const { rows, errors } = readWorkSheet(config, [
      at(2, { 读者账号: ' r1 ', 创作类型: '摄影', 组别: 'C', 作品标题: '晨光', 文件名: 'a.png | 图/b.jpg；a.png', 真实姓名: '李明' }),
      at(3, { 读者账号: 'r2', 创作类型: '1', 组别: '小学', 作品标题: '我的家', 作品内容: '我家门前有条河。' }),
    ]);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { row: 2, account: 'r1', creation_type_id: 7, group_id: 2, title: '晨光', content: '', link: '', files: ['a.png', '图/b.jpg'], author: { real_name: '李明' } },
      { row: 3, account: 'r2', creation_type_id: 1, group_id: 1, title: '我的家', content: '我家门前有条河。', link: '', files: [], author: {} },
    ]);
  });

  it('names each problem by the row the user sees; blank rows are skipped but keep their number', () => {
    const { errors } = readWorkSheet(config, [
      at(2, { 读者账号: 'r1', 创作类型: '摄影', 组别: '小学', 作品标题: '一', 文件名: 'x.png' }),
      at(4, { 读者账号: '', 创作类型: '舞蹈', 组别: '高中', 作品标题: '长'.repeat(51) }),
      at(5, { 读者账号: 'r2', 创作类型: '摄影', 组别: '小学', 作品标题: '二', 文件名: 'x.png' }),
    ]);
    expect(errors).toEqual([
      '第4行: 缺少读者账号',
      '第4行: 创作类型“舞蹈”不存在',
      '第4行: 组别“高中”不存在',
      '第4行: 作品标题不能超过50个字符',
      '第5行: 文件“x.png”已在第2行使用',
    ]);
  });

  it('an empty sheet, too many rows, a repeated column', () => {
    expect(readWorkSheet(config, [at(2, { 读者账号: ' ' })]).errors).toEqual([WORK_IMPORT_EMPTY]);
    const many = Array.from({ length: WORK_IMPORT_MAX_ROWS + 1 }, (_, i) => at(i + 2, { 读者账号: `r${i}`, 创作类型: '征文', 作品标题: 't' }));
    expect(readWorkSheet(config, many).errors).toEqual([WORK_IMPORT_TOO_MANY]);
    expect(readWorkSheet(config, [at(2, { 读者账号: 'r', 作品标题: 'a', 作品标题_1: 'b' })]).errors).toEqual(["本作品表格的'作品标题'字段存在重复"]);
  });

  it('a group named in an activity without groups is refused', () => {
    const plain = defaultWorkConfig(1);
    expect(readWorkSheet(plain, [at(2, { 读者账号: 'r', 创作类型: plain.creation_types[0].name, 组别: '小学', 作品标题: 't' })]).errors).toEqual(['第2行: 本活动未设组别']);
  });
});

describe('the rows against the configuration with their files', () => {
  const row = (over: Record<string, unknown>) => ({ row: 2, account: 'r', creation_type_id: 7, group_id: 1, title: 't', content: '', link: '', files: [] as string[], author: {}, author_all: { real_name: '李明' }, ...over });
  it('a reader\'s checks: files missing, unreadable, too large, of another format, too many; words; author fields', () => {
    const files = new Map([
      ['ok.png', { name: 'ok.png', ext: 'png', size_kb: 10 }],
      ['big.png', { name: 'big.png', ext: 'png', size_kb: 500 }],
      ['doc.pdf', { name: 'doc.pdf', ext: 'pdf', size_kb: 10 }],
      ['bad.png', null],
    ]);
    expect(
      workImportProblems(config, [
        row({ files: ['ok.png', 'nothere.png', 'bad.png'] }),
        row({ row: 3, files: ['big.png', 'doc.pdf'] }),
        row({ row: 4, files: ['ok.png', 'ok.png', 'ok.png'] }),
        row({ row: 5, creation_type_id: 1, content: '短', author_all: {} }),
      ], files),
    ).toEqual([
      '第2行: 压缩包中没有文件“nothere.png”',
      '第2行: 文件“bad.png”已损坏或不是可接受的文件类型',
      '第3行: 文件“big.png”：图片大小不能超过100KB',
      '第3行: 文件“doc.pdf”：只能上传jpg、png、gif、webp格式的图片',
      '第4行: 最多上传2张图片',
      '第5行: 正文不能少于5字（当前1字）',
      '第5行: 请输入真实姓名',
    ]);
  });

  it('orders messages by row, a message without a row first', () => {
    expect(byRow(['第10行: b', '第2行: a', '总的', '第2行: c'])).toEqual(['总的', '第2行: a', '第2行: c', '第10行: b']);
  });
});
