import { describe, expect, it } from 'vitest';
import {
  IMPORT_KINDS,
  IMPORT_MAX_ROWS,
  ORG_USER_IMPORT,
  STUDENT_IMPORT,
  SEX_HINT,
  excelSafeCell,
  helperPageCell,
  importRowsSchema,
  importTemplate,
  isSpreadsheetFile,
  orgUserImportRowSchema,
  studentImportRowSchema,
  validateImportRows,
  validateImportSheet,
} from '../src/rules/index.js';

const ORG = 7;

/** A valid organisation-user row as sheet_to_json gives it. */
const user = (n: number, over: Record<string, unknown> = {}): Record<string, unknown> => ({
  学号: `2021${String(n).padStart(4, '0')}`,
  真实姓名: `用户${n}`,
  性别: 1,
  '院系/专业': '计算机学院',
  身份类别: 6,
  ...over,
});
const hintRow = { 学号: '请使用文本格式', 真实姓名: '如：张三', 性别: SEX_HINT, '院系/专业': '如：计算机学院', 身份类别: '填写1-14的数字' };

/** A valid student row as sheet_to_json gives it. */
const student = (n: number, over: Record<string, unknown> = {}): Record<string, unknown> => ({
  姓名: `学生${n}`,
  '学号（文本格式）': `S${n}`,
  性别: '男',
  '年级（1位数字）': 3,
  '班级（1位数字）': 2,
  '入学时间（四位数字）': 2023,
  学校名称: '第一实验小学',
  ...over,
});

function errorsOf(r: { ok: boolean; errors?: string[] }): string[] {
  expect(r.ok).toBe(false);
  return r.errors ?? [];
}

describe('organisation user import: a valid sheet', () => {
  it('maps headers to API fields with proper types plus org_id and _row', () => {
    const r = validateImportSheet(ORG_USER_IMPORT, [user(1), user(2, { 学号: 20210099, 性别: '2', 身份类别: '14' })], ORG);
    expect(r).toEqual({
      ok: true,
      rows: [
        { academic_num: '20210001', real_name: '用户1', sex: 1, department: '计算机学院', identity: 6, org_id: ORG, _row: 2 },
        { academic_num: '20210099', real_name: '用户2', sex: 2, department: '计算机学院', identity: 14, org_id: ORG, _row: 3 },
      ],
    });
    if (r.ok) for (const row of r.rows) expect(orgUserImportRowSchema.parse(row)).toEqual(row);
  });

  it('trims text cells', () => {
    const r = validateImportSheet(ORG_USER_IMPORT, [user(1, { 学号: ' 001 ', 真实姓名: ' 张三 ', 性别: ' 0 ' })], ORG);
    expect(r.ok && r.rows[0]).toMatchObject({ academic_num: '001', real_name: '张三', sex: 0 });
  });

  it('ignores unknown columns and SheetJS header-less columns', () => {
    const r = validateImportSheet(ORG_USER_IMPORT, [user(1, { 备注: 'x', __EMPTY: 'y', __EMPTY_1: 'z' })], ORG);
    expect(r.ok && r.rows[0]).toEqual({ academic_num: '20210001', real_name: '用户1', sex: 1, department: '计算机学院', identity: 6, org_id: ORG, _row: 2 });
  });

  it('accepts headers with stray spaces', () => {
    const r = validateImportSheet(ORG_USER_IMPORT, [{ ' 学号 ': '1', 真实姓名: 'a', 性别: 0, '院系/专业': 'd', 身份类别: 1 }], ORG);
    expect(r.ok).toBe(true);
  });
});

