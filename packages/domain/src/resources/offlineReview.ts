import { z } from 'zod';
import { IMAGE_EXTS, UPLOAD_RULES } from '../rules/uploads.js';
import { flagSchema } from '../rules/ruleSchemas.js';
import { idRef, plainText } from './fields.js';

/**
 * Review materials (活动回顾, spec §7 "Review", design §7b) of an offline activity or one of its
 * sessions, under `/v1/{org}/review/{act}`: a summary, images, videos (the resumable video upload,
 * code 0 while converting), links and files, each shown or hidden. The bodies the server checks
 * and the dialog sends.
 */

/** The kinds of material: the path's name (`GET …/files`) → the stored kind. */
export const REVIEW_KINDS = { summary: 'summary', image: 'image', video: 'video', link: 'link', files: 'file' } as const;
export type ReviewPath = keyof typeof REVIEW_KINDS;
export type ReviewKind = (typeof REVIEW_KINDS)[ReviewPath];
export const REVIEW_KIND_LABELS: Record<ReviewKind, string> = { summary: '活动总结', image: '图片', video: '视频', link: '链接', file: '文件' };

/** At most this many of a kind per session (or per activity), and the largest upload. */
export const REVIEW_LIMITS = {
  image: { count: 50, maxMB: 10 },
  file: { count: 20, maxMB: 50 },
  video: { count: 10 },
  link: { count: 50 },
  summaryChars: 50_000,
} as const;
/** What uploadImage and uploadFiles accept (by the bytes). */
export const REVIEW_UPLOADS = {
  image: { exts: IMAGE_EXTS, noun: '图片', maxMB: REVIEW_LIMITS.image.maxMB, kind: 'reviewImage' },
  file: { exts: UPLOAD_RULES.public.exts, noun: '文件', maxMB: REVIEW_LIMITS.file.maxMB, kind: 'reviewFile' },
} as const;

export const reviewCountMessage = (kind: ReviewKind, max: number): string => `${REVIEW_KIND_LABELS[kind]}最多${max}个`;
export const REVIEW_SESSION_MISSING = '场次不存在';
export const REVIEW_FILE_MISSING = '文件不存在或不是本活动回顾上传的文件';
export const REVIEW_VIDEO_FAILED = '视频转码失败，请重新上传';

/** `?session_id=`: one session's materials; without it, the activity's own. */
export const reviewQuery = z.object({ session_id: z.coerce.number({ error: '场次不正确' }).int('场次不正确').positive('场次不正确').optional(), reflesh: z.unknown().optional() });

const session = { session_id: idRef('场次').nullable().optional(), is_show: flagSchema('是否展示').optional() };
const title = (max = 100) => plainText('标题').trim().max(max, `标题不能超过${max}个字符`);
const linkUrl = plainText('链接地址', '请填写链接地址').trim().min(1, '请填写链接地址').max(500, '链接地址不能超过500个字符').regex(/^https?:\/\/[^\s]+$/, '链接地址必须以http://或https://开头');
const fileIds = (kind: 'image' | 'file') =>
  z.array(idRef('文件'), { error: `请上传${REVIEW_KIND_LABELS[kind]}` }).min(1, `请上传${REVIEW_KIND_LABELS[kind]}`).max(REVIEW_LIMITS[kind].count, reviewCountMessage(kind, REVIEW_LIMITS[kind].count));

/** The summary's `content` is rich text (HTML): the server keeps it sanitised to an allow-list (no script, no on* attribute, no javascript: address). */
export const reviewSummaryBody = z.object({
  ...session,
  content: plainText('活动总结', '请填写活动总结').trim().min(1, '请填写活动总结').max(REVIEW_LIMITS.summaryChars, `活动总结不能超过${REVIEW_LIMITS.summaryChars}个字符`),
});
export const reviewLinkBody = z.object({ ...session, title: title().min(1, '请填写标题'), url: linkUrl });
export const reviewImageBody = z.object({ ...session, file_ids: fileIds('image') });
export const reviewFilesBody = z.object({ ...session, file_ids: fileIds('file') });
export const reviewVideoBody = z.object({ ...session, videoId: z.string({ error: '请上传视频' }).regex(/^[a-f0-9]{24}$/, '视频标识不正确'), title: title().optional() });
/** `updateFiles/{id}`: a material's title, shown or hidden, and a summary's text or a link's address. */
export const reviewUpdateBody = z
  .object({ title: title().optional(), is_show: flagSchema('是否展示').optional(), content: reviewSummaryBody.shape.content.optional(), url: linkUrl.optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: '请填写要修改的内容', path: ['title'] });
export const reviewDeleteBody = z.object({ ids: z.array(idRef('回顾资料'), { error: '请选择回顾资料' }).min(1, '请选择回顾资料').max(200, '一次最多删除200个') });

/** A material as the GETs answer it; a video carries its upload's status (`done` when it plays). */
export interface ReviewItem {
  id: number;
  act_id: number;
  session_id: number | null;
  kind: ReviewKind;
  title: string;
  content: string;
  url: string;
  size: number;
  is_show: 0 | 1;
  sort: number;
  created_at: number;
  videoId?: string | null;
  status?: string;
  cover?: string | null;
}
