import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import * as XLSX from '@e965/xlsx';
import yauzl from 'yauzl';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  AUTHOR_FIELDS,
  FILE_EMPTY,
  FILE_TYPES,
  MEDIA_LABEL,
  WORK_IMPORT_COLUMNS,
  WORK_IMPORT_NO_SHEET,
  WORK_IMPORT_NO_ZIP,
  byRow,
  collectedAuthor,
  formatsMessage,
  idParam,
  readWorkSheet,
  rowPrefix,
  workImportProblems,
  type AuthorField,
  type FileExt,
  type ImportedFile,
  type ResourceDef,
  type WorkConfig,
} from '@huodong/domain';
import type { Tx } from '../../db/client.js';
import { files, readers, works } from '../../db/schema.js';
import { HttpError, validationError } from '../../http/errors.js';
import { callerOf, orgOf } from '../../auth/access.js';
import { audit } from '../../resources/audit.js';
import { importRejected } from '../../imports/userImports.js';
import { joinReader } from '../../routes/participation.js';
import { describe, fileUrl, newKey, scratchDir, tooLarge } from '../../storage/files.js';
import { SNIFF_BYTES, sniff } from '../../storage/sniff.js';
import { approveWork, moveWork, takeWorkPlace, type ActivityRow, type WorkRow } from './workService.js';

/**
 * An administrator's works on readers' behalf: one (`…/upload`, the body names stored files) or
 * a batch (`…/import`: a spreadsheet and a zip of the files, rules/workImport.ts). Either way a
 * work is submitted and approved at once (numbered), its reader joins the activity and the
 * per-reader limits apply.
 */

type ReaderRow = Pick<typeof readers.$inferSelect, 'id' | 'real_name' | 'phone'>;
export interface UploadedWork {
  creation_type_id: number;
  group_id: number | null;
  title: string;
  content: string;
  link: string;
  cover: string;
  media: string[];
  author: Partial<Record<AuthorField, string>>;
  pledge: boolean;
}

/** Insert a reader's work made by an administrator, submitted and approved (inside `tx`). */
export async function addUploadedWork(tx: Tx, request: FastifyRequest, act: ActivityRow, config: WorkConfig, reader: ReaderRow, work: UploadedWork): Promise<WorkRow> {
  await takeWorkPlace(tx, act, reader.id, config, work.creation_type_id);
  await joinReader(tx, act, reader);
  const caller = callerOf(request);
  const [draft] = await tx
    .insert(works)
    .values({
      org_id: act.org_id,
      act_id: act.id,
      reader_id: reader.id,
      creation_type_id: work.creation_type_id,
      group_id: work.group_id,
      title: work.title,
      content: work.content,
      link: work.link,
      cover: work.cover,
      media: work.media,
      author: collectedAuthor(config, work.author),
      pledge: work.pledge ? 1 : 0,
      uploaded_by: caller.kind === 'manager' ? caller.id : null,
    })
    .returning();
  const submitted = await moveWork(tx, draft, act, config, { action: 'submit' }, 'admin');
  // Post moderation publishes at once: an administrator's own work still needs no later look.
  return submitted.status === 'approved' && !submitted.check_pending ? submitted : approveWork(tx, submitted, act, config);
}

// ---------------------------------------------------------------- the batch

/** The largest spreadsheet and zip an import takes. */
const SHEET_MAX_BYTES = 10 * 1024 * 1024;
const ZIP_MAX_BYTES = 2 * 1024 * 1024 * 1024;
const SHEET_EXTS: readonly FileExt[] = ['xlsx', 'xls'];
const ZIP_UNREADABLE = '作品文件压缩包无法打开或已损坏，请上传zip格式的压缩包';

/** A zip entry's name: UTF-8 when flagged or valid, else the Chinese Windows code page (GB18030). */
function entryName(entry: yauzl.Entry): string {
  const raw = entry.fileNameRaw;
  if (entry.generalPurposeBitFlag & 0x800) return raw.toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return new TextDecoder('gb18030').decode(raw);
  }
}

interface ReceivedParts {
  dir: string;
  sheet?: { file: string; head: Buffer; name: string };
  zip?: { file: string; head: Buffer; name: string };
}