describe('hint row and row numbers', () => {
  it('without a hint row the first data row is row 2', () => {
    const errs = errorsOf(validateImportSheet(ORG_USER_IMPORT, [user(1, { 性别: 5 }), user(2, { 性别: 9 })], ORG));
    expect(errs).toEqual(['第2行: 用户性别信息填写错误', '第3行: 用户性别信息填写错误']);
  });

  it('with a hint row it is skipped and the first real row is row 3', () => {
    const errs = errorsOf(validateImportSheet(ORG_USER_IMPORT, [hintRow, user(1, { 性别: 5 }), user(2, { 性别: 9 })], ORG));
    expect(errs).toEqual(['第3行: 用户性别信息填写错误', '第4行: 用户性别信息填写错误']);
  });

  it('valid rows after a hint row carry _row from 3', () => {
    const r = validateImportSheet(ORG_USER_IMPORT, [hintRow, user(1), user(2)], ORG);
    expect(r.ok && r.rows.map((x) => x._row)).toEqual([3, 4]);
  });

  it('the hint text only counts in the first data row', () => {
    const errs = errorsOf(validateImportSheet(ORG_USER_IMPORT, [user(1), user(2, { 性别: SEX_HINT })], ORG));
    expect(errs).toEqual(['第3行: 用户性别信息填写错误']);
  });

  it('uses SheetJS __rowNum__ (0-based, non-enumerable) when present', () => {
    const row = user(1, { 性别: 7 });
    Object.defineProperty(row, '__rowNum__', { value: 9, enumerable: false });
    expect(errorsOf(validateImportSheet(ORG_USER_IMPORT, [row], ORG))).toEqual(['第10行: 用户性别信息填写错误']);
  });

  it('a sheet with only a hint row has no users', () => {
    expect(errorsOf(validateImportSheet(ORG_USER_IMPORT, [hintRow], ORG))).toEqual(['用户列表中没有用户信息']);
  });

  it('an empty sheet has no users', () => {
    expect(errorsOf(validateImportSheet(ORG_USER_IMPORT, [], ORG))).toEqual(['用户列表中没有用户信息']);
  });
});

describe('blank rows', () => {
  it('rows whose every cell is blank are skipped but still counted for row numbers', () => {
    const blank = { 学号: '', 真实姓名: '  ', 性别: null, '院系/专业': undefined };
    const r = validateImportSheet(ORG_USER_IMPORT, [user(1), blank, {}, user(2, { 性别: 3 })], ORG);
    expect(errorsOf(r)).toEqual(['第5行: 用户性别信息填写错误']);
  });
  it('valid rows around blank rows are kept', () => {
    const r = validateImportSheet(ORG_USER_IMPORT, [user(1), {}, user(2)], ORG);
    expect(r.ok && r.rows.map((x) => x._row)).toEqual([2, 4]);
  });
});

describe('duplicate column (underscore in a header)', () => {
  it('aborts with a single message naming the header without its _N suffix', () => {
    const r = validateImportSheet(ORG_USER_IMPORT, [user(1, { 学号_1: '2' }), user(2, { 性别: 9 })], ORG);
    expect(r).toEqual({ ok: false, errors: ["本用户列表excel的'学号'字段存在重复"] });
  });
  it('works for multi-digit suffixes', () => {
    expect(errorsOf(validateImportSheet(ORG_USER_IMPORT, [user(1, { 性别_12: '1' })], ORG))).toEqual([
      "本用户列表excel的'性别'字段存在重复",
    ]);
  });
  it('any underscore aborts, even without a numeric suffix', () => {
    expect(errorsOf(validateImportSheet(ORG_USER_IMPORT, [user(1, { real_name: 'x' })], ORG))).toEqual([
      "本用户列表excel的'real_name'字段存在重复",
    ]);
  });
  it('a header that appears only in a later row still aborts', () => {
    expect(errorsOf(validateImportSheet(ORG_USER_IMPORT, [user(1), user(2, { 身份类别_1: 3 })], ORG))).toEqual([
      "本用户列表excel的'身份类别'字段存在重复",
    ]);
  });
});

