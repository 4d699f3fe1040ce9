import { ReservationsPage } from './ReservationsPage';

/** 场次报名 (`adminAct/adminOfflinesListWork?actID=&sessionID=`): the bookings of a series, narrowed to a session. */
export default function SeriesReservationsPage() {
  return <ReservationsPage resource="seriesReservations" />;
}
