import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FILE_EMPTY,
  FILE_TYPES,
  UPLOAD_RULES,
  VIDEO_UPLOAD,
  formatsMessage,
  tooLargeMessage,
  type FileClass,
  type FileExt,
  type StoredKind,
  type UploadRule,
} from '@huodong/domain';
import { files } from '../db/schema.js';
import { HttpError, badRequest, validationError } from '../http/errors.js';
import { callerOf } from '../auth/access.js';
import { probeImage, probeMedia } from './media.js';
import { SNIFF_BYTES, sniff } from './sniff.js';

/** What an upload answers (and what a stored file is, to the client). */
export interface FileInfo {
  id: number;
  /** Where the file is served (`/v1/files/{key}`); images take `?width=`. */
  url: string;
  key: string;
  name: string;
  ext: string;
  mime: string;
  /** image, audio, video or document. */
  type: FileClass;
  size: number;
  width: number | null;
  height: number | null;
  duration: number | null;
}

export const FILES_ROUTE_PREFIX = '/v1/files/';
export const fileUrl = (key: string): string => `${FILES_ROUTE_PREFIX}${key}`;

export function fileInfo(row: typeof files.$inferSelect): FileInfo {
  const ext = row.ext as FileExt;
  return {
    id: row.id,
    url: fileUrl(row.key),
    key: row.key,
    name: row.name,
    ext,
    mime: row.mime,
    type: FILE_TYPES[ext]?.cls ?? 'document',
    size: row.size,
    width: row.width,
    height: row.height,
    duration: row.duration,
  };
}

/** The largest upload of a kind in bytes (UPLOAD_<KIND>_MAX_MB or the domain's default). */
export function maxBytes(app: FastifyInstance, kind: StoredKind): number {
  const mb = app.config.uploadMaxMB[kind] ?? (kind === 'video' ? VIDEO_UPLOAD.maxMB : UPLOAD_RULES[kind].maxMB);
  return Math.floor(mb * 1024 * 1024);
}

export const tooLarge = (bytes: number) => new HttpError(413, tooLargeMessage(Math.floor(bytes / 1024)));

/** `{org key | super}/{kind}/{yyyy}/{random}.{ext}`: random, so a URL cannot be guessed and never changes. */
export function newKey(scope: string, kind: string, ext: string, name = randomBytes(12).toString('hex')): string {
  return `${scope}/${kind}/${new Date().getUTCFullYear()}/${name}.${ext}`;
}

/** The storage folder of the request's scope: its organisation key, or `super`. */
export const scopeOf = (request: FastifyRequest): string => request.org?.key ?? 'super';

/** Internal objects (chunks, thumbnails) live under `_…/`: organisation keys never start with `_`. */
export const TMP_PREFIX = '_tmp';
export const CACHE_PREFIX = '_cache';

/** A local scratch folder under DATA_DIR (never in memory, never in /tmp that may be RAM). */
export async function scratchDir(app: FastifyInstance): Promise<string> {
  const root = path.join(app.config.dataDir, 'tmp');
  await fs.promises.mkdir(root, { recursive: true });
  return fs.promises.mkdtemp(path.join(root, 'up-'));
}

/** Metadata a stored file gets from its content: picture size, duration. */
export async function describe(app: FastifyInstance, file: string, ext: FileExt) {
  const cls = FILE_TYPES[ext].cls;
  if (cls === 'image') {
    const m = await probeImage(file);
    return { ...m, duration: null };
  }
  if (cls === 'audio' || cls === 'video') {
    const m = await probeMedia(app.config.ffmpegPath, file);
    return { width: m.width, height: m.height, duration: m.duration, readable: m.readable };
  }
  return { width: null, height: null, duration: null, readable: true };
}

/** Store a checked local file and record it in `files`. */
export async function storeFile(
  app: FastifyInstance,
  request: FastifyRequest,
  opts: { file: string; ext: FileExt; kind: string; name: string; size: number },
): Promise<FileInfo> {
  // A reader's upload (the participant API) is recorded as the reader's own.
  const caller = request.reader ? { kind: 'reader', id: request.reader.id } : callerOf(request);
  const meta = await describe(app, opts.file, opts.ext);
  if (!meta.readable) throw badRequest(`文件已损坏或无法识别，请重新选择`);
  const key = newKey(scopeOf(request), opts.kind, opts.ext);
  const { mime } = FILE_TYPES[opts.ext];
  await app.storage.put(key, fs.createReadStream(opts.file), mime);
  const [row] = await app.database.db
    .insert(files)
    .values({
      org_id: request.org?.id ?? null,
      kind: opts.kind,
      key,
      name: opts.name.slice(0, 255),
      ext: opts.ext,
      mime,
      size: opts.size,
      width: meta.width,
      height: meta.height,
      duration: meta.duration,
      creator_kind: caller.kind,
      created_by: caller.id,
    })
    .returning();
  return fileInfo(row);
}

/**
 * The multipart `file` of a request, streamed to a scratch file (a large file never sits in
 * memory) while its first bytes are kept to tell its type. Refuses a missing file, a file over
 * `limit` bytes and a type outside `rule.exts` — by the bytes, not the name.
 */
export async function receiveMultipart(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: string,
  rule: Pick<UploadRule, 'exts' | 'noun'>,
  limit: number,
): Promise<FileInfo> {
  if (!request.isMultipart()) throw validationError([{ field: 'file', message: FILE_EMPTY }]);
  const part = await request.file({ limits: { fileSize: limit, files: 1, fields: 10, fieldSize: 1024, parts: 12 }, throwFileSizeLimit: false });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw validationError([{ field: 'file', message: FILE_EMPTY }]);
  }
  const dir = await scratchDir(app);
  try {
    const target = path.join(dir, 'upload');
    let head = Buffer.alloc(0);
    let size = 0;
    const watch = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        done(null, chunk);
      },
    });
    await pipeline(part.file, watch, fs.createWriteStream(target));
    if (part.file.truncated) throw tooLarge(limit);
    if (size === 0) throw validationError([{ field: 'file', message: FILE_EMPTY }]);
    const ext = sniff(head, part.filename);
    if (!ext || !rule.exts.includes(ext)) throw validationError([{ field: 'file', message: formatsMessage(rule.exts, rule.noun) }]);
    return await storeFile(app, request, { file: target, ext, kind, name: part.filename ?? '', size });
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** `/v1/files/{key}` (with or without a query) → the key. */
export const keyOfUrl = (url: string): string => (url.startsWith(FILES_ROUTE_PREFIX) ? url.slice(FILES_ROUTE_PREFIX.length).split('?')[0] : '');