describe('required fields', () => {
  it('each missing or blank required field is reported with its Chinese header', () => {
    const row = user(1);
    delete row['院系/专业'];
    const errs = errorsOf(validateImportSheet(ORG_USER_IMPORT, [{ ...row, 学号: ' ', 身份类别: null }], ORG));
    expect(errs).toEqual([
      '第2行: 用户缺少学号字段的信息',
      '第2行: 用户缺少院系/专业字段的信息',
      '第2行: 用户缺少身份类别字段的信息',
    ]);
  });
  it('a blank sex is missing, not invalid, for organisation users', () => {
    expect(errorsOf(validateImportSheet(ORG_USER_IMPORT, [user(1, { 性别: '' })], ORG))).toEqual(['第2行: 用户缺少性别字段的信息']);
  });
  it('a whole missing column is reported on every row', () => {
    const rows = [user(1), user(2)].map(({ 真实姓名: _drop, ...rest }) => rest);
    expect(errorsOf(validateImportSheet(ORG_USER_IMPORT, rows, ORG))).toEqual([
      '第2行: 用户缺少真实姓名字段的信息',
      '第3行: 用户缺少真实姓名字段的信息',
    ]);
  });
  it('0 is a value, not a blank', () => {
    expect(validateImportSheet(ORG_USER_IMPORT, [user(1, { 学号: 0, 性别: 0 })], ORG).ok).toBe(true);
  });
});

describe('organisation user sex', () => {
  it.each([
    [0, 0],
    [1, 1],
    [2, 2],
    ['0', 0],
    ['1', 1],
    ['2', 2],
  ])('accepts %j as %i', (cell, sex) => {
    const r = validateImportSheet(ORG_USER_IMPORT, [user(1, { 性别: cell })], ORG);
    expect(r.ok && r.rows[0].sex).toBe(sex);
  });
  it.each([-1, 3, 1.5, '3', '-1', '男', '女', '1.0', 'x'])('rejects %j', (cell) => {
    expect(errorsOf(validateImportSheet(ORG_USER_IMPORT, [user(1, { 性别: cell })], ORG))).toEqual(['第2行: 用户性别信息填写错误']);
  });
});

describe('identity category', () => {
  it.each([1, 14, '1', '14', 7])('accepts %j', (cell) => {
    const r = validateImportSheet(ORG_USER_IMPORT, [user(1, { 身份类别: cell })], ORG);
    expect(r.ok && r.rows[0].identity).toBe(Number(cell));
  });
  it.each([0, 15, -1, 1.5, '0', '15', '2.5', '一', '学生'])('rejects %j', (cell) => {
    expect(errorsOf(validateImportSheet(ORG_USER_IMPORT, [user(1, { 身份类别: cell })], ORG))).toEqual([
      '第2行: 用户身份类别信息填写错误',
    ]);
  });
});

describe('duplicate 学号 within a file', () => {
  it('names both rows, on the later row', () => {
    const rows = [user(1), user(2), user(3), user(4, { 学号: '20210001' }), user(5, { 学号: 20210002 })];
    expect(errorsOf(validateImportSheet(ORG_USER_IMPORT, rows, ORG))).toEqual(['第5行: 学号与第2行重复', '第6行: 学号与第3行重复']);
  });
  it('compares trimmed text, so a numeric cell equals the same text', () => {
    const rows = [user(1, { 学号: 123 }), user(2, { 学号: ' 123 ' })];
    expect(errorsOf(validateImportSheet(ORG_USER_IMPORT, rows, ORG))).toEqual(['第3行: 学号与第2行重复']);
  });
  it('a third copy also points at the first row, row numbers shifted by a hint row', () => {
    const rows = [hintRow, user(1), user(2, { 学号: '20210001' }), user(3, { 学号: '20210001' })];
    expect(errorsOf(validateImportSheet(ORG_USER_IMPORT, rows, ORG))).toEqual(['第4行: 学号与第3行重复', '第5行: 学号与第3行重复']);
  });
});

