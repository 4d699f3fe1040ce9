import { and, eq, inArray } from 'drizzle-orm';
import { LECTURE_AUDIO_DEFAULTS, LECTURE_MEDIA_TYPES, lectureItemsResource, lectureLearnersResource, watchedPct, type LectureMediaType } from '@huodong/domain';
import { files, lectureItems, lectureLearners, lectureProgress } from '../../db/schema.js';
import { validationError } from '../../http/errors.js';
import { keyOfUrl } from '../../storage/files.js';
import { bind, type ReadContext, type Row } from '../../resources/binding.js';
import { inReaderUnit, readersOfRows } from '../../participation/readerRows.js';
import type { Tx } from '../../db/client.js';

const SOURCE: Record<LectureMediaType, 'video' | 'audio' | 'pdf' | 'link'> = { video: 'video', audio: 'audio', pdf: 'pdf', link: 'link' };

/** The stored file of an uploaded URL of the organisation (undefined for an outside http(s) address). */
async function storedFile(tx: Tx, orgId: number, url: string, field: string, label: string) {
  const key = keyOfUrl(url);
  if (!key) return undefined;
  const [file] = await tx.select({ ext: files.ext, duration: files.duration }).from(files).where(and(eq(files.key, key), eq(files.org_id, orgId)));
  if (!file) throw validationError([{ field, message: `${label}不存在，请重新上传` }]);
  return file;
}

/**
 * 讲座内容: the source of the item's type must be given (the others are cleared); a video's or an
 * audio's duration comes from its stored file (ffprobe at the upload), a PDF must be a PDF; an
 * audio without a title and artist gets 音频 and 管理员 (spec §9).
 */
export const lectureItemsBinding = bind({
  def: lectureItemsResource,
  table: lectureItems,
  async prepare(values, { tx, org, existing }) {
    const type = (values.media_type ?? existing?.media_type) as LectureMediaType;
    const source = SOURCE[type];
    const url = String(values[source] ?? existing?.[source] ?? '');
    const label = LECTURE_MEDIA_TYPES[type];
    if (!url) throw validationError([{ field: source, message: type === 'link' ? '请填写链接' : `请上传${label}` }]);
    const out: Record<string, unknown> = { ...values };
    for (const other of Object.values(SOURCE)) if (other !== source) out[other] = '';
    if (type === 'video' || type === 'audio') {
      const file = await storedFile(tx, org!.id, url, source, label);
      if (file?.duration) out.duration_sec = Math.max(1, Math.round(file.duration));
      else if (!Number(values.duration_sec ?? existing?.duration_sec ?? 0)) throw validationError([{ field: 'duration_sec', message: `无法读取${label}时长，请填写时长（秒）` }]);
    }
    if (type === 'pdf') {
      const file = await storedFile(tx, org!.id, url, source, label);
      if (file && file.ext !== 'pdf') throw validationError([{ field: 'pdf', message: 'PDF文档必须是PDF文件' }]);
    }
    if (type === 'audio') {
      if (!String(values.audio_title ?? existing?.audio_title ?? '').trim()) out.audio_title = LECTURE_AUDIO_DEFAULTS.audio_title;
      if (!String(values.artist ?? existing?.artist ?? '').trim()) out.artist = LECTURE_AUDIO_DEFAULTS.artist;
    }
    return out;
  },
});

/** Who learns (account, name, unit), their mean watched share over the lecture's items and the learning time credited. */
async function presentLearners(rows: Row[], ctx: ReadContext): Promise<Row[]> {
  if (!rows.length) return rows;
  const db = ctx.request.server.database.db;
  const readerIds = rows.map((r) => r.reader_id as number);
  const actId = rows[0].act_id as number;
  const [who, items, progress] = await Promise.all([
    readersOfRows(db, readerIds),
    db.select({ id: lectureItems.id, duration_sec: lectureItems.duration_sec }).from(lectureItems).where(eq(lectureItems.act_id, actId)),
    db
      .select({ reader_id: lectureProgress.reader_id, item_id: lectureProgress.item_id, watched_sec: lectureProgress.watched_sec, real_sec: lectureProgress.real_sec })
      .from(lectureProgress)
      .where(and(eq(lectureProgress.act_id, actId), inArray(lectureProgress.reader_id, readerIds))),
  ]);
  const duration = new Map(items.map((i) => [i.id, i.duration_sec]));
  const mine = new Map<number, { watched: number; real: number }>();
  for (const p of progress) {
    const m = mine.get(p.reader_id) ?? { watched: 0, real: 0 };
    m.watched += watchedPct(p.watched_sec, duration.get(p.item_id) ?? 0);
    m.real += p.real_sec;
    mine.set(p.reader_id, m);
  }
  return rows.map((r) => {
    const { account, real_name, unit_id, unit_name } = who(r.reader_id as number);
    const m = mine.get(r.reader_id as number) ?? { watched: 0, real: 0 };
    return {
      ...r,
      account,
      real_name,
      unit_id,
      unit_name,
      watched_pct: items.length ? Math.round((m.watched / items.length) * 10) / 10 : 0,
      learn_minutes: Math.round(m.real / 6) / 10,
    };
  });
}

/** 学习记录: the learners of a lecture (rows made by the reader's plays), filtered by unit and completion, exported. */
export const lectureLearnersBinding = bind({
  def: lectureLearnersResource,
  table: lectureLearners,
  present: presentLearners,
  filters: {
    unit_id: (v) => inReaderUnit(lectureLearners.reader_id, v),
  },
});
