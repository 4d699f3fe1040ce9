import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { VIDEO_UPLOAD } from '@huodong/domain';
import type { AppConfig } from '../config.js';
import { localStorage } from './local.js';
import { s3Storage } from './s3.js';
import type { Storage } from './storage.js';
import { defineVideoJobs } from './videoWorker.js';

export type { Storage } from './storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stored files: DATA_DIR/files, or the S3-compatible store of S3_*. */
    storage: Storage;
  }
}

export function openStorage(config: AppConfig): Storage {
  return config.storage.driver === 's3' ? s3Storage(config.storage) : localStorage(path.join(config.dataDir, 'files'));
}

/** Decorate the storage onto the app (closed with it) and define the video jobs (unless VIDEO_WORKER=off). */
export function registerStorage(app: FastifyInstance, storage: Storage = openStorage(app.config)): void {
  app.decorate('storage', storage);
  app.addHook('onClose', async () => storage.close());
  if (app.config.videoWorker) defineVideoJobs(app, { chunkBytes: app.config.videoChunkBytes ?? VIDEO_UPLOAD.chunkBytes });
}
