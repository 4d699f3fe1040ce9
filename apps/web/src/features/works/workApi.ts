import { MEDIA_DOWNLOAD_FAILED } from '@huodong/domain/messages';
import { api } from '../../shared/api';
import { feedback } from '../../shared/feedback';

/** Where a type's works live (domain WORK_KINDS, without importing the zod-carrying module). */
export const WORK_BASE = { 1: 'original', 9: 'originalmix' } as const;
export type WorkType = keyof typeof WORK_BASE;

export const configPath = (org: string, type: WorkType, act: number) => `/v1/${org}/${WORK_BASE[type]}/work/config?act=${act}`;

/** Spec §8: a media download is retried up to 5 times, 2 seconds apart, then the spec's message. */
export const MEDIA_RETRIES = 5;
export const MEDIA_RETRY_MS = 2000;

/** The selected works' files as one zip (the server streams it), with the spec's retries. */
export async function downloadWorks(org: string, type: WorkType, act: number, ids: readonly number[], wait = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<boolean> {
  for (let attempt = 1; attempt <= MEDIA_RETRIES; attempt++) {
    try {
      await api.download(`/v1/${org}/${WORK_BASE[type]}/download`, { act, ids: ids.join(',') }, { silent: true, filename: 'works.zip' });
      return true;
    } catch {
      if (attempt < MEDIA_RETRIES) await wait(MEDIA_RETRY_MS);
    }
  }
  feedback.message.error(MEDIA_DOWNLOAD_FAILED);
  return false;
}
