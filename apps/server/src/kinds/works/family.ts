import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import yazl from 'yazl';
import { and, asc, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { z } from 'zod';
import {
  actQuerySchema,
  adminWorkBody,
  idParam,
  mediaFileName,
  originalMixWorksResource,
  originalWorksResource,
  PROGRAM_MEDIA,
  WORK_DOWNLOAD_MAX,
  WORK_DOWNLOAD_PARTS,
  WORK_PASSED_STATUSES,
  type WorkDownloadPart,
  programTypeIds,
  uniqueFileNames,
  WORK_KINDS,
  workConfigSchema,
  workDownloadBody,
  workProblems,
  workTransition,
  workWindows,
  type CheckDecision,
  type ResourceDef,
  type WorkConfig,
  type WorkStatus,
} from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { activities, readers, works } from '../../db/schema.js';
import { HttpError, notFound, validationError } from '../../http/errors.js';
import { pagedList } from '../../http/pagination.js';
import { orgOf } from '../../auth/access.js';
import { audit } from '../../resources/audit.js';
import { bind, type ResourceBinding, type Row } from '../../resources/binding.js';
import { tenantWhere } from '../../resources/tenant.js';
import { attachment } from '../../exports/xlsxStream.js';
import type { CheckKind } from '../../routes/checkQueue.js';
import {
  approveWork,
  moveWork,
  namedWork,
  refusedBy,
  resolveMedia,
  workActivity,
  workConfigOf,
  type ActivityRow,
  type WorkRow,
} from './workService.js';
import { addUploadedWork, workImportRoutes } from './workImport.js';
import { keyOfUrl } from '../../storage/files.js';
import { nowSec } from '../../participation/clock.js';

const orgParams = z.object({ org: z.string() });
export type WorkType = 1 | 9;

export const CREATION_TYPE_IN_USE = (name: string) => `创作类型“${name}”已有作品，不能删除`;
export const GROUP_IN_USE = (name: string) => `组别“${name}”已有作品，不能删除`;

/** The activity of the request's `{act}` or `?act=` of the type, in the organisation; 404 otherwise. */
async function activityOf(db: Db | Tx, request: FastifyRequest, actId: number, type: WorkType): Promise<ActivityRow> {
  const act = await workActivity(db, orgOf(request).id, actId);
  if (!act || act.type !== type || act.is_delete) throw notFound('活动不存在');
  return act;
}

/** The routes' prefix of a works type (`/v1/:org/original`, `/v1/:org/originalmix`). */
export const worksPathPrefix = (type: WorkType): string => WORK_KINDS[type].path.slice(0, WORK_KINDS[type].path.indexOf('/{act}')).replace('{org}', ':org');

/** List rows with their type and group names, author and unit (the configuration of the parent activity). */
async function presentWorks(rows: Row[], db: Db): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const acts = await db.select().from(activities).where(inArray(activities.id, [...new Set(rows.map((r) => r.act_id as number))]));
  const configs = new Map(acts.map((a) => [a.id, workConfigOf(a).config]));
  return rows.map((r) => {
    const author = (r.author ?? {}) as Record<string, string>;
    return { ...namedWork(configs.get(r.act_id as number)!, r as Row & { creation_type_id: number; group_id: number | null }), author_name: author.real_name ?? '', unit: author.unit ?? '' };
  });
}

/** Zod issues of the configuration as the 422 names them. */
const issuesOf = (error: z.ZodError) => error.issues.map((i) => ({ field: ['config', ...i.path.map(String)].join('.'), message: i.message }));

/**
 * The works of one type's activities: list (filters, keyword on title and number), approve,
 * reject with a reason, recommend, batch show / not show; the type's own routes: the work
 * configuration, an administrator's upload on a reader's behalf, the media zip.
 */