describe('errors are collected across rows and fields', () => {
  it('in row order, fields in column order, nothing returned as rows', () => {
    const rows = [user(1, { 性别: 3, 身份类别: 0 }), user(2), user(3, { 真实姓名: '', 学号: '20210002' })];
    expect(validateImportSheet(ORG_USER_IMPORT, rows, ORG)).toEqual({
      ok: false,
      errors: [
        '第2行: 用户性别信息填写错误',
        '第2行: 用户身份类别信息填写错误',
        '第4行: 用户缺少真实姓名字段的信息',
        '第4行: 学号与第3行重复',
      ],
    });
  });
});

describe('student import', () => {
  it('maps a valid sheet with proper types', () => {
    const r = validateImportSheet(STUDENT_IMPORT, [student(1), student(2, { '学号（文本格式）': 20230002, 性别: '女', '入学时间（四位数字）': '2022' })], ORG);
    expect(r).toEqual({
      ok: true,
      rows: [
        { name: '学生1', account: 'S1', sex: 1, grade: 3, class: 2, enrollment_date: '2023', school_name: '第一实验小学', org_id: ORG, _row: 2 },
        { name: '学生2', account: '20230002', sex: 2, grade: 3, class: 2, enrollment_date: '2022', school_name: '第一实验小学', org_id: ORG, _row: 3 },
      ],
    });
    if (r.ok) for (const row of r.rows) expect(studentImportRowSchema.parse(row)).toEqual(row);
  });

  it.each([
    ['', 0],
    [null, 0],
    [undefined, 0],
    ['男', 1],
    ['女', 2],
    [' 女 ', 2],
    ['未知', 0],
    [0, 0],
    ['1', 1],
    [2, 2],
  ])('sex %j → %i', (cell, sex) => {
    const r = validateImportSheet(STUDENT_IMPORT, [student(1, { 性别: cell })], ORG);
    expect(r.ok && r.rows[0].sex).toBe(sex);
  });
  it('a missing sex column means unknown', () => {
    const { 性别: _drop, ...row } = student(1);
    const r = validateImportSheet(STUDENT_IMPORT, [row], ORG);
    expect(r.ok && r.rows[0].sex).toBe(0);
  });
  it.each(['男性', 'M', 'female', 3, '-1', '男女'])('sex %j is rejected with the sex message', (cell) => {
    expect(errorsOf(validateImportSheet(STUDENT_IMPORT, [student(1, { 性别: cell })], ORG))).toEqual(['第2行: 用户性别信息填写错误']);
  });

  it('name, account, grade, class, enrollment year and school name are required', () => {
    const row = { 性别: '男', 备注: 'x' };
    expect(errorsOf(validateImportSheet(STUDENT_IMPORT, [row], ORG))).toEqual([
      '第2行: 用户缺少姓名字段的信息',
      '第2行: 用户缺少学号（文本格式）字段的信息',
      '第2行: 用户缺少年级（1位数字）字段的信息',
      '第2行: 用户缺少班级（1位数字）字段的信息',
      '第2行: 用户缺少入学时间（四位数字）字段的信息',
      '第2行: 用户缺少学校名称字段的信息',
    ]);
  });

  it.each([
    ['年级（1位数字）', 0, '用户年级信息填写错误'],
    ['年级（1位数字）', 10, '用户年级信息填写错误'],
    ['年级（1位数字）', '三', '用户年级信息填写错误'],
    ['班级（1位数字）', 1.5, '用户班级信息填写错误'],
    ['班级（1位数字）', '12', '用户班级信息填写错误'],
    ['入学时间（四位数字）', 23, '用户入学时间信息填写错误'],
    ['入学时间（四位数字）', '2023-09', '用户入学时间信息填写错误'],
    ['入学时间（四位数字）', 45000.5, '用户入学时间信息填写错误'],
  ])('%s %j → %s', (header, cell, message) => {
    expect(errorsOf(validateImportSheet(STUDENT_IMPORT, [student(1, { [header]: cell })], ORG))).toEqual([`第2行: ${message}`]);
  });
  it('grade and class 1 and 9 are accepted', () => {
    const r = validateImportSheet(STUDENT_IMPORT, [student(1, { '年级（1位数字）': '1', '班级（1位数字）': 9 })], ORG);
    expect(r.ok && r.rows[0]).toMatchObject({ grade: 1, class: 9 });
  });

  describe('identity is checked only when the file has a 身份类别 column', () => {
    it('without the column any row is fine and no identity is output', () => {
      const r = validateImportSheet(STUDENT_IMPORT, [student(1)], ORG);
      expect(r.ok && 'identity' in r.rows[0]).toBe(false);
    });
    it('with the column valid values are output', () => {
      const r = validateImportSheet(STUDENT_IMPORT, [student(1, { 身份类别: 9 }), student(2, { 身份类别: '14' })], ORG);
      expect(r.ok && r.rows.map((x) => x.identity)).toEqual([9, 14]);
    });
    it('with the column out-of-range and blank values are rejected', () => {
      const rows = [student(1, { 身份类别: 0 }), student(2, { 身份类别: 15 }), student(3, { 身份类别: 1.5 }), student(4)];
      expect(errorsOf(validateImportSheet(STUDENT_IMPORT, rows, ORG))).toEqual([
        '第2行: 用户身份类别信息填写错误',
        '第3行: 用户身份类别信息填写错误',
        '第4行: 用户身份类别信息填写错误',
        '第5行: 用户身份类别信息填写错误',
      ]);
    });
  });

  it('duplicate accounts are reported as 学号', () => {
    const rows = [student(1), student(2, { '学号（文本格式）': 'S1' })];
    expect(errorsOf(validateImportSheet(STUDENT_IMPORT, rows, ORG))).toEqual(['第3行: 学号与第2行重复']);
  });
  it('the hint row of the student template is skipped', () => {
    const { headers, hintRow: hints } = importTemplate(STUDENT_IMPORT);
    const hint = Object.fromEntries(headers.map((h, i) => [h, hints[i]]));
    const r = validateImportSheet(STUDENT_IMPORT, [hint, student(1, { 性别: 'x' })], ORG);
    expect(errorsOf(r)).toEqual(['第3行: 用户性别信息填写错误']);
  });
  it('an underscore header aborts', () => {
    expect(errorsOf(validateImportSheet(STUDENT_IMPORT, [student(1, { 姓名_1: 'x' })], ORG))).toEqual([
      "本用户列表excel的'姓名'字段存在重复",
    ]);
  });
});

