import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { FILE_TYPES, IMAGE_WIDTH_DEFAULT, IMAGE_WIDTH_INVALID, IMAGE_WIDTH_MAX, IMAGE_WIDTH_MIN, type FileExt } from '@huodong/domain';
import { files } from '../db/schema.js';
import { HttpError, notFound } from '../http/errors.js';
import { CACHE_PREFIX, FILES_ROUTE_PREFIX } from '../storage/files.js';
import { isSafeKey, type ByteRange } from '../storage/storage.js';
import { buffer } from 'node:stream/consumers';

const FILE_NOT_FOUND = '文件不存在或已被删除';
/** Keys are random and never reused: a file at a URL never changes. */
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

/**
 * One `Range: bytes=…` of a file of `size` bytes: the range, null (no or unusable header: whole
 * file), or 'unsatisfiable' (416). Several ranges are answered with the whole file.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const m = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** `?width` → 200 (spec §9), `?width=N` → N within bounds, no `width` → the original. */
export function parseWidth(query: Record<string, unknown>): number | null {
  if (!('width' in query)) return null;
  const raw = String(query.width ?? '').trim();
  if (raw === '') return IMAGE_WIDTH_DEFAULT;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < IMAGE_WIDTH_MIN || n > IMAGE_WIDTH_MAX) throw new HttpError(422, IMAGE_WIDTH_INVALID, { errors: [{ field: 'width', message: IMAGE_WIDTH_INVALID }] });
  return n;
}

/**
 * Stored files, public (pages show them in `<img>`, `<video>`): `GET /v1/files/{key}`. Only keys
 * recorded in `files` are served. Images, audio and video inline; anything else as a download.
 * `Content-Security-Policy: sandbox` (stricter than the app's) keeps any file from running script
 * in the app's origin. Range requests for seeking; images resized by `?width`.
 */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.get(`${FILES_ROUTE_PREFIX}*`, { config: { access: 'public', rawBody: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isSafeKey(key)) throw notFound(FILE_NOT_FOUND);
    const [row] = await db.select().from(files).where(eq(files.key, key)).limit(1);
    const type = row ? FILE_TYPES[row.ext as FileExt] : undefined;
    if (!row || !type) throw notFound(FILE_NOT_FOUND);

    const width = type.cls === 'image' ? parseWidth(request.query as Record<string, unknown>) : null;
    // No upscaling: a width at or above the picture's own is the original.
    const resize = width && row.width && width < row.width ? width : null;
    const etag = `"${row.id}-${resize ?? 'o'}"`;
    /** Set only once the answer is the file: an error must not be cached for a year. */
    const fileHeaders = () => {
      reply.header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'");
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cache-control', CACHE_FOREVER);
      reply.header('etag', etag);
      reply.header('accept-ranges', 'bytes');
      if (type.cls === 'document') {
        const name = row.name || key.split('/').pop()!;
        reply.header('content-disposition', `attachment; filename="${key.split('/').pop()}"; filename*=UTF-8''${encodeURIComponent(name)}`);
      }
    };
    if (request.headers['if-none-match'] === etag) {
      fileHeaders();
      return reply.status(304).send();
    }

    let source: { size: number; open: (range?: ByteRange) => Promise<NodeJS.ReadableStream | Buffer | null> };
    if (resize) {
      const buf = await thumbnail(row.key, row.ext as FileExt, row.mime, resize);
      source = { size: buf.length, open: async (r) => (r ? buf.subarray(r.start, r.end + 1) : buf) };
    } else {
      const size = await app.storage.size(row.key);
      if (size === null) throw notFound(FILE_NOT_FOUND);
      source = { size, open: async (r) => (await app.storage.get(row.key, r))?.body ?? null };
    }
    const range = parseRange(request.headers.range, source.size);
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${source.size}`);
      throw new HttpError(416, '请求的范围无效');
    }
    const body = await source.open(range ?? undefined);
    if (!body) throw notFound(FILE_NOT_FOUND);
    fileHeaders();
    reply.header('content-type', row.mime);
    if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${source.size}`);
    reply.header('content-length', range ? range.end - range.start + 1 : source.size);
    return reply.send(body);
  });

  /** The picture at `width`, made once with sharp and kept in the storage under `_cache/`. */
  async function thumbnail(key: string, ext: FileExt, mime: string, width: number): Promise<Buffer> {
    const cacheKey = `${CACHE_PREFIX}/w${width}/${key}`;
    const cached = await app.storage.get(cacheKey);
    if (cached) return buffer(cached.body);
    const original = await app.storage.get(key);
    if (!original) throw notFound(FILE_NOT_FOUND);
    const animated = ext === 'gif' || ext === 'webp';
    const out = await sharp(await buffer(original.body), { animated })
      .rotate() // EXIF orientation, as the browser shows the original
      .resize({ width, withoutEnlargement: true })
      .toBuffer();
    await app.storage.put(cacheKey, out, mime);
    return out;
  }
}
