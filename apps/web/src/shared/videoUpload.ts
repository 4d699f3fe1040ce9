import { api, isApiError } from './api';
import { feedback } from './feedback';

/**
 * The resumable video upload (spec §7 `upload/video`: getAuth, chunks, refresh, getInfo): the
 * file goes up in chunks with the upload's own authorisation, resumes where the server says it
 * stands, then waits for the transcoded MP4 (getInfo answers body code 0 until it is ready).
 */
interface UploadAuth {
  videoId: string;
  uploadAuth: string;
  /** PUT each chunk here with `?offset=` and the header `X-Upload-Auth`. */
  uploadAddress: string;
  chunkSize: number;
  offset: number;
  size: number;
}

export interface UploadedVideo {
  videoId: string;
  url: string;
  cover: string | null;
}

/** Spec §8: body code 0 = the video is still being converted. */
const CONVERTING_CODE = 0;
const POLL_MS = 2000;
const UPLOAD_FAILED = '视频上传失败，请重试';

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new DOMException('Upload aborted', 'AbortError'));
    }, { once: true });
  });

export interface VideoUploadOptions {
  /** Whole percentages of the bytes sent. */
  onProgress?: (percent: number) => void;
  /** Called once the server knows the upload (its id, for cancelling). */
  onStarted?: (videoId: string) => void;
  /** Called when every byte is up and the server transcodes. */
  onProcessing?: () => void;
  signal?: AbortSignal;
}

/** Upload a video under `base` (`/v1` or `/v1/{org}`) and wait for its transcoded file. */
export async function uploadVideo(base: string, file: File, opts: VideoUploadOptions = {}): Promise<UploadedVideo> {
  const { signal } = opts;
  let auth = await api.post<UploadAuth>(`${base}/upload/video/getAuth`, { name: file.name, size: file.size }, { signal });
  opts.onStarted?.(auth.videoId);
  let offset = auth.offset;
  let retries = 0;
  while (offset < file.size) {
    const chunk = file.slice(offset, offset + auth.chunkSize);
    try {
      const env = await api.request<{ offset: number }>('PUT', auth.uploadAddress, {
        query: { offset },
        bytes: chunk,
        headers: { 'X-Upload-Auth': auth.uploadAuth },
        signal,
        silent: true,
      });
      offset = env.data.offset;
      retries = 0;
    } catch (e) {
      if (signal?.aborted || !isApiError(e) || retries++ >= 3) {
        if (!signal?.aborted) feedback.message.error(isApiError(e) && e.message ? e.message : UPLOAD_FAILED);
        throw e;
      }
      const at = (e.data as { offset?: unknown } | null)?.offset;
      if (e.status === 409 && typeof at === 'number') offset = at;
      else if (e.status === 400) auth = { ...auth, ...(await api.post<UploadAuth>(`${base}/upload/video/refresh`, { videoId: auth.videoId }, { signal })) };
      else {
        feedback.message.error(e.message || UPLOAD_FAILED);
        throw e;
      }
    }
    opts.onProgress?.(Math.floor((offset / file.size) * 100));
  }
  opts.onProcessing?.();
  for (;;) {
    try {
      const info = await api.get<{ videoId: string; url: string; cover: string | null }>(`${base}/upload/video/getInfo`, { videoId: auth.videoId }, { signal, silent: true });
      return { videoId: info.videoId, url: info.url, cover: info.cover };
    } catch (e) {
      if (!isApiError(e) || e.code !== CONVERTING_CODE) {
        if (isApiError(e) && !signal?.aborted) feedback.message.error(e.message || UPLOAD_FAILED);
        throw e;
      }
    }
    await sleep(POLL_MS, signal);
  }
}

/** Cancel an upload the server still holds (`DELETE {base}/upload/video/{id}`). */
export const cancelVideoUpload = (base: string, videoId: string): Promise<unknown> => api.del(`${base}/upload/video/${videoId}`);