/** The multipart parts `sheet` and `zip`, each streamed to a scratch file (nothing held in memory). */
async function receiveParts(app: FastifyInstance, request: FastifyRequest): Promise<ReceivedParts> {
  if (!request.isMultipart()) throw validationError([{ field: 'sheet', message: WORK_IMPORT_NO_SHEET }]);
  const out: ReceivedParts = { dir: await scratchDir(app) };
  try {
    for await (const part of request.parts({ limits: { fileSize: ZIP_MAX_BYTES, files: 2, fields: 5, fieldSize: 1024, parts: 8 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'sheet' && part.fieldname !== 'zip') {
        part.file.resume();
        continue;
      }
      const file = path.join(out.dir, part.fieldname);
      let head = Buffer.alloc(0);
      let size = 0;
      const limit = part.fieldname === 'sheet' ? SHEET_MAX_BYTES : ZIP_MAX_BYTES;
      const watch = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > limit) return done(tooLarge(limit));
          if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
          done(null, chunk);
        },
      });
      await pipeline(part.file, watch, fs.createWriteStream(file));
      if (part.file.truncated) throw tooLarge(limit);
      if (size === 0) throw validationError([{ field: part.fieldname, message: FILE_EMPTY }]);
      out[part.fieldname] = { file, head, name: part.filename ?? '' };
    }
    return out;
  } catch (err) {
    await fs.promises.rm(out.dir, { recursive: true, force: true });
    throw err;
  }
}

/** The first sheet as header-keyed rows (numbers as numbers: an account 13900000000 is not shown as 1.39E+10). */
async function sheetRows(file: string): Promise<Record<string, unknown>[]> {
  const book = XLSX.read(await fs.promises.readFile(file), { cellDates: false });
  const first = book.Sheets[book.SheetNames[0]];
  return first ? XLSX.utils.sheet_to_json<Record<string, unknown>>(first, { defval: '', raw: true }) : [];
}

/** A named file the zip holds, extracted to the scratch folder and told by its bytes. */
interface Extracted {
  file: string;
  ext: FileExt;
  size: number;
  width: number | null;
  height: number | null;
  duration: number | null;
}

/**
 * The named files of the zip, by the name the sheet uses (the entry's path, or its base name
 * when that is unique), each extracted to the scratch folder and told by its bytes like a
 * reader's upload: type by magic bytes, size, picture size, duration (`checked`, null when not a
 * readable file of a type we take). A file larger than `maxBytes` is not extracted: its size is
 * what the check reports.
 */
async function zipFiles(app: FastifyInstance, zipPath: string, wanted: Set<string>, dir: string, maxBytes: number): Promise<{ checked: Map<string, ImportedFile>; extracted: Map<string, Extracted> }> {
  const checked = new Map<string, ImportedFile>();
  const extracted = new Map<string, Extracted>();
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(zipPath, { lazyEntries: true, decodeStrings: false, autoClose: false });
  } catch {
    throw validationError([{ field: 'zip', message: ZIP_UNREADABLE }]);
  }
  try {
    const all: [string, yauzl.Entry][] = [];
    try {
      for await (const entry of zip.eachEntry()) {
        const name = entryName(entry).replace(/\\/g, '/');
        if (!name.endsWith('/') && !name.startsWith('__MACOSX/')) all.push([name, entry]);
      }
    } catch {
      throw validationError([{ field: 'zip', message: ZIP_UNREADABLE }]);
    }
    const baseOf = (name: string) => name.slice(name.lastIndexOf('/') + 1);
    const bases = new Map<string, number>();
    for (const [name] of all) bases.set(baseOf(name), (bases.get(baseOf(name)) ?? 0) + 1);
    const entries = new Map(all);
    for (const [name, entry] of all) if (bases.get(baseOf(name)) === 1 && !entries.has(baseOf(name))) entries.set(baseOf(name), entry);

    for (const name of wanted) {
      const entry = entries.get(name);
      if (!entry) continue;
      const size = entry.uncompressedSize;
      if (size > maxBytes) {
        // Too large to be taken whatever its type: only its size matters.
        checked.set(name, { name, ext: path.extname(name).slice(1).toLowerCase(), size_kb: Math.ceil(size / 1024), duration_sec: null });
        continue;
      }
      const target = path.join(dir, `f${extracted.size + checked.size}`);
      let head = Buffer.alloc(0);
      const watch = new Transform({
        transform(chunk: Buffer, _enc, done) {
          if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
          done(null, chunk);
        },
      });
      const ok = !entry.isEncrypted() && (await zip.openReadStreamPromise(entry).then((stream) => pipeline(stream, watch, fs.createWriteStream(target))).then(() => true, () => false));
      const ext = ok ? sniff(head, name) : null;
      const meta = ext ? await describe(app, target, ext) : null;
      if (!ext || !meta?.readable) {
        checked.set(name, null);
        continue;
      }
      checked.set(name, { name, ext, size_kb: Math.ceil(size / 1024), duration_sec: meta.duration });
      extracted.set(name, { file: target, ext, size, width: meta.width, height: meta.height, duration: meta.duration });
    }
  } finally {
    zip.close();
  }
  return { checked, extracted };
}

