import type { Readable } from 'node:stream';

/** A byte range, both ends included (as in HTTP `Range`). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  body: Readable;
  /** Size of the whole object (not of the range). */
  size: number;
}

/**
 * Where stored files live. Keys are `/`-separated, without `..`; one driver per process:
 * the local disk (one instance) or an S3-compatible store (several instances share files).
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** Store a whole object from a stream (read to the end) or a buffer. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  /** The object (or a range of it); null when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Size of the object; null when there is none. */
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** Delete every object under a prefix (`tmp/video/abc/`). */
  deletePrefix(prefix: string): Promise<void>;
  close(): void;
}

const KEY = /^[a-zA-Z0-9_-]+(?:\/[a-zA-Z0-9_.-]+)*$/;

/** Keys come from our own naming, but the serving route takes them from the URL: refuse anything odd. */
export function isSafeKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key) && !key.split('/').some((s) => s === '.' || s === '..' || s.startsWith('.'));
}

export function assertKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`invalid storage key: ${key}`);
}