function worksBinding(def: ResourceDef, type: WorkType): ResourceBinding {
  const kind = WORK_KINDS[type];
  const prefix = worksPathPrefix(type);
  return bind({
    def,
    table: works,
    softDelete: 'is_delete',
    filters: {
      unit: (value) => sql`${works.author}->>'unit' ilike ${`%${String(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
    },
    present: (rows, { request }) => presentWorks(rows, request.server.database.db),
    commands: {
      async approve(row, { tx, request, parentId }) {
        const act = await activityOf(tx, request, parentId!, type);
        return (await approveWork(tx, row as unknown as WorkRow, act, workConfigOf(act).config)) as unknown as Row;
      },
    },
    rowUpdates: {
      async reject(values, { existing, tx, request, parentId }) {
        const act = await activityOf(tx, request, parentId!, type);
        const { config } = workConfigOf(act);
        const reason = values.reason as string;
        const t = workTransition({ status: existing.status as WorkStatus, work_no: existing.work_no as string | null }, { action: 'reject', reason }, 'admin', {
          now: nowSec(),
          windows: workWindows(config, act),
          moderation: config.moderation,
        });
        if (!t.ok) throw refusedBy(t.refusal);
        return { status: t.to, reason, check_pending: 0, updated_at: nowSec() };
      },
    },
    async routes(app: FastifyInstance) {
      const r = app.withTypeProvider<ZodTypeProvider>();
      const { db } = app.database;
      const access = { access: 'org' as const };

      /** `GET /v1/{org}/original/work/config?act=`: the stored configuration, or the type's defaults. */
      r.get(`${prefix}/work/config`, { config: access, schema: { params: orgParams, querystring: actQuerySchema } }, async (request) => {
        const act = await activityOf(db, request, request.query.act, type);
        return { ...workConfigOf(act), windows: workWindows(workConfigOf(act).config, act) };
      });

      /** `PUT /v1/{org}/original/work/config?act=`: validated against the activity's window; types and groups with works stay. */
      r.put(`${prefix}/work/config`, { config: access, schema: { params: orgParams, querystring: actQuerySchema, body: z.record(z.string(), z.unknown(), { error: '作品设置必须是对象' }) } }, async (request) => {
        return db.transaction(async (tx) => {
          const act = await activityOf(tx, request, request.query.act, type);
          const parsed = workConfigSchema(type, act).safeParse(request.body);
          if (!parsed.success) throw validationError(issuesOf(parsed.error));
          const next = parsed.data;
          const before = workConfigOf(act).config;
          const used = await tx
            .selectDistinct({ type: works.creation_type_id, group: works.group_id })
            .from(works)
            .where(and(eq(works.act_id, act.id), eq(works.is_delete, 0)));
          for (const u of used) {
            if (!next.creation_types.some((t) => t.id === u.type)) {
              throw validationError([{ field: 'config.creation_types', message: CREATION_TYPE_IN_USE(before.creation_types.find((t) => t.id === u.type)?.name ?? String(u.type)) }]);
            }
            if (u.group !== null && !next.groups.some((g) => g.id === u.group)) {
              throw validationError([{ field: 'config.groups', message: GROUP_IN_USE(before.groups.find((g) => g.id === u.group)?.name ?? String(u.group)) }]);
            }
          }
          await tx
            .update(activities)
            .set({ config: { ...((act.config as object) ?? {}), work: next }, user_upload: next.user_upload, updated_at: nowSec() })
            .where(eq(activities.id, act.id));
          await audit(tx, request, 'workConfig', def.name, [act.id]);
          return { config: next, saved: true, windows: workWindows(next, act) };
        });
      });

      /**
       * `POST /v1/{org}/original/{act}/work/upload` (`/originalmix/{act}/creations/upload`): an administrator uploads a work on a reader's behalf
       * (any stored file of the organisation); it is submitted and approved at once (numbered),
       * the reader joins the activity, the per-reader limit applies.
       */
      r.post(`${prefix}/:act/${kind.path.split('/').at(-1)}/upload`, { config: access, schema: { params: orgParams.extend({ act: idParam }), body: adminWorkBody } }, async (request) => {
        const body = request.body;
        return db.transaction(async (tx) => {
          const act = await activityOf(tx, request, request.params.act, type);
          const { config } = workConfigOf(act);
          const [reader] = await tx.select().from(readers).where(and(eq(readers.id, body.reader_id), eq(readers.org_id, act.org_id)));
          if (!reader) throw validationError([{ field: 'reader_id', message: '读者不存在' }]);
          const media = body.media.filter((m): m is string => !!m);
          const stored = await resolveMedia(tx, act.org_id, media, null);
          const problems = workProblems(config, { ...body, files: stored }, { draft: false });
          if (problems.length) throw validationError(problems);
          const approved = await addUploadedWork(tx, request, act, config, reader, { ...body, cover: body.cover ?? '', media, author: body.author as Record<string, string> });
          await audit(tx, request, 'upload', def.name, [approved.id]);
          return namedWork(config, approved);
        });
      });

      /**
       * `GET …/{act}/work/import/template` and `POST …/{act}/work/import` (`/originalmix/{act}/creations/…`):
       * the batch on readers' behalf, a spreadsheet and a zip of the files (works/workImport.ts).
       */
      await app.register(
        workImportRoutes(def, `${prefix}/:act/${kind.path.split('/').at(-1)}`, (request, actId) => activityOf(db, request, actId, type), (act) => workConfigOf(act).config),
      );

      /**
       * `POST /v1/{org}/original/download {act, ids}`: the selected works' files as one zip, each
       * named title plus index (spec §9), streamed file by file from the storage — a large zip
       * never sits in memory. A text work is its text as `{title}-1.txt`. The download pages ask
       * for a part instead of ids (`?act=&part=passed`: every work that passed review;
       * `part=program`: the performances among them, `programTypeIds`).
       */
      const downloadQuery = z
        .object({
          act: z.coerce.number({ error: '请选择活动' }).int('请选择活动').positive('请选择活动'),
          ids: z
            .string({ error: '请选择作品' })
            .regex(/^\d{1,10}(,\d{1,10}){0,4999}$/, '请选择作品')
            .transform((v) => v.split(',').map(Number))
            .optional(),
          part: z.enum(WORK_DOWNLOAD_PARTS, { error: '请选择要下载的作品' }).optional(),
        })
        .refine((q) => q.ids !== undefined || q.part !== undefined, { path: ['ids'], message: '请选择作品' });
      // GET (the page's download with the token, `?act=&ids=1,2`) and POST with the same answer.
      r.get(`${prefix}/download`, { config: { ...access, rawBody: true }, schema: { params: orgParams, querystring: downloadQuery } }, (request, reply) =>
        sendZip(request, reply, request.query.act, request.query.ids ?? request.query.part!),
      );
      r.post(`${prefix}/download`, { config: { ...access, rawBody: true }, schema: { params: orgParams, body: workDownloadBody } }, (request, reply) =>
        sendZip(request, reply, request.body.act, request.body.ids),
      );
      async function sendZip(request: FastifyRequest, reply: FastifyReply, actId: number, chosen: number[] | WorkDownloadPart) {
        const act = await activityOf(db, request, actId, type);
        const programs = chosen === 'program' ? programTypeIds(workConfigOf(act).config) : [];
        const which = Array.isArray(chosen)
          ? inArray(works.id, chosen)
          : and(inArray(works.status, [...WORK_PASSED_STATUSES]), chosen === 'program' ? (programs.length ? inArray(works.creation_type_id, programs) : sql`false`) : undefined);
        const rows = await db
          .select({ id: works.id, title: works.title, media: works.media, content: works.content })
          .from(works)
          .where(and(tenantWhere(works, request), eq(works.act_id, act.id), eq(works.is_delete, 0), which))
          .orderBy(asc(works.id))
          .limit(WORK_DOWNLOAD_MAX);
        if (rows.length === 0) throw notFound(Array.isArray(chosen) ? '作品不存在' : chosen === 'program' ? '暂无可下载的节目' : '暂无审核通过的作品');
        const entries: { name: string; key?: string; text?: string }[] = [];
        for (const w of rows) {
          if (w.media.length === 0 && w.content) entries.push({ name: mediaFileName(w.title, 1, 'txt'), text: w.content });
          w.media.forEach((url, i) => {
            const key = keyOfUrl(url);
            entries.push({ name: mediaFileName(w.title, i + 1, key.slice(key.lastIndexOf('.') + 1) || 'bin'), key });
          });
        }
        const names = uniqueFileNames(entries.map((e) => e.name));
        const zip = new yazl.ZipFile();
        const storage = app.storage;
        entries.forEach((e, i) => {
          if (e.text !== undefined) return zip.addBuffer(Buffer.from(e.text), names[i], { compress: true });
          // Opened only when the zip reaches it: one file read at a time, whatever the selection.
          async function* body() {
            const obj = await storage.get(e.key!);
            if (!obj) return;
            for await (const chunk of obj.body) yield chunk as Buffer;
          }
          zip.addReadStream(Readable.from(body()), names[i], { compress: false });
        });
        zip.end();
        await db.transaction((tx) => audit(tx, request, 'download', def.name, rows.map((w) => w.id)));
        return reply
          .header('content-type', 'application/zip')
          .header('cache-control', 'no-store')
          .header('content-disposition', attachment(`${act.title}-作品.zip`, 'works.zip'))
          .send(zip.outputStream as Readable);
      }
    },
  });
}

export const originalWorksBinding = worksBinding(originalWorksResource, 1);
export const originalMixWorksBinding = worksBinding(originalMixWorksResource, 9);
export const WORK_BINDINGS: ResourceBinding[] = [originalWorksBinding, originalMixWorksBinding];

/**
 * The review queues of works, each a kind of the review queue: `creation` (type 1), and for type 9
 * its performances (`program`: audio or video creation types, `programTypeIds`) apart from its
 * other works (`originalmix`). Pending are the works waiting for a look (`check_pending`); approve
 * and reject go through the works' state rules, all or nothing.
 */
const WORK_QUEUES = {
  creation: { type: 1, label: '原创作品', page: 'adminCheck/adminCheckAct/adminCheckWorkIndex', programs: undefined },
  originalmix: { type: 9, label: '多类型原创作品', page: 'adminCheck/adminCheckAct/adminCheckWorkIndex', programs: false },
  program: { type: 9, label: '节目', page: 'adminCheck/adminCheckAct/adminCheckProgramIndex', programs: true },
} as const satisfies Record<string, { type: WorkType; label: string; page: string; programs: boolean | undefined }>;
export type WorkQueue = keyof typeof WORK_QUEUES;

/** The performance creation types of each activity, read from its configuration in SQL (pending counts of every activity). */
const programTypesSql = sql`select (t->>'id')::int from jsonb_array_elements(coalesce(${activities.config}->'work'->'creation_types', '[]'::jsonb)) t where t->>'media' in (${sql.join(
  PROGRAM_MEDIA.map((m) => sql`${m}`),
  sql`, `,
)})`;

export function worksCheckKind(queue: WorkQueue): CheckKind {
  const { type, label, page, programs } = WORK_QUEUES[queue];
  /** The queue's part of an activity's works (type 9: its performances or the rest). */
  const partOf = (config: WorkConfig) => {
    if (programs === undefined) return undefined;
    const ids = programTypeIds(config);
    if (!ids.length) return programs ? sql`false` : undefined;
    return programs ? inArray(works.creation_type_id, ids) : notInArray(works.creation_type_id, ids);
  };
  return {
    kind: queue,
    label,
    queue: 'activity',
    types: [type],
    page,
    async pending(db, orgId) {
      const part = programs === undefined ? undefined : programs ? sql`${works.creation_type_id} in (${programTypesSql})` : sql`${works.creation_type_id} not in (${programTypesSql})`;
      return db
        .select({ act_id: works.act_id, pending: count() })
        .from(works)
        .innerJoin(activities, eq(activities.id, works.act_id))
        .where(and(eq(works.org_id, orgId), eq(works.check_pending, 1), eq(works.is_delete, 0), eq(activities.type, type), eq(activities.is_delete, 0), part))
        .groupBy(works.act_id);
    },
    moderation: (act) => workConfigOf(act).config.moderation,
    async items(db, request, act, query) {
      const { config } = workConfigOf(act);
      const where = and(eq(works.org_id, act.org_id), eq(works.act_id, act.id), eq(works.is_delete, 0), partOf(config), query.all ? sql`${works.status} <> 'draft'` : eq(works.check_pending, 1));
      return pagedList(
        query,
        request.url,
        async () => (await db.select({ n: count() }).from(works).where(where))[0].n,
        async (limit, offset) => {
          const rows = await db.select().from(works).where(where).orderBy(desc(works.check_pending), asc(works.submitted_at), asc(works.id)).limit(limit).offset(offset);
          return rows.map(({ search: _s, ...w }) => ({ ...namedWork(config, w), author_name: w.author.real_name ?? '', unit: w.author.unit ?? '' }));
        },
      );
    },
    async decide(tx, request, act, decision: CheckDecision) {
      const { config } = workConfigOf(act);
      const rows = await tx
        .select()
        .from(works)
        .where(and(eq(works.org_id, act.org_id), eq(works.act_id, act.id), eq(works.is_delete, 0), partOf(config), inArray(works.id, decision.ids)))
        .orderBy(asc(works.id))
        .for('update');
      if (rows.length !== new Set(decision.ids).size) throw notFound('作品不存在');
      for (const w of rows) {
        try {
          if (decision.status === 1) await approveWork(tx, w, act, config);
          else await moveWork(tx, w, act, config, { action: 'reject', reason: decision.reason }, 'admin');
        } catch (err) {
          // All or nothing: name the work that could not be decided.
          if (err instanceof HttpError) throw new HttpError(err.status, `《${w.title}》：${err.message}`, err.data);
          throw err;
        }
      }
      return rows.map((w) => w.id);
    },
  };
}