/** The spreadsheet template of an activity: the columns, and a sheet 说明 with its creation types and groups. */
function workImportTemplate(config: WorkConfig): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([WORK_IMPORT_COLUMNS.map((c) => c.header)]), '作品');
  const notes: (string | number)[][] = [
    ['说明'],
    ['带*的列必须填写：' + WORK_IMPORT_COLUMNS.filter((c) => c.required).map((c) => `*${c.header}`).join('、')],
    ['文件名：压缩包中的文件名（可含文件夹路径），一件作品有多个文件时用 | 或 ； 分隔；作者信息未填写时取读者资料'],
    [],
    ['创作类型', '作品形式', '文件格式', '文件数', '单个文件上限（KB）', '字数'],
    ...config.creation_types.map((t) => [t.name, MEDIA_LABEL[t.media], t.formats.join('、'), `${t.files_min}-${t.files_max}`, t.file_max_kb, `${t.text_min_words}-${t.text_max_words}`]),
  ];
  if (config.groups.length) notes.push([], ['组别', '代码'], ...config.groups.map((g) => [g.name, g.code]));
  const authors = Object.entries(config.author_fields).filter(([, mode]) => mode === 'required').map(([k]) => AUTHOR_FIELDS[k as AuthorField]);
  if (authors.length) notes.push([], [`必填作者信息：${authors.join('、')}`]);
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(notes), '说明');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/**
 * `POST {prefix}/{act}/{work|creations}/import` (multipart: `sheet`, `zip`): every row checked
 * (rules/workImport.ts, readers by account, files by their bytes against the creation type's
 * limits) before anything is written; then the files are stored and the works made in one
 * transaction. Any error: 422 with every row's message (`第N行: …`) and nothing kept.
 */
