import type { Block, Booking, PracticeBooking } from '../../../shared/booking';
import type { Service } from '../../../shared/service';
import { allowedActions, checkChange } from '../../../shared/booking-status';
import type { BlockRecord, BookingRecord } from '../domain/types';
import { problems } from './problems';

export function serviceById(services: readonly Service[], id: number): Service {
  const service = services.find((candidate) => candidate.id === id);
  if (!service) {
    throw problems.outsideRules(
      `We offer no service number ${id}. Choose one from the services list.`,
    );
  }
  return service;
}

const serviceName = (services: readonly Service[], id: number) =>
  services.find((service) => service.id === id)?.name ?? 'A service no longer offered';

export function bookingView(
  booking: BookingRecord,
  services: readonly Service[],
  now: Date,
): Booking {
  return {
    id: booking.id,
    serviceId: booking.serviceId,
    serviceName: serviceName(services, booking.serviceId),
    start: booking.start.toISOString(),
    end: booking.end.toISOString(),
    status: booking.status,
    note: booking.note,
    cancellable: checkChange('cancel', booking, 'client', now).ok,
    actions: allowedActions(booking, 'client', now),
  };
}

export function practiceBookingView(
  booking: BookingRecord,
  services: readonly Service[],
  now: Date,
): PracticeBooking {
  return {
    ...bookingView(booking, services, now),
    actions: allowedActions(booking, 'practitioner', now),
    clientName: booking.client.name,
    clientEmail: booking.client.email,
  };
}

export const blockView = (block: BlockRecord): Block => ({
  id: block.id,
  start: block.start.toISOString(),
  end: block.end.toISOString(),
  reason: block.reason,
});
