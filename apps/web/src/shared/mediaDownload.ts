import { MEDIA_DOWNLOAD_FAILED } from '@huodong/domain/messages';
import { api, type QueryParams } from './apiClient';
import { feedback } from './feedback';

/** Spec §8: a media download is retried up to 5 times, 2 seconds apart, then the spec's message. */
export const MEDIA_RETRIES = 5;
export const MEDIA_RETRY_MS = 2000;

/** A media file (a zip the server streams) with the spec's retries; false after the last one failed (the message shown). */
export async function downloadMedia(path: string, query: QueryParams, filename: string, wait = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<boolean> {
  for (let attempt = 1; attempt <= MEDIA_RETRIES; attempt++) {
    try {
      await api.download(path, query, { silent: true, filename });
      return true;
    } catch {
      if (attempt < MEDIA_RETRIES) await wait(MEDIA_RETRY_MS);
    }
  }
  feedback.message.error(MEDIA_DOWNLOAD_FAILED);
  return false;
}
