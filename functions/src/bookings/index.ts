export type {
  BookingRecord,
  BookingLapsed,
  BookingMoved,
  BookingRequested,
  BookingStatusChanged,
  Client,
  Interval,
  SeriesRecord,
} from './types';
export { bookingView, practiceBookingView, serviceById } from './views';
export { bookingMode, joinUrlOf, newVideoRoom } from './video';
export { placeOf, videoLinkOf } from './place';
export { emailDateTime } from './email-dates';
export { bookingRoutes } from './routes';
export { bookerOrParticipant } from './access';
export { StatusBody, cancelAsClient } from './change-status';
export {
  bookingsStartingWithin,
  busyIntervals,
  changeSeriesSessions,
  changeStatus,
  clientBookings,
  deleteClientBookings,
  findBooking,
  insertBooking,
  insertSeriesSession,
  lockClient,
  lockPlansOfClient,
  markAttendance,
  openRequests,
  seriesBookings,
} from './queries';
export { joinedPlace } from './room';
export { checkedParty, partyOfEvent } from './party-request';
export { requestSession } from './create-booking';
export { busyStretch, checkStart } from './slots';
export { startRefusal } from './refusals';
export { stillInHerTime } from './her-time';
export { declineLapsedRequests } from './lapsed-requests';
