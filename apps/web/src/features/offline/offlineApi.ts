import type { ReviewPath } from '@huodong/domain';

/** The calls of the offline pages (issue 23), one place for their paths. */
export const sessionsPath = (org: string, act: number) => `/v1/${org}/train/${act}/session`;
/** Every type-5 activity's sessions (single or series), to pick one. */
export const activitySessionsPath = (org: string, act: number) => `/v1/${org}/offline/${act}/sessions`;
export const batchPath = (org: string, act: number) => `${sessionsPath(org, act)}/batch`;
export const managePath = (org: string, act: number) => `/v1/${org}/train/${act}/manage`;
export const cancelPath = (org: string, id: number) => `/v1/${org}/train/reserve/${id}/cancel`;
export const promotePath = (org: string, session: number) => `/v1/${org}/train/session/${session}/promote`;
export const checkinPath = (org: string, id: number) => `/v1/${org}/train/reserve/${id}/checkin`;
export const checkPath = (org: string, act: number) => `/v1/${org}/check/${act}/offline`;
export const exportPath = (org: string) => `/v1/${org}/export/reserve`;
export const venuesPath = (org: string) => `/v1/${org}/offline/address`;
export const reviewPath = (org: string, act: number, what: ReviewPath | string) => `/v1/${org}/review/${act}/${what}`;
export const reviewKey = (act: number) => ['offlineReview', act] as const;