export async function importWorks(app: FastifyInstance, request: FastifyRequest, def: ResourceDef, act: ActivityRow, config: WorkConfig): Promise<{ imported: number; ids: number[] }> {
  const received = await receiveParts(app, request);
  const stored: string[] = [];
  try {
    if (!received.sheet) throw validationError([{ field: 'sheet', message: WORK_IMPORT_NO_SHEET }]);
    const sheetExt = sniff(received.sheet.head, received.sheet.name);
    if (!sheetExt || !SHEET_EXTS.includes(sheetExt)) throw validationError([{ field: 'sheet', message: formatsMessage(SHEET_EXTS, '表格') }]);
    let read: ReturnType<typeof readWorkSheet>;
    try {
      read = readWorkSheet(config, await sheetRows(received.sheet.file));
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw validationError([{ field: 'sheet', message: '作品表格无法读取，请使用下载的模板' }]);
    }
    const errors = [...read.errors];
    const { db } = app.database;
    const accounts = [...new Set(read.rows.map((r) => r.account))];
    const people = accounts.length
      ? await db
          .select({ id: readers.id, account: readers.account, real_name: readers.real_name, phone: readers.phone, unit: readers.unit, grade: readers.grade })
          .from(readers)
          .where(and(eq(readers.org_id, act.org_id), inArray(readers.account, accounts)))
      : [];
    const byAccount = new Map(people.map((p) => [p.account, p]));
    for (const r of read.rows) if (!byAccount.has(r.account)) errors.push(`${rowPrefix(r.row)}读者账号“${r.account}”不存在`);
    const wanted = new Set(read.rows.flatMap((r) => r.files));
    if (wanted.size && !received.zip) throw validationError([{ field: 'zip', message: WORK_IMPORT_NO_ZIP }]);
    if (received.zip && !(received.zip.head[0] === 0x50 && received.zip.head[1] === 0x4b)) throw validationError([{ field: 'zip', message: formatsMessage(['zip'], '压缩包') }]);
    const maxKb = Math.max(...config.creation_types.map((t) => t.file_max_kb));
    const { checked, extracted } = wanted.size ? await zipFiles(app, received.zip!.file, wanted, received.dir, maxKb * 1024) : { checked: new Map(), extracted: new Map<string, Extracted>() };
    const rows = read.rows
      .filter((r) => byAccount.has(r.account))
      .map((r) => {
        const p = byAccount.get(r.account)!;
        const profile = { real_name: p.real_name, unit: p.unit, phone: p.phone, grade: p.grade ? `${p.grade}年级` : '' };
        return { ...r, reader: p, author_all: { ...profile, ...r.author } };
      });
    errors.push(...workImportProblems(config, rows, checked));
    if (errors.length) throw importRejected(byRow(errors));

    // Store every named file first (outside the transaction: objects, not rows), then all rows at once.
    const keyOf = new Map<string, { key: string; f: Extracted }>();
    for (const name of wanted) {
      const f = extracted.get(name)!;
      const key = newKey(orgOf(request).key, 'public', f.ext);
      await app.storage.put(key, fs.createReadStream(f.file), FILE_TYPES[f.ext].mime);
      stored.push(key);
      keyOf.set(name, { key, f });
    }
    const caller = callerOf(request);
    return await db.transaction(async (tx) => {
      if (keyOf.size) {
        await tx.insert(files).values(
          [...keyOf].map(([name, { key, f }]) => ({
            org_id: act.org_id,
            kind: 'public',
            key,
            name: name.slice(name.lastIndexOf('/') + 1).slice(0, 255),
            ext: f.ext,
            mime: FILE_TYPES[f.ext].mime,
            size: f.size,
            width: f.width,
            height: f.height,
            duration: f.duration,
            creator_kind: caller.kind,
            created_by: caller.id,
          })),
        );
      }
      const ids: number[] = [];
      const refused: string[] = [];
      for (const r of rows) {
        try {
          const made = await addUploadedWork(tx, request, act, config, r.reader, {
            creation_type_id: r.creation_type_id,
            group_id: r.group_id,
            title: r.title,
            content: r.content,
            link: r.link,
            cover: '',
            media: r.files.map((n) => fileUrl(keyOf.get(n)!.key)),
            author: r.author_all,
            pledge: true,
          });
          ids.push(made.id);
        } catch (err) {
          // A limit (works per reader, places in the activity): every such row is named, then nothing is kept.
          if (err instanceof HttpError && err.status < 500) refused.push(`${rowPrefix(r.row)}${err.message}`);
          else throw err;
        }
      }
      if (refused.length) throw importRejected(refused);
      await audit(tx, request, 'import', def.name, ids);
      return { imported: ids.length, ids };
    });
  } catch (err) {
    await Promise.all(stored.map((k) => app.storage.delete(k).catch(() => undefined)));
    throw err;
  } finally {
    await fs.promises.rm(received.dir, { recursive: true, force: true });
  }
}

/** The routes of the batch: the template and the import, in their own scope with the multipart parser. */
export function workImportRoutes(def: ResourceDef, base: string, activityOf: (request: FastifyRequest, actId: number) => Promise<ActivityRow>, configOf: (act: ActivityRow) => WorkConfig) {
  return async (app: FastifyInstance) => {
    await app.register(multipart, { limits: { fileSize: 0, files: 2, fields: 5, fieldSize: 1024, parts: 8 } });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const params = z.object({ org: z.string(), act: idParam });
    const config = { access: 'org' as const };
    r.get(`${base}/import/template`, { config: { ...config, rawBody: true }, schema: { params, querystring: z.object({ reflesh: z.unknown().optional() }) } }, async (request, reply) => {
      const act = await activityOf(request, request.params.act);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="works-template.xlsx"; filename*=UTF-8''${encodeURIComponent(`${act.title}-作品导入模板.xlsx`)}`)
        .send(workImportTemplate(configOf(act)));
    });
    r.post(`${base}/import`, { config, schema: { params } }, async (request) => {
      const act = await activityOf(request, request.params.act);
      return importWorks(app, request, def, act, configOf(act));
    });
  };
}
