import type { Booking, Reminder } from '../../../shared/booking';
import type { AttendedBooking } from '../../../shared/clinical-api';
import { DEFAULT_MEETING_HOST } from '../platform/settings';
import { joinUrlOf } from './video';
import { BOOKING_RULES } from '../../../shared/booking-rules';
import { HOUR_MS } from '../../../shared/time';
import { serviceNameOf, type Service } from '../../../shared/service';
import { allowedActions, checkChange } from '../../../shared/booking-status';
import type { BookingRecord } from './types';
import { problems } from '../platform/http/problems';

export function serviceById(services: readonly Service[], id: number): Service {
  const service = services.find((candidate) => candidate.id === id);
  if (!service) {
    throw problems.outsideRules(
      `We offer no service number ${id}. Choose one from the services list.`,
    );
  }
  return service;
}

export function bookingView(
  booking: BookingRecord,
  services: readonly Service[],
  now: Date,
  /** The Jitsi server (the function's MEETING_HOST setting). */
  meetingHost: string = DEFAULT_MEETING_HOST,
): Booking {
  const joinUrl = joinUrlOf(booking, meetingHost);
  return {
    id: booking.id,
    serviceId: booking.serviceId,
    serviceName: serviceNameOf(services, booking.serviceId),
    start: booking.start.toISOString(),
    end: booking.end.toISOString(),
    status: booking.status,
    note: booking.note,
    seriesId: booking.seriesId,
    cancellable: checkChange('cancel', booking, 'client', now).ok,
    actions: allowedActions(booking, 'client', now),
    mode: booking.mode ?? 'in-person',
    ...(joinUrl && { joinUrl }),
    ...(booking.callPhone && { phone: booking.callPhone }),
  };
}

/** Reminder states by booking id (messages/outbox.ts `reminderStates`), for the diary. */
export type ReminderStates = ReadonlyMap<string, { sentAt: Date | null; failed: boolean }>;

/** A confirmed session still ahead has a reminder: due, sent, or failed. */
function reminderView(booking: BookingRecord, now: Date, states: ReminderStates): Reminder | null {
  if (booking.status !== 'confirmed' || booking.start <= now) return null;
  const state = states.get(booking.id);
  return {
    due: new Date(
      booking.start.getTime() - BOOKING_RULES.reminderHoursBefore * HOUR_MS,
    ).toISOString(),
    sentAt: state?.sentAt?.toISOString() ?? null,
    failed: state?.failed ?? false,
  };
}

export function practiceBookingView(
  booking: BookingRecord,
  services: readonly Service[],
  now: Date,
  reminders: ReminderStates = new Map(),
  meetingHost: string = DEFAULT_MEETING_HOST,
): AttendedBooking {
  return {
    ...bookingView(booking, services, now, meetingHost),
    actions: allowedActions(booking, 'practitioner', now),
    clientName: booking.client.name,
    clientEmail: booking.client.email,
    clientUid: booking.client.uid,
    reminder: reminderView(booking, now, reminders),
    attendance: booking.attendance ?? null,
  };
}