describe('row limit', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => user(i + 1, { 学号: `U${i + 1}` }));

  it(`validates ${IMPORT_MAX_ROWS} rows`, () => {
    const r = validateImportSheet(ORG_USER_IMPORT, many(IMPORT_MAX_ROWS), ORG);
    expect(r.ok && r.rows.length).toBe(IMPORT_MAX_ROWS);
    expect(r.ok && r.rows[IMPORT_MAX_ROWS - 1]._row).toBe(IMPORT_MAX_ROWS + 1);
  });
  it('reports every error in a large file', () => {
    const rows = many(IMPORT_MAX_ROWS);
    rows[IMPORT_MAX_ROWS - 1] = user(0, { 学号: 'U1' });
    expect(errorsOf(validateImportSheet(ORG_USER_IMPORT, rows, ORG))).toEqual([`第${IMPORT_MAX_ROWS + 1}行: 学号与第2行重复`]);
  });
  it('one row more aborts with a single message (the hint row does not count)', () => {
    expect(validateImportSheet(ORG_USER_IMPORT, [hintRow, ...many(IMPORT_MAX_ROWS)], ORG).ok).toBe(true);
    expect(errorsOf(validateImportSheet(ORG_USER_IMPORT, many(IMPORT_MAX_ROWS + 1), ORG))).toEqual(['单次最多导入50000条用户信息']);
  });
});

