import type { BookingStatus } from '../../../shared/booking';

/** A stretch of time, start included, end excluded, as UTC instants. */
export interface Interval {
  start: Date;
  end: Date;
}

export interface Client {
  uid: string;
  email: string;
  name: string;
}

export interface BookingRecord extends Interval {
  id: string;
  client: Client;
  serviceId: number;
  status: BookingStatus;
  note: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface BlockRecord extends Interval {
  id: string;
  reason: string;
}
