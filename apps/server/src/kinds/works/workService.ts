import { and, eq, inArray } from 'drizzle-orm';
import {
  defaultWorkConfig,
  workConfigSchema,
  workNumber,
  workTransition,
  workWindows,
  type WorkActor,
  type WorkCommand,
  type WorkConfig,
  type WorkFile,
  type WorkStatus,
} from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { activities, files, works } from '../../db/schema.js';
import { HttpError, validationError } from '../../http/errors.js';
import { keyOfUrl } from '../../storage/files.js';
import { bumpCounter, dropCounter } from '../../participation/counters.js';
import { nowSec } from '../../participation/clock.js';
import { postPoints, reversePoints } from '../../points/ledger.js';

/**
 * What works of types 1 and 9 share between the reader API, the administrators' pages and the
 * review queue: the stored configuration, the stored files a work names, the per-reader limits
 * and the work numbers (each one atomic statement on `activity_counters`), and a state change
 * through the domain's `workTransition`.
 */

export type WorkRow = typeof works.$inferSelect;
import type { ActivityRow } from '../kind.js';

export type { ActivityRow };
export const WORK_TYPES = [1, 9] as const;

export const refusedBy = (r: { gate: number; status: number; message: string }) => new HttpError(r.status, r.message, { gate: r.gate });

/** The activity's work configuration: the saved one, else the type's defaults (`saved: false`). */
export function workConfigOf(act: Pick<ActivityRow, 'type' | 'config'>): { config: WorkConfig; saved: boolean } {
  const type = act.type as 1 | 9;
  const raw = (act.config as { work?: unknown } | null)?.work;
  if (raw !== undefined) {
    const parsed = workConfigSchema(type).safeParse(raw);
    if (parsed.success) return { config: parsed.data, saved: true };
  }
  return { config: defaultWorkConfig(type), saved: false };
}


export interface StoredWorkFile extends WorkFile {
  key: string;
  name: string;
  mime: string;
  url: string;
}

/**
 * The stored files a work names, in its order: each must be a file of the organisation and, for a
 * reader, one the reader uploaded. Their type, size and duration are the server's (told by the
 * bytes at upload), never the client's.
 */
export async function resolveMedia(db: Db | Tx, orgId: number, urls: readonly string[], reader: number | null): Promise<StoredWorkFile[]> {
  if (urls.length === 0) return [];
  const keys = urls.map(keyOfUrl);
  const rows = await db
    .select()
    .from(files)
    .where(and(eq(files.org_id, orgId), inArray(files.key, keys.filter(Boolean)), reader === null ? undefined : and(eq(files.creator_kind, 'reader'), eq(files.created_by, reader))));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const problems = keys.flatMap((k, i) => (byKey.has(k) ? [] : [{ field: `media.${i}`, message: reader === null ? '作品文件不存在' : '作品文件不存在或不是您上传的' }]));
  if (problems.length) throw validationError(problems);
  return keys.map((k, i) => {
    const f = byKey.get(k)!;
    return { key: k, url: urls[i], name: f.name, mime: f.mime, ext: f.ext, size_kb: Math.ceil(f.size / 1024), duration_sec: f.duration };
  });
}

const readerCounter = (readerId: number) => `wr:${readerId}`;
const typeCounter = (readerId: number, typeId: number) => `wr:${readerId}:${typeId}`;

/**
 * Take one of the reader's places (works per reader, and per creation type when it has its own
 * limit): refused with 每人最多提交N件作品 when none is left. Withdrawing gives it back.
 */
export async function takeWorkPlace(tx: Tx, act: Pick<ActivityRow, 'id' | 'org_id'>, readerId: number, config: WorkConfig, typeId: number): Promise<void> {
  if ((await bumpCounter(tx, act.org_id, act.id, readerCounter(readerId), config.per_user_max_works)) === null) {
    throw new HttpError(403, `每人最多提交${config.per_user_max_works}件作品`, { gate: 40007 });
  }
  const type = config.creation_types.find((t) => t.id === typeId);
  if (type && type.max_per_user > 0 && (await bumpCounter(tx, act.org_id, act.id, typeCounter(readerId, typeId), type.max_per_user)) === null) {
    throw new HttpError(403, `每人最多提交${type.max_per_user}件“${type.name}”作品`, { gate: 40007 });
  }
}

export async function giveWorkPlaceBack(tx: Tx, act: Pick<ActivityRow, 'id' | 'org_id'>, readerId: number, config: WorkConfig, typeId: number): Promise<void> {
  await dropCounter(tx, act.org_id, act.id, readerCounter(readerId));
  const type = config.creation_types.find((t) => t.id === typeId);
  if (type && type.max_per_user > 0) await dropCounter(tx, act.org_id, act.id, typeCounter(readerId, typeId));
}

