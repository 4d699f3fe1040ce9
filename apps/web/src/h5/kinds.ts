import type { ComponentType } from 'react';
import { H5_TEXTS as T } from './texts';
import { WORK_TEXTS } from './kinds/works/texts';
import { VOTE_TEXTS } from './kinds/voting/texts';
import { SURVEY_TEXTS } from './kinds/survey/texts';
import { CONTEST_TEXTS } from './kinds/contests/texts';
import { LECTURE_TEXTS } from './kinds/lecture/texts';
import { THIRD_TEXTS } from './kinds/third/texts';
import { OFFLINE_TEXTS } from './kinds/offline/texts';

/**
 * The one list of the reader app's kind pages (issue 27): each kind's pages live in `kinds/<kind>/`
 * and are listed here once. A page is routed at `activities/:id/{path}` and offered as a button on
 * the activity's page when the activity is of its type. Kind folders never import each other.
 */
export interface H5KindPage {
  /** The activity type (spec §4) whose activities offer this page. */
  type: number;
  /** Under `activities/:id/`. */
  path: string;
  /** The button on the activity's page. */
  label: string;
  load: () => Promise<ComponentType>;
}

export const H5_KIND_PAGES: H5KindPage[] = [
  { type: 8, path: 'checkin', label: T.goCheckin, load: async () => (await import('./kinds/readClock/CheckinPage')).CheckinPage },
  // 原创作品 and 多类型原创 share the page (one route: main.tsx routes a path once)
  { type: 1, path: 'works', label: WORK_TEXTS.go, load: async () => (await import('./kinds/works/WorksPage')).WorksPage },
  { type: 9, path: 'works', label: WORK_TEXTS.go, load: async () => (await import('./kinds/works/WorksPage')).WorksPage },
  { type: 2, path: 'vote', label: VOTE_TEXTS.go, load: async () => (await import('./kinds/voting/VotingPage')).VotingPage },
  { type: 4, path: 'survey', label: SURVEY_TEXTS.go, load: async () => (await import('./kinds/survey/SurveyPage')).SurveyPage },
  { type: 3, path: 'contest', label: CONTEST_TEXTS.goContest, load: async () => (await import('./kinds/contests/ContestPage')).ContestPage },
  { type: 6, path: 'levels', label: CONTEST_TEXTS.goLevels, load: async () => (await import('./kinds/contests/ContestPage')).ContestPage },
  { type: 19, path: 'lecture', label: LECTURE_TEXTS.goLecture, load: async () => (await import('./kinds/lecture/LecturePage')).LecturePage },
  { type: 7, path: 'launch', label: THIRD_TEXTS.goThird, load: async () => (await import('./kinds/third/LaunchPage')).LaunchPage },
  { type: 5, path: 'sessions', label: OFFLINE_TEXTS.goBook, load: async () => (await import('./kinds/offline/SessionsPage')).SessionsPage },
];

/**
 * A kind's pages of the reader's own records, routed under `me/` (我的): an entry of the 我的 page
 * when it has a label (a page under another, such as one ticket, has none).
 */
export interface H5MePage {
  /** Under `me/`. */
  path: string;
  label?: string;
  load: () => Promise<ComponentType>;
}

export const H5_ME_PAGES: H5MePage[] = [
  { path: 'bookings', label: OFFLINE_TEXTS.myBookings, load: async () => (await import('./kinds/offline/MyBookingsPage')).MyBookingsPage },
  { path: 'bookings/:rid', load: async () => (await import('./kinds/offline/TicketPage')).TicketPage },
];
