import { AttendedBookingSchema, NoteSchema, type Attendance } from '../../../shared/clinical-api';
import { apiRequest } from '../../lib/api';

const notePath = (bookingId: string) =>
  `/api/practice/bookings/${encodeURIComponent(bookingId)}/note`;

/** The session's note (an empty draft before one is written); the server audits every read. */
export const fetchNote = (bookingId: string, signal?: AbortSignal) =>
  apiRequest(notePath(bookingId), NoteSchema, { signal });

/** Saves the draft; a signed note answers 409. */
export const saveNoteDraft = (bookingId: string, text: string) =>
  apiRequest(notePath(bookingId), NoteSchema, { method: 'PUT', body: { text } });

export const signNote = (bookingId: string) =>
  apiRequest(`${notePath(bookingId)}/sign`, NoteSchema, { method: 'POST' });

export const addAddendum = (bookingId: string, text: string) =>
  apiRequest(`${notePath(bookingId)}/addenda`, NoteSchema, { method: 'POST', body: { text } });

/** Marks what happened to the session; before its end the server answers 422 with a sentence. */
export const markAttendance = (bookingId: string, attendance: Attendance) =>
  apiRequest(
    `/api/practice/bookings/${encodeURIComponent(bookingId)}/attendance`,
    AttendedBookingSchema,
    { method: 'POST', body: { attendance } },
  );
