import { downloadMedia } from '../../shared/mediaDownload';

/** Where a type's works live (domain WORK_KINDS, without importing the zod-carrying module). */
export const WORK_BASE = { 1: 'original', 9: 'originalmix' } as const;
/** The pages of a type's figures (spec §2 adminCount): the figures, the downloads, the performances' download. */
export const COUNT_PAGE = { 1: 'adminCount/adminActCount/actCountOri', 9: 'adminCount/adminActCount/actCountOriMix' } as const;
export const DOWNLOAD_PAGE = { 1: 'adminCount/adminActCount/actCountOriDownload', 9: 'adminCount/adminActCount/actCountOriMixDownload' } as const;
export const PROGRAM_DOWNLOAD_PAGE = 'adminCount/adminActCount/actCountOriProgramload';
/** The declared list of a type-1 activity's works as its detailed figures (统计详情). */
export const DETAIL_PAGE = 'adminCount/adminActCount/actCountOriMore';
export type WorkType = keyof typeof WORK_BASE;

export const configPath = (org: string, type: WorkType, act: number) => `/v1/${org}/${WORK_BASE[type]}/work/config?act=${act}`;

/** The works a download pages asks for instead of ids (domain WORK_DOWNLOAD_PARTS): passed review, or the performances among them. */
export type WorkPart = 'passed' | 'program';

/** The selected works' files (or a part of the activity's) as one zip (the server streams it), with the spec's retries. */
export function downloadWorks(org: string, type: WorkType, act: number, chosen: readonly number[] | WorkPart, wait?: (ms: number) => Promise<unknown>): Promise<boolean> {
  const query = typeof chosen === 'string' ? { act, part: chosen } : { act, ids: chosen.join(',') };
  return downloadMedia(`/v1/${org}/${WORK_BASE[type]}/download`, query, 'works.zip', wait);
}

/** A works activity's settings as the pages read them: its creation types and groups (and the rest as stored). */
export interface WorkConfigView {
  creation_types: { id: number; name: string; media: string }[];
  groups: { id: number; name: string; code: string }[];
  [key: string]: unknown;
}
