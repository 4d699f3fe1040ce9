import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { assertKey, type ByteRange, type Storage, type StoredObject } from './storage.js';

/** Files under one folder (DATA_DIR/files). Writes go to a temporary name and are renamed into place. */
export function localStorage(root: string): Storage {
  const file = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  const stat = async (key: string) => fs.promises.stat(file(key)).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? null : Promise.reject(e)));

  return {
    driver: 'local',
    async put(key, body) {
      const target = file(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        if (Buffer.isBuffer(body)) await fs.promises.writeFile(tmp, body);
        else await pipeline(body, fs.createWriteStream(tmp));
        await fs.promises.rename(tmp, target);
      } catch (e) {
        await fs.promises.rm(tmp, { force: true });
        throw e;
      }
    },
    async get(key, range?: ByteRange): Promise<StoredObject | null> {
      const s = await stat(key);
      if (!s?.isFile()) return null;
      return { body: fs.createReadStream(file(key), range ? { start: range.start, end: range.end } : {}), size: s.size };
    },
    async size(key) {
      const s = await stat(key);
      return s?.isFile() ? s.size : null;
    },
    async delete(key) {
      await fs.promises.rm(file(key), { force: true });
    },
    async deletePrefix(prefix) {
      await fs.promises.rm(file(prefix.replace(/\/$/, '')), { recursive: true, force: true });
    },
    close() {},
  };
}
