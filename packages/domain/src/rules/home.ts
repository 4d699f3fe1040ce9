import { z } from 'zod';
import { requestIdSchema } from '../client.js';
import { plainText } from '../resources/fields.js';

/**
 * The organisation's reader home (issue 25 "The organisation's home and content settings", spec §2
 * adminIndexConfig, adminReadingShow, adminRule; §7 indexConfig, yuedu/{org}/chooseList and choose;
 * §9 the default audio title and artist): its modules, what each shows, the reading show's items,
 * the rules text, and the audiobooks' listening.
 */

// The module kinds and styles live apart, without zod, for the reader app's first load (src/h5/HomePage.tsx).
import { HOME_MODULE } from './homeKinds.js';
export { HOME_MODULE, HOME_MODULE_KINDS, HOME_STYLES } from './homeKinds.js';

/**
 * Where a module's albums come from: an activity module's are activity groups (actcate), a
 * digital or audiobook module's are digital resource groups; the other kinds have none.
 */
export type AlbumSource = 'activityGroups' | 'digitalGroups';
export function albumSourceOf(kind: number): AlbumSource | null {
  if (kind === HOME_MODULE.activities) return 'activityGroups';
  if (kind === HOME_MODULE.digital || kind === HOME_MODULE.audiobooks) return 'digitalGroups';
  return null;
}
/** At most this many albums in one module, and items shown per album on the home. */
export const HOME_ALBUMS_MAX = 20;
export const HOME_ALBUM_ITEMS = 12;
/** Items of the reading show shown on the home. */
export const READING_SHOW_MAX = 50;

/** The kind of a reading show item (spec §3 "reading case / promotion item"): activities now, reading cases once they exist. */
export const SHOW_ITEM_KINDS: Readonly<Record<number, string>> = { 1: '活动', 2: '阅读案例' };
export const SHOW_ITEM = { activity: 1, readingCase: 2 } as const;

/** `POST /v1/{org}/indexConfig/{id}/sort_albums {ids}`: the module's albums, in order (an empty list clears them). */
export const sortAlbumsBody = z.object({
  ids: z
    .array(z.number({ error: '专辑ID必须是数字' }).int('专辑ID必须是整数').positive('专辑ID必须是正整数'), { error: '请选择专辑' })
    .max(HOME_ALBUMS_MAX, `一个模块最多${HOME_ALBUMS_MAX}个专辑`)
    .refine((ids) => new Set(ids).size === ids.length, '专辑不能重复'),
});

/** The rules text (活动规则) as stored: sanitised HTML, at most this many characters. */
export const RULES_TEXT_MAX = 20_000;
export const RULES_LABEL = '规则内容';
/** `POST /v1/{org}/rule {content}`: the organisation's rules text (rich text, sanitised by the server). */
export const rulesBody = z.object({ content: plainText(RULES_LABEL, `请填写${RULES_LABEL}`).max(RULES_TEXT_MAX * 2, `${RULES_LABEL}不能超过${RULES_TEXT_MAX}个字符`) });
export interface RulesText {
  content: string;
  updated_at: number | null;
}

// ---- Audiobooks ----------------------------------------------------------------------------------

/** The digital resource kind of an audiobook (DIGITAL_KINDS 2 有声书). */
export const AUDIOBOOK_KIND = 2;

/**
 * A listening beat: the reader's player reports every LISTEN_BEAT_SEC while playing (`seconds`
 * heard since the last beat) and once on pressing play (`play: true`). A beat credits at most
 * LISTEN_BEAT_MAX_SEC (a stalled or forged beat cannot claim more), a reader's day on one title at
 * most a day.
 */
export const LISTEN_BEAT_SEC = 30;
export const LISTEN_BEAT_MAX_SEC = 60;
export const listenBody = z.object({
  request_id: requestIdSchema,
  play: z.boolean({ error: '播放标记只能是true或false' }).optional(),
  seconds: z.number({ error: '收听秒数必须是数字' }).int('收听秒数必须是整数').min(0, '收听秒数不能小于0').max(LISTEN_BEAT_MAX_SEC, `收听秒数不能超过${LISTEN_BEAT_MAX_SEC}`),
});
export type ListenBody = z.infer<typeof listenBody>;
