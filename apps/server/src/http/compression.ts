import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compress API answers (JSON envelopes, error bodies, streamed exports) per request, brotli first,
 * then gzip, as the client's Accept-Encoding allows; `Vary: Accept-Encoding` is set. Registered
 * before the routes: it hooks every route declared after it. The web app's files are precompressed
 * at build time and their route opts out (http/static.ts). A body that already carries a
 * Content-Encoding is left alone; ranges (206) are never compressed.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    // zstd only where Node has it (22.15+): keep the same answers on every supported Node.
    encodings: ['br', 'gzip'],
    // Answers only: request bodies are not inflated (the body limits count the bytes as sent).
    globalDecompression: false,
  });
}
