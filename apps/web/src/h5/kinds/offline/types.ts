/** What the reader API answers for offline bookings (server kinds/offline/readerRoutes.ts). */
export interface ShownSession {
  id: number;
  title: string;
  speaker: string;
  start_at: number;
  end_at: number;
  address: string;
  venue_name: string;
  capacity: number;
  seats_left: number;
  waiting: number;
}

/** A reservation's state and what the reader may do with it. */
export interface ReservationState {
  id: number;
  status: string;
  seats: number;
  offer_expires_at: number | null;
  waitlist_place: number | null;
}

export interface MyReservation extends ReservationState {
  status_text: string;
  companions: { name: string; phone?: string }[];
  checked_in_at: number | null;
  session: ShownSession | null;
  activity: { id: number; title: string } | null;
}

/** The statuses that hold a seat: they have a ticket. */
export const HAS_TICKET = ['confirmed', 'pending'];
/** The statuses a reader may cancel (the deadline aside: the server says). */
export const ACTIVE = ['pending', 'confirmed', 'offered', 'waitlisted'];
