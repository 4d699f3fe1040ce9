import type { ComponentType } from 'react';
import { H5_TEXTS as T } from './texts';
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
