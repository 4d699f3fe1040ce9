import { describe, expect, it } from 'vitest';
import {
  certConfigSchema,
  certExpiresAt,
  certFieldValues,
  CERT_FIELDS,
  certificateGrant,
  certNumber,
  certPatternProblem,
  certStatus,
  certTemplateSchema,
  maskName,
  normalizeVerifyCode,
  templateKindProblem,
  VERIFY_CODE_ALPHABET,
  verifyCodeFromBytes,
  WORK_STATUS_KEYS,
  type WorkStatus,
} from '../src/index.js';

const cst = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => Date.UTC(y, mo - 1, d, h - 8, mi, s) / 1000;

describe('templates', () => {
  it('A4 landscape by default; field keys of design §12', () => {
    const t = certTemplateSchema.parse({ name: '获奖证书', kind: 'award', elements: [{ type: 'field', field_key: 'real_name', x_mm: 148, y_mm: 100 }] });
    expect(t).toMatchObject({ width_mm: 297, height_mm: 210 });
    expect(t.elements[0]).toMatchObject({ font: 'sans', size_pt: 16, color: '#000000', align: 'center' });
    expect(Object.keys(CERT_FIELDS)).toEqual(expect.arrayContaining(['real_name', 'unit_name', 'act_title', 'award_level', 'score', 'rank', 'days', 'hours', 'issue_date', 'cert_no', 'org_name', 'instructor_name']));
  });
  it('each element has what its type needs and lies on the page', () => {
    const msgs = (elements: object[]) =>
      certTemplateSchema.safeParse({ name: 't', kind: 'award', elements }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(msgs([{ type: 'field', x_mm: 1, y_mm: 1 }])).toEqual(['elements.0.field_key: 请选择字段']);
    expect(msgs([{ type: 'text', x_mm: 1, y_mm: 1 }])).toEqual(['elements.0.text: 请输入文字']);
    expect(msgs([{ type: 'seal', x_mm: 1, y_mm: 1 }])).toEqual(['elements.0.image: 请上传图片']);
    expect(msgs([{ type: 'qrcode', x_mm: 297, y_mm: 210 }])).toEqual([]);
    expect(msgs([{ type: 'qrcode', x_mm: 297.5, y_mm: 210 }])).toEqual(['elements.0.x_mm: 横坐标超出页面']);
    expect(msgs([{ type: 'date', x_mm: 1, y_mm: 211 }])).toEqual(['elements.0.y_mm: 纵坐标超出页面']);
    expect(msgs([{ type: 'field', field_key: 'password', x_mm: 1, y_mm: 1 }])).toEqual(['elements.0.field_key: 请选择有效的字段']);
    expect(msgs([{ type: 'text', text: 'x', color: 'red', x_mm: 1, y_mm: 1 }])).toEqual(['elements.0.color: 颜色必须是#RRGGBB']);
  });
});

describe('an activity’s certificate configuration', () => {
  it('manual by default; automatic needs a rule', () => {
    expect(certConfigSchema.parse({ template_id: 3 })).toEqual({ template_id: 3, issue_mode: 'manual', auto_rule: null, cert_no_pattern: '{ORG}{YYYY}{ACT}{SEQ6}', expires_months: 0, notify: 1 });
    expect(certConfigSchema.safeParse({ template_id: 3, issue_mode: 'auto' }).error?.issues[0]).toMatchObject({ path: ['auto_rule'], message: '自动发放需设置发放条件' });
    expect(certConfigSchema.parse({ template_id: 3, issue_mode: 'auto', auto_rule: { kind: 'award_level' } }).auto_rule).toEqual({ kind: 'award_level', levels: [] });
  });
  it('number patterns: known tokens, plain literals, exactly one sequence', () => {
    expect(certPatternProblem('{ORG}{YYYY}{ACT}{SEQ6}')).toBeNull();
    expect(certPatternProblem('HD-{YYYY}-{SEQ5}')).toBeNull();
    expect(certPatternProblem('{ORG}{FOO}{SEQ6}')).toBe('证书编号规则只能使用{ORG}、{YYYY}、{ACT}、{SEQ1}至{SEQ9}');
    expect(certPatternProblem('A B{SEQ3}')).toBe('证书编号规则的固定部分只能包含字母、数字和-');
    expect(certPatternProblem('{ORG}{YYYY}')).toBe('证书编号规则必须包含一个序号{SEQn}');
    expect(certPatternProblem('{SEQ2}{SEQ3}')).toBe('证书编号规则必须包含一个序号{SEQn}');
    expect(certConfigSchema.safeParse({ template_id: 1, cert_no_pattern: '{SEQ0}' }).success).toBe(false);
  });
  it('a rule prints on a template of its kind', () => {
    expect(templateKindProblem({ kind: 'award_level', levels: [] }, 'award')).toBeNull();
    expect(templateKindProblem({ kind: 'work_approved', levels: [] }, 'award')).toBe('“作品审核通过”需使用参与证书模板');
    expect(templateKindProblem(null, 'award')).toBeNull();
  });
});

describe('who gets a certificate', () => {
  it('participation: every work that passed the first review, whatever came after (but disqualification)', () => {
    const passed = ['approved', 'shortlisted', 'reviewed', 'awarded', 'not_awarded'];
    for (const status of WORK_STATUS_KEYS) {
      const grant = certificateGrant({ kind: 'work_approved', levels: [] }, { status, award_level: null });
      expect(grant).toEqual(passed.includes(status) ? { kind: 'participation', award_level: '' } : null);
    }
  });
  it('award: awarded works, of the listed levels or any', () => {
    const any = { kind: 'award_level' as const, levels: [] };
    const firstTwo = { kind: 'award_level' as const, levels: ['一等奖', '二等奖'] };
    expect(certificateGrant(any, { status: 'awarded', award_level: '优秀奖' })).toEqual({ kind: 'award', award_level: '优秀奖' });
    expect(certificateGrant(firstTwo, { status: 'awarded', award_level: '二等奖' })).toEqual({ kind: 'award', award_level: '二等奖' });
    expect(certificateGrant(firstTwo, { status: 'awarded', award_level: '三等奖' })).toBeNull();
    for (const status of ['reviewed', 'not_awarded', 'disqualified'] as WorkStatus[]) expect(certificateGrant(any, { status, award_level: '一等奖' })).toBeNull();
  });
});

describe('numbers, codes and the public page', () => {
  it('the number fills the pattern; the year is China’s at issue', () => {
    const issued = Date.UTC(2024, 11, 31, 16, 30) / 1000; // 2025-01-01 00:30 in China
    expect(certNumber('{ORG}{YYYY}{ACT}{SEQ6}', { org: 'szlib', act_id: 12, issued_at: issued, seq: 42 })).toBe('SZLIB202512000042');
    expect(certNumber('HD-{SEQ3}', { org: 'x', act_id: 1, issued_at: issued, seq: 12345 })).toBe('HD-12345');
  });
  it('verification codes: 12 characters of a 32-letter alphabet without 0, O, 1, I', () => {
    expect(VERIFY_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(VERIFY_CODE_ALPHABET).size).toBe(32);
    expect(VERIFY_CODE_ALPHABET).not.toMatch(/[0O1I]/);
    expect(verifyCodeFromBytes(new Uint8Array(8))).toBe('AAAAAAAAAAAA');
    expect(verifyCodeFromBytes(new Uint8Array(8).fill(255))).toBe('999999999999');
    expect(verifyCodeFromBytes(Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 1]))).toBe('BAAAAAAAAAAA');
    expect(() => verifyCodeFromBytes(new Uint8Array(7))).toThrow(RangeError);
    for (let i = 0; i < 50; i++) {
      const bytes = Uint8Array.from({ length: 8 }, (_, j) => (i * 37 + j * 101) % 256);
      const code = verifyCodeFromBytes(bytes);
      expect(normalizeVerifyCode(code)).toBe(code);
    }
  });
  it('a typed code is forgiven case, spaces and hyphens, nothing else', () => {
    expect(normalizeVerifyCode('abcd-efgh jkmn')).toBe('ABCDEFGHJKMN');
    expect(normalizeVerifyCode('ABCDEFGHJKM0')).toBeNull();
    expect(normalizeVerifyCode('ABCDEFGHJKMO')).toBeNull();
    expect(normalizeVerifyCode('ABCDEFGHJKM1')).toBeNull();
    expect(normalizeVerifyCode('ABCDEFGHJKMI')).toBeNull();
    expect(normalizeVerifyCode('ABCDEFGHJKM')).toBeNull();
    expect(normalizeVerifyCode('ABCDEFGHJKMNP')).toBeNull();
  });
  it('the holder is masked', () => {
    expect(maskName('张三明')).toBe('张*明');
    expect(maskName('李四')).toBe('李*');
    expect(maskName('欧阳娜娜')).toBe('欧**娜');
    expect(maskName('王')).toBe('*');
    expect(maskName(' ')).toBe('');
  });
  it('status: revoked wins, expired from the expiry moment', () => {
    const issued = cst(2024, 1, 31, 10);
    const expires = certExpiresAt(issued, 12)!;
    expect(expires).toBe(cst(2025, 1, 31, 10));
    expect(certExpiresAt(issued, 0)).toBeNull();
    expect(certStatus({ issued_at: issued, revoked_at: null, expires_at: expires }, expires - 1)).toBe('valid');
    expect(certStatus({ issued_at: issued, revoked_at: null, expires_at: expires }, expires)).toBe('expired');
    expect(certStatus({ issued_at: issued, revoked_at: issued + 5, expires_at: expires }, expires + 10)).toBe('revoked');
    expect(certStatus({ issued_at: issued, revoked_at: null, expires_at: null }, 4e9)).toBe('valid');
  });
  it('the printed fields: every key, the date in Chinese, blanks for unknown', () => {
    const v = certFieldValues({ real_name: '张小明', award_level: '一等奖', score: 83.5, rank: 1, issued_at: cst(2024, 6, 1, 9) });
    expect(Object.keys(v).sort()).toEqual(Object.keys(CERT_FIELDS).sort());
    expect(v).toMatchObject({ real_name: '张小明', award_level: '一等奖', score: '83.5', rank: '1', issue_date: '2024年6月1日', unit_name: '', cert_no: '' });
  });
});
