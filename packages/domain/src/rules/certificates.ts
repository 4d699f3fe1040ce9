import { z } from 'zod';
import { fileUrl, idRef, plainText, requiredText } from '../resources/fields.js';
import { addChinaMonths, chinaDateText, chinaYear } from './chinaTime.js';
import { choiceOf, flagSchema, wholeNumber } from './ruleSchemas.js';
import { PASSED_STATUSES, type WorkStatus } from './workStates.js';

/**
 * Certificates (design §12): templates and their field keys, an activity's certificate
 * configuration (`/cert/{id}/config`), the rule that decides who gets one, certificate numbers by
 * pattern, verification codes, the masked holder and the status shown on the public page.
 */

export const CERT_KINDS = { participation: '参与证书', award: '获奖证书', instructor: '指导教师证书', organization: '组织单位证书', completion: '结业证书' } as const;
export type CertKind = keyof typeof CERT_KINDS;

/** The values a `field` element prints (the snapshot stored with each certificate). */
export const CERT_FIELDS = {
  real_name: '姓名',
  unit_name: '单位',
  act_title: '活动名称',
  award_level: '获奖等级',
  score: '成绩',
  rank: '名次',
  days: '天数',
  hours: '学时',
  issue_date: '颁发日期',
  cert_no: '证书编号',
  org_name: '颁发机构',
  instructor_name: '指导教师',
  work_title: '作品名称',
} as const;
export type CertFieldKey = keyof typeof CERT_FIELDS;
const CERT_FIELD_KEYS = Object.keys(CERT_FIELDS) as [CertFieldKey, ...CertFieldKey[]];

export const CERT_ELEMENT_TYPES = { text: '文字', field: '字段', image: '图片', qrcode: '验证二维码', seal: '印章', date: '日期' } as const;
export type CertElementType = keyof typeof CERT_ELEMENT_TYPES;

const mm = (label: string, max: number) => z.number({ error: `${label}必须是数字` }).min(0, `${label}不能小于0`).max(max, `${label}不能超过${max}`);

const elementSchema = z.object(
  {
    type: choiceOf('元素类型', Object.keys(CERT_ELEMENT_TYPES) as [CertElementType, ...CertElementType[]]),
    field_key: choiceOf('字段', CERT_FIELD_KEYS).optional(),
    text: plainText('文字').trim().max(200, '文字不能超过200个字符').optional(),
    image: fileUrl('图片'),
    font: choiceOf('字体', ['sans', 'serif', 'kai']).default('sans'),
    size_pt: wholeNumber('字号', 6, 200).default(16),
    color: plainText('颜色').regex(/^#[0-9A-Fa-f]{6}$/, '颜色必须是#RRGGBB').default('#000000'),
    x_mm: mm('横坐标', 1000),
    y_mm: mm('纵坐标', 1000),
    width_mm: mm('宽度', 1000).optional(),
    align: choiceOf('对齐方式', ['left', 'center', 'right']).default('center'),
  },
  { error: '元素不正确' },
);
export type CertElement = z.output<typeof elementSchema>;

/** A template (design §12b): page in millimetres (A4 landscape by default) and positioned elements. */
export const certTemplateSchema = z
  .object({
    name: requiredText('模板名称', 50),
    kind: choiceOf('证书类型', Object.keys(CERT_KINDS) as [CertKind, ...CertKind[]]),
    bg_image: fileUrl('背景图'),
    width_mm: wholeNumber('页面宽度', 50, 1000).default(297),
    height_mm: wholeNumber('页面高度', 50, 1000).default(210),
    elements: z.array(elementSchema, { error: '元素不正确' }).max(50, '元素最多50个').default([]),
  })
  .superRefine((t, ctx) => {
    t.elements.forEach((e, i) => {
      const at = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: ['elements', i, field], message });
      if (e.type === 'field' && !e.field_key) at('field_key', '请选择字段');
      if (e.type === 'text' && !e.text) at('text', '请输入文字');
      if ((e.type === 'image' || e.type === 'seal') && !e.image) at('image', '请上传图片');
      if (e.x_mm > t.width_mm) at('x_mm', '横坐标超出页面');
      if (e.y_mm > t.height_mm) at('y_mm', '纵坐标超出页面');
    });
  });