describe('server side: validateImportRows on API-keyed rows', () => {
  const apiUser = (n: number, over: Record<string, unknown> = {}) => ({
    academic_num: `A${n}`,
    real_name: `用户${n}`,
    sex: 1,
    department: '文学院',
    identity: 2,
    ...over,
  });

  it('gives the same rows as the sheet path (round trip)', () => {
    const sheet = validateImportSheet(ORG_USER_IMPORT, [hintRow, user(1), user(2)], ORG);
    expect(sheet.ok).toBe(true);
    if (!sheet.ok) return;
    const payload = importRowsSchema.org_user.parse(JSON.parse(JSON.stringify(sheet.rows)));
    expect(validateImportRows(ORG_USER_IMPORT, payload, ORG)).toEqual(sheet);
  });

  it('uses _row for messages', () => {
    const rows = [apiUser(1, { _row: 3 }), apiUser(2, { _row: 7, sex: 3 })];
    expect(errorsOf(validateImportRows(ORG_USER_IMPORT, rows, ORG))).toEqual(['第7行: 用户性别信息填写错误']);
  });
  it('falls back to index + 2 without a usable _row', () => {
    const rows = [apiUser(1), apiUser(2, { identity: 15, _row: 1 }), apiUser(3, { identity: 0, _row: 2.5 })];
    expect(errorsOf(validateImportRows(ORG_USER_IMPORT, rows, ORG))).toEqual([
      '第3行: 用户身份类别信息填写错误',
      '第4行: 用户身份类别信息填写错误',
    ]);
  });
  it('applies the same rules: missing fields, duplicates, hint row', () => {
    const rows = [
      { academic_num: 'x', real_name: 'x', sex: SEX_HINT, department: 'x', identity: 'x' },
      apiUser(1),
      apiUser(2, { academic_num: 'A1', department: null }),
    ];
    expect(errorsOf(validateImportRows(ORG_USER_IMPORT, rows, ORG))).toEqual([
      '第4行: 用户缺少院系/专业字段的信息',
      '第4行: 学号与第3行重复',
    ]);
  });
  it('uses the orgId argument, never the org_id sent', () => {
    const r = validateImportRows(ORG_USER_IMPORT, [apiUser(1, { org_id: 999 })], ORG);
    expect(r.ok && r.rows[0].org_id).toBe(ORG);
  });
  it('rows holding only org_id and _row are blank', () => {
    expect(errorsOf(validateImportRows(ORG_USER_IMPORT, [{ org_id: 1, _row: 2 }], ORG))).toEqual(['用户列表中没有用户信息']);
  });
  it('does not treat API keys with underscores as duplicate columns', () => {
    const r = validateImportRows(STUDENT_IMPORT, [
      { name: 'a', account: '1', sex: 2, grade: 1, class: 1, enrollment_date: '2020', school_name: 's', _row: 2 },
    ], ORG);
    expect(r).toEqual({
      ok: true,
      rows: [{ name: 'a', account: '1', sex: 2, grade: 1, class: 1, enrollment_date: '2020', school_name: 's', org_id: ORG, _row: 2 }],
    });
  });
  it('student identity is checked only when sent', () => {
    const base = { name: 'a', account: '1', grade: 1, class: 1, enrollment_date: '2020', school_name: 's' };
    expect(validateImportRows(STUDENT_IMPORT, [base], ORG).ok).toBe(true);
    expect(errorsOf(validateImportRows(STUDENT_IMPORT, [{ ...base, identity: 15 }], ORG))).toEqual(['第2行: 用户身份类别信息填写错误']);
  });
});

