import { z } from 'zod';
import { digitsText, MAX_INT, plainText } from './resources/fields.js';

/** Every response body (spec §3 "Response envelope"). */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export interface ListMeta {
  totalCount: number;
  pageCount: number;
  currentPage: number;
  perPage: number;
  /** Present when the count stopped at its cap: totalCount is a lower bound (shown as "10000+"). */
  totalCapped?: true;
}

export interface ListLinks {
  self: { href: string };
  first?: { href: string };
  prev?: { href: string };
  next?: { href: string };
  last?: { href: string };
}

/** List response (spec §3). */
export interface ListData<T> {
  items: T[];
  _links: ListLinks;
  _meta: ListMeta;
}

const pageSize = digitsText('每页条数必须是整数').pipe(z.number().min(1, '每页条数必须大于等于1').max(100, '每页条数不能超过100'));

/** Pagination query: `page` from 1, `page_size` (or `per-page`) 1..100, default 10. `reflesh` is accepted and ignored. */
export const pageQuerySchema = z
  .object({
    page: digitsText('页码必须是整数').pipe(z.number().min(1, '页码必须大于等于1').max(MAX_INT, '页码超出范围')).optional(),
    page_size: pageSize.optional(),
    'per-page': pageSize.optional(),
    keyword: plainText('关键词').max(100, '关键词不能超过100个字符').optional(),
    sort: plainText('排序').max(64, '排序不能超过64个字符').optional(),
    reflesh: z.unknown().optional(),
  })
  .passthrough();

export type PageQuery = z.infer<typeof pageQuerySchema>;

export const captchaResponseSchema = z.object({ key: z.string(), image: z.string() });
export type CaptchaResponse = z.infer<typeof captchaResponseSchema>;

export const loginBodySchema = z.object({
  account: plainText('账号', '请输入账号').trim().min(1, '请输入账号').max(64, '账号不能超过64个字符'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码不能超过128个字符'),
  key: plainText('验证码标识', '请获取验证码').max(64, '请获取验证码').optional().default(''),
  code: plainText('验证码', '请输入验证码').max(16, '验证码错误或已过期').optional().default(''),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export interface LoginResult {
  access_token: string;
  /** Absolute expiry, milliseconds since epoch. */
  endTime: number;
  expires_in: number;
}

export interface SelfInfo {
  id: number;
  account: string;
  real_name: string;
  scope: string;
  /** `super` for platform administrators; otherwise the manager type (`admin` = organisation administrator). */
  type: string;
  org_id: number | null;
  org_name: string | null;
}

export interface OrgInfo {
  id: number;
  key: string;
  name: string;
  type_id: number | null;
  org_group: string | null;
  logo: string | null;
}

export interface IndexFigure {
  key: string;
  title: string;
  value: number;
}