export type CertTemplate = z.output<typeof certTemplateSchema>;

// ---------------------------------------------------------------- who gets one

/**
 * Automatic issue rules of works (types 1, 9): every work that passed the first review
 * (participation), or every awarded work, of the given levels or of any level (award). The
 * other kinds' rules (contest pass, attendance, check-in, lecture) arrive with their issues.
 */
export const CERT_RULES = { work_approved: '作品审核通过', award_level: '作品获奖', lecture_complete: '完成讲座学习' } as const;
export type CertRuleKind = keyof typeof CERT_RULES;
/** The template kind a rule issues. */
export const CERT_RULE_KIND: Readonly<Record<CertRuleKind, CertKind>> = { work_approved: 'participation', award_level: 'award', lecture_complete: 'completion' };
/** The activity types a rule serves: the works activities' rules, the lecture's completion (type 19). */
export const CERT_RULE_TYPES: Readonly<Record<CertRuleKind, readonly number[]>> = { work_approved: [1, 9], award_level: [1, 9], lecture_complete: [19] };
/** The rules an activity of this type may issue by (none: it has no certificates). */
export const certRulesOf = (type: number): CertRuleKind[] => (Object.keys(CERT_RULE_TYPES) as CertRuleKind[]).filter((k) => CERT_RULE_TYPES[k].includes(type));
/**
 * The runner's job kind of a completion that may earn a certificate (`{ act_id, reader_id }`):
 * queued by the kind whose reader completed (the lecture's completion, in its transaction, keyed
 * per activity and reader), run by the certificates kind (issued once by the activity's rule).
 */
export const CERT_COMPLETION_JOB = 'cert.completion';

export const DEFAULT_CERT_NO_PATTERN = '{ORG}{YYYY}{ACT}{SEQ6}';
const PATTERN_TOKEN = /\{(ORG|YYYY|ACT|SEQ[1-9])\}/g;

/** Why a certificate number pattern is refused, or null: literal A–Z, 0–9, `-`; exactly one {SEQn}. */
export function certPatternProblem(pattern: string): string | null {
  const literal = pattern.replace(PATTERN_TOKEN, '');
  if (/[{}]/.test(literal)) return '证书编号规则只能使用{ORG}、{YYYY}、{ACT}、{SEQ1}至{SEQ9}';
  if (!/^[A-Za-z0-9-]*$/.test(literal)) return '证书编号规则的固定部分只能包含字母、数字和-';
  const seqs = pattern.match(/\{SEQ[1-9]\}/g) ?? [];
  if (seqs.length !== 1) return '证书编号规则必须包含一个序号{SEQn}';
  return null;
}

export const certConfigSchema = z
  .object({
    template_id: idRef('证书模板'),
    issue_mode: choiceOf('发放方式', ['manual', 'auto']).default('manual'),
    auto_rule: z
      .object(
        {
          kind: choiceOf('发放条件', Object.keys(CERT_RULES) as [CertRuleKind, ...CertRuleKind[]]),
          /** `award_level`: the levels certified; empty = every level. */
          levels: z.array(requiredText('获奖等级', 20), { error: '获奖等级不正确' }).max(10).default([]),
        },
        { error: '发放条件不正确' },
      )
      .nullable()
      .default(null),
    cert_no_pattern: plainText('证书编号规则')
      .trim()
      .max(40, '证书编号规则不能超过40个字符')
      .default(DEFAULT_CERT_NO_PATTERN)
      .superRefine((v, ctx) => {
        const p = certPatternProblem(v);
        if (p) ctx.addIssue({ code: 'custom', message: p });
      }),
    /** 0: never expires. */
    expires_months: wholeNumber('有效期（月）', 0, 120).default(0),
    notify: flagSchema('发放通知').default(1),
  })
  .superRefine((v, ctx) => {
    if (v.issue_mode === 'auto' && !v.auto_rule) ctx.addIssue({ code: 'custom', path: ['auto_rule'], message: '自动发放需设置发放条件' });
  });
export type CertConfig = z.output<typeof certConfigSchema>;