describe('importRowsSchema (payload shape)', () => {
  it('accepts cells as string, number or null and strips unknown keys', () => {
    const parsed = importRowsSchema.org_user.parse([{ academic_num: 1, real_name: null, sex: '1', extra: 'x', _row: 2 }]);
    expect(parsed).toEqual([{ academic_num: 1, real_name: null, sex: '1', _row: 2 }]);
  });
  it('rejects objects as cells, non-array bodies and bad _row', () => {
    expect(importRowsSchema.org_user.safeParse([{ academic_num: { a: 1 } }]).success).toBe(false);
    expect(importRowsSchema.student.safeParse({ name: 'a' }).success).toBe(false);
    expect(importRowsSchema.student.safeParse([{ name: 'a', _row: 0 }]).success).toBe(false);
  });
  it(`rejects more than ${IMPORT_MAX_ROWS} rows`, () => {
    expect(importRowsSchema.org_user.safeParse(Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => ({}))).success).toBe(false);
  });
  it('is available per kind id', () => {
    expect(Object.keys(importRowsSchema).sort()).toEqual(Object.keys(IMPORT_KINDS).sort());
    expect(IMPORT_KINDS.org_user).toBe(ORG_USER_IMPORT);
    expect(IMPORT_KINDS.student).toBe(STUDENT_IMPORT);
  });
});

describe('importTemplate', () => {
  it('organisation users', () => {
    const t = importTemplate(ORG_USER_IMPORT);
    expect(t.headers).toEqual(['学号', '真实姓名', '性别', '院系/专业', '身份类别']);
    expect(t.hintRow[2]).toBe('0-未知 1-男 2-女');
    expect(t.hintRow).toHaveLength(5);
    for (const h of t.hintRow) expect(h).not.toBe('');
  });
  it('students (no 身份类别 column)', () => {
    const t = importTemplate(STUDENT_IMPORT);
    expect(t.headers).toEqual(['姓名', '学号（文本格式）', '性别', '年级（1位数字）', '班级（1位数字）', '入学时间（四位数字）', '学校名称']);
    expect(t.hintRow[t.headers.indexOf('性别')]).toBe(SEX_HINT);
    expect(t.hintRow).toHaveLength(7);
  });
  it('no template header contains an underscore (it would abort its own import)', () => {
    for (const k of [ORG_USER_IMPORT, STUDENT_IMPORT]) for (const h of importTemplate(k).headers) expect(h).not.toContain('_');
  });
});

describe('isSpreadsheetFile', () => {
  it.each(['users.xlsx', 'users.xls', 'USERS.XLSX', 'a.b.Xls', '用户列表.xlsx', ' x.xlsx '])('accepts %j', (n) => {
    expect(isSpreadsheetFile(n)).toBe(true);
  });
  it.each(['users.csv', 'users.xlsm', 'users.xlsx.exe', 'xlsx', 'users', 'users.', 'users.xlsx/', ''])('rejects %j', (n) => {
    expect(isSpreadsheetFile(n)).toBe(false);
  });
});

describe('excelSafeCell', () => {
  it.each(['=SUM(A1)', '+1', '-1', '@cmd', '\tx', '\rx'])('prefixes %j with an apostrophe', (v) => {
    expect(excelSafeCell(v)).toBe(`'${v}`);
  });
  it.each(['张三', 'a=b', '', ' =x', "'=x"])('keeps %j', (v) => {
    expect(excelSafeCell(v)).toBe(v);
  });
  it('keeps non-strings, including negative numbers', () => {
    expect(excelSafeCell(-5)).toBe(-5);
    expect(excelSafeCell(null)).toBeNull();
    expect(excelSafeCell(undefined)).toBeUndefined();
  });
});

describe('helperPageCell', () => {
  it('replaces double quotes with single quotes', () => {
    expect(helperPageCell('他说"你好"')).toBe("他说'你好'");
  });
  it('replaces every kind of line break with one space', () => {
    expect(helperPageCell('a\r\nb\nc\rd')).toBe('a b c d');
    expect(helperPageCell('a\n\nb')).toBe('a  b');
  });
  it('keeps other values', () => {
    expect(helperPageCell('plain')).toBe('plain');
    expect(helperPageCell(12)).toBe(12);
    expect(helperPageCell(null)).toBeNull();
  });
});