/** The next work number of the activity and group, taken in one statement (never reused). */
export async function nextWorkNo(tx: Tx, act: Pick<ActivityRow, 'id' | 'org_id'>, config: WorkConfig, groupId: number | null): Promise<string> {
  const code = groupId === null ? null : (config.groups.find((g) => g.id === groupId)?.code ?? null);
  const seq = (await bumpCounter(tx, act.org_id, act.id, `no:${code ?? ''}`))!;
  return workNumber(act.id, seq, code);
}

/** Approve a work (an approved work still waiting for a look under post moderation: only the look). */
export async function approveWork(tx: Tx, work: WorkRow, act: ActivityRow, config: WorkConfig): Promise<WorkRow> {
  if (work.status === 'approved' && work.check_pending) {
    const [row] = await tx.update(works).set({ check_pending: 0, updated_at: nowSec() }).where(eq(works.id, work.id)).returning();
    return row;
  }
  return moveWork(tx, work, act, config, { action: 'approve' }, 'admin');
}

/**
 * Apply a command to a work (`workTransition` decides who may, from which state, within which
 * window) and write the result: the state, the reason, the number at the first approval, the
 * queue flag. Answers the changed row.
 */
export async function moveWork(tx: Tx, work: WorkRow, act: ActivityRow, config: WorkConfig, command: WorkCommand, actor: WorkActor): Promise<WorkRow> {
  const now = nowSec();
  const t = workTransition({ status: work.status as WorkStatus, work_no: work.work_no }, command, actor, { now, windows: workWindows(config, act), moderation: config.moderation });
  if (!t.ok) throw refusedBy(t.refusal);
  const set: Partial<typeof works.$inferInsert> = { status: t.to, updated_at: now };
  if (command.action === 'reject' || command.action === 'disqualify') set.reason = command.reason;
  if (command.action === 'approve') set.reason = '';
  if (t.assign_number) set.work_no = await nextWorkNo(tx, act, config, work.group_id);
  if (t.to === 'approved' && !work.approved_at) set.approved_at = now;
  if (command.action === 'submit') {
    set.submitted_at = now;
    set.reason = '';
    // Pre: waits in the queue; post: published and queued for a look; none: published.
    set.check_pending = config.moderation === 'none' ? 0 : 1;
  }
  if (command.action === 'approve' || command.action === 'reject' || command.action === 'withdraw' || command.action === 'disqualify') set.check_pending = 0;
  if (t.clear_award) set.award_level = null;
  const [row] = await tx.update(works).set(set).where(eq(works.id, work.id)).returning();
  await workPoints(tx, work.status as WorkStatus, row, command.action);
  return row;
}

/**
 * The reader's points for a work's move, in its transaction (design §10): a submission
 * (`work_submitted`, once per activity by the rule's default cap), the first approval
 * (`work_approved`, also a submission published at once under no moderation). A work withdrawn or
 * disqualified after its approval gives the approval's (and an award's) points back by reversing
 * rows; approved again later, it does not pay again (one work, one approval's points).
 */
async function workPoints(tx: Tx, from: WorkStatus, row: WorkRow, action: WorkCommand['action']): Promise<void> {
  const base = { orgId: row.org_id, readerId: row.reader_id, actId: row.act_id, source: { type: 'work', id: row.id } };
  if (action === 'submit') await postPoints(tx, { ...base, rule: 'work_submitted' });
  if (row.status === 'approved' && from !== 'approved') await postPoints(tx, { ...base, rule: 'work_approved' });
  if ((row.status === 'withdrawn' || row.status === 'disqualified') && from !== row.status) {
    for (const rule of ['work_approved', 'work_awarded'] as const) await reversePoints(tx, { orgId: row.org_id, readerId: row.reader_id, key: `${rule}:work:${row.id}`, reason: row.status === 'withdrawn' ? '作品已撤回' : '作品被取消资格' });
  }
}

/** A work with the names of its creation type and group (lists, previews). */
export function namedWork<T extends { creation_type_id: number; group_id: number | null }>(config: WorkConfig, w: T) {
  const type = config.creation_types.find((t) => t.id === w.creation_type_id);
  return {
    ...w,
    creation_type_name: type?.name ?? '',
    media_kind: type?.media ?? 'text',
    group_name: w.group_id === null ? '' : (config.groups.find((g) => g.id === w.group_id)?.name ?? ''),
  };
}

/** The activity of a type-1/9 work path in the organisation, not deleted; undefined when none. */
export async function workActivity(db: Db | Tx, orgId: number, actId: number): Promise<ActivityRow | undefined> {
  const [act] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.id, actId), eq(activities.org_id, orgId), inArray(activities.type, [...WORK_TYPES])));
  return act;
}
