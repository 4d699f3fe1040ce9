import { MEDIA_DOWNLOAD_FAILED } from '@huodong/domain/messages';
import { api } from '../../shared/api';
import { feedback } from '../../shared/feedback';

/** Where a type's works live (domain WORK_KINDS, without importing the zod-carrying module). */
export const WORK_BASE = { 1: 'original', 9: 'originalmix' } as const;
/** The pages of a type's figures (spec §2 adminCount): the figures, the downloads, the performances' download. */
export const COUNT_PAGE = { 1: 'adminCount/adminActCount/actCountOri', 9: 'adminCount/adminActCount/actCountOriMix' } as const;
export const DOWNLOAD_PAGE = { 1: 'adminCount/adminActCount/actCountOriDownload', 9: 'adminCount/adminActCount/actCountOriMixDownload' } as const;
export const PROGRAM_DOWNLOAD_PAGE = 'adminCount/adminActCount/actCountOriProgramload';
/** The declared list of a type-1 activity's works as its detailed figures (统计详情). */
export const DETAIL_PAGE = 'adminCount/adminActCount/actCountOriMore';
/** The works list's declared export (domain WORK_KINDS name), `GET /v1/{org}/export/{name}?act=`. */
export const WORK_EXPORT = { 1: 'originalWorks', 9: 'originalMixWorks' } as const;
export type WorkType = keyof typeof WORK_BASE;

export const configPath = (org: string, type: WorkType, act: number) => `/v1/${org}/${WORK_BASE[type]}/work/config?act=${act}`;

/** Spec §8: a media download is retried up to 5 times, 2 seconds apart, then the spec's message. */
export const MEDIA_RETRIES = 5;
export const MEDIA_RETRY_MS = 2000;

/** The works a download pages asks for instead of ids (domain WORK_DOWNLOAD_PARTS): passed review, or the performances among them. */
export type WorkPart = 'passed' | 'program';

/** The selected works' files (or a part of the activity's) as one zip (the server streams it), with the spec's retries. */
export async function downloadWorks(org: string, type: WorkType, act: number, chosen: readonly number[] | WorkPart, wait = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<boolean> {
  const query = typeof chosen === 'string' ? { act, part: chosen } : { act, ids: chosen.join(',') };
  for (let attempt = 1; attempt <= MEDIA_RETRIES; attempt++) {
    try {
      await api.download(`/v1/${org}/${WORK_BASE[type]}/download`, query, { silent: true, filename: 'works.zip' });
      return true;
    } catch {
      if (attempt < MEDIA_RETRIES) await wait(MEDIA_RETRY_MS);
    }
  }
  feedback.message.error(MEDIA_DOWNLOAD_FAILED);
  return false;
}

/** A works activity's settings as the pages read them: its creation types and groups (and the rest as stored). */
export interface WorkConfigView {
  creation_types: { id: number; name: string; media: string }[];
  groups: { id: number; name: string; code: string }[];
  [key: string]: unknown;
}
