import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageConfig } from '../config.js';
import { assertKey, type Storage } from './storage.js';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

const missing = (e: unknown) =>
  e instanceof S3ServiceException && (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata.httpStatusCode === 404);

/** Any S3-compatible store (AWS, MinIO, Aliyun OSS, …), so several server instances share files. */
export function s3Storage(config: S3Config): Storage {
  // The SDK's documented switch for its notice that future versions need Node 22 (we run on 20);
  // an operator who wants to see it sets the variable to anything else.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where the protocol requires them: many S3-compatible stores do not understand
    // the SDK's default trailing checksums on streamed uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  return {
    driver: 's3',
    async put(key, body, contentType) {
      assertKey(key);
      // lib-storage streams large bodies as a multipart upload (5 MB parts), small ones in one PUT.
      await new Upload({ client, params: { Bucket, Key: key, Body: body, ContentType: contentType }, queueSize: 2 }).done();
    },
    async get(key, range) {
      assertKey(key);
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        const total = res.ContentRange ? Number(/\/(\d+)$/.exec(res.ContentRange)?.[1]) : Number(res.ContentLength);
        return { body: res.Body as Readable, size: total };
      } catch (e) {
        if (missing(e)) return null;
        throw e;
      }
    },
    async size(key) {
      assertKey(key);
      try {
        return Number((await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength);
      } catch (e) {
        if (missing(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async deletePrefix(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
        const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
        if (keys.length > 0) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    close() {
      client.destroy();
    },
  };
}