/** The template must be of the kind the rule issues (a participation rule prints on a participation template). */
export function templateKindProblem(rule: CertConfig['auto_rule'], templateKind: CertKind): string | null {
  if (!rule || CERT_RULE_KIND[rule.kind] === templateKind) return null;
  return `“${CERT_RULES[rule.kind]}”需使用${CERT_KINDS[CERT_RULE_KIND[rule.kind]]}模板`;
}

/** What a rule grants for a work: the kind and level of the certificate (unique per config, holder, kind, level), or null. */
export function certificateGrant(rule: NonNullable<CertConfig['auto_rule']>, work: { status: WorkStatus; award_level: string | null }): { kind: CertKind; award_level: string } | null {
  if (rule.kind === 'lecture_complete') return null;
  if (rule.kind === 'work_approved') return PASSED_STATUSES.includes(work.status) ? { kind: 'participation', award_level: '' } : null;
  if (work.status !== 'awarded' || !work.award_level) return null;
  return rule.levels.length === 0 || rule.levels.includes(work.award_level) ? { kind: 'award', award_level: work.award_level } : null;
}

// ---------------------------------------------------------------- numbers, codes, verification

/**
 * A certificate number from the pattern: {ORG} the organisation key in capitals, {YYYY} the issue
 * year (China time), {ACT} the activity id, {SEQn} the organisation's certificate sequence padded
 * to n digits (longer when it outgrows them) — unique in the organisation whatever the pattern.
 */
export function certNumber(pattern: string, v: { org: string; act_id: number; issued_at: number; seq: number }): string {
  return pattern.replace(PATTERN_TOKEN, (_, token: string) => {
    if (token === 'ORG') return v.org.toUpperCase();
    if (token === 'YYYY') return String(chinaYear(v.issued_at));
    if (token === 'ACT') return String(v.act_id);
    return String(v.seq).padStart(Number(token.slice(3)), '0');
  });
}

/** Base32 without 0, O, 1 and I (design §12b), 12 characters = 60 random bits. */
export const VERIFY_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const VERIFY_CODE_LENGTH = 12;
const VERIFY_CODE = /^[A-HJ-NP-Z2-9]{12}$/;

/** A verification code from at least 8 random bytes (the server passes `crypto.randomBytes(8)`). */
export function verifyCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 8) throw new RangeError('verifyCodeFromBytes needs 8 bytes');
  let bits = 0n;
  for (let i = 0; i < 8; i++) bits = (bits << 8n) | BigInt(bytes[i]);
  let out = '';
  for (let i = 0; i < VERIFY_CODE_LENGTH; i++) out += VERIFY_CODE_ALPHABET[Number((bits >> BigInt(5 * i)) & 31n)];
  return out;
}

/** A code as typed (lower case, spaces, hyphens) in canonical form, or null when it cannot be one. */
export function normalizeVerifyCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  return VERIFY_CODE.test(code) ? code : null;
}

/** The holder on the public page: 张*明, 李*, 欧**娜; one character stays hidden entirely. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.length ? '*' : '';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

export const CERT_STATUS = { valid: '有效', revoked: '已撤销', expired: '已过期' } as const;
export type CertStatus = keyof typeof CERT_STATUS;

/** When a certificate expires (null: never): `expires_months` calendar months after issue, China time. */
export const certExpiresAt = (issuedAt: number, expiresMonths: number): number | null => (expiresMonths > 0 ? addChinaMonths(issuedAt, expiresMonths) : null);

/** Revoked wins over expired; expired from the expiry moment on. */
export function certStatus(cert: { issued_at: number; revoked_at: number | null; expires_at: number | null }, now: number): CertStatus {
  if (cert.revoked_at !== null) return 'revoked';
  if (cert.expires_at !== null && now >= cert.expires_at) return 'expired';
  return 'valid';
}

/** The field values printed on a certificate and kept as its snapshot (numbers as text, the date in Chinese). */
export function certFieldValues(v: Partial<Record<Exclude<CertFieldKey, 'issue_date'>, string | number | null>> & { issued_at: number }): Record<CertFieldKey, string> {
  const out = {} as Record<CertFieldKey, string>;
  for (const key of CERT_FIELD_KEYS) {
    if (key === 'issue_date') out[key] = chinaDateText(v.issued_at);
    else {
      const x = v[key];
      out[key] = x === null || x === undefined ? '' : String(x);
    }
  }
  return out;
}
