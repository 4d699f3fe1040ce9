import { chinaClock } from './chinaTime.js';

/**
 * Static kinds the activity forms offer (spec §7 `/creationTypes`, `/v1/creation/type`,
 * `/v1/contest/type`) and the platform's publishing window (`/v1/OperateTime`).
 */

export interface KindOption<V extends string | number = string | number> {
  value: V;
  label: string;
}

/** `GET /v1/{org}/activityTypes`: every type of spec §1, enabled when the organisation is authorised for it. */
export interface ActivityTypeOption extends KindOption<number> {
  enabled: boolean;
}

/** The media a creation (a reader's work) is made of (design §2: text|image|audio|video|file|link). */
export const CREATION_TYPES: readonly KindOption<string>[] = [
  { value: 'text', label: '文字' },
  { value: 'image', label: '图片' },
  { value: 'audio', label: '音频' },
  { value: 'video', label: '视频' },
  { value: 'file', label: '文档' },
  { value: 'link', label: '链接' },
];

/** Knowledge contest kinds: the activity types of spec §1 they are (3 single round, 6 advanced). */
export const CONTEST_TYPES: readonly KindOption<number>[] = [
  { value: 3, label: '单轮' },
  { value: 6, label: '进阶' },
];

/**
 * The daily window (China Standard Time, `HH:MM`, from inclusive, to exclusive) in which
 * organisations may publish activities; both blank = at any time.
 */
export interface OperateTime {
  from: string;
  to: string;
}

export const NO_OPERATE_TIME: OperateTime = { from: '', to: '' };

export const outsideOperateTime = (w: OperateTime) => `不在平台允许的发布时段（${w.from}-${w.to}）`;

/** Why publishing at `nowSeconds` is refused by the platform's window, or null. */
export function operateTimeRefusal(w: OperateTime, nowSeconds: number): string | null {
  if (!w.from || !w.to) return null;
  const clock = chinaClock(nowSeconds);
  return clock >= w.from && clock < w.to ? null : outsideOperateTime(w);
}
