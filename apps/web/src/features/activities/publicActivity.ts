import { ACTIVITY_STATE_LABEL, activityStateOf, formatSeconds, type ActivityState } from '@huodong/domain';

/**
 * `GET /v1/{org}/activity/{id}/public` (no sign-in): what anyone may see of a published activity
 * — asked of the server for the public page `/{org}/alter/viewCount?actID=` (spec §2).
 */
export interface PublicActivity {
  id: number;
  title: string;
  cover?: string;
  type?: number;
  type_name?: string;
  start_at: number | null;
  end_at: number | null;
  /** The explicit state (spec §4), when the server sends it rather than `act_state`. */
  state?: number | null;
  act_state?: number;
  is_pause?: number;
  join_num: number;
  view_count: number;
  org_name?: string;
}

export const publicActivityPath = (org: string, id: number): string => `/v1/${encodeURIComponent(org)}/activity/${id}/public`;

/** The state (spec §4): the server's `act_state`, else computed from the times and the explicit state. */
export function publicState(a: Pick<PublicActivity, 'act_state' | 'start_at' | 'end_at' | 'state'>, nowSeconds = Date.now() / 1000): ActivityState {
  if (a.act_state === 1 || a.act_state === 2 || a.act_state === 3) return a.act_state;
  return activityStateOf({ start_at: a.start_at, end_at: a.end_at, state: a.state ?? null }, nowSeconds);
}

export const publicStateLabel = (a: Parameters<typeof publicState>[0], nowSeconds?: number): string => ACTIVITY_STATE_LABEL[publicState(a, nowSeconds)];

/** `start 至 end` in China time; a missing end shows the start alone. */
export function timeRange(a: Pick<PublicActivity, 'start_at' | 'end_at'>): string {
  const from = formatSeconds(a.start_at);
  const to = formatSeconds(a.end_at);
  return to ? `${from} 至 ${to}` : from;
}
