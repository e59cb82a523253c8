import type { SharedSession } from '../../../shared/booking';
import { allowedActions, checkChange } from '../../../shared/booking-status';
import type { ParticipantView } from '../../../shared/participants';
import { joinUrlOf, type BookingRecord } from '../bookings';
import type { Database } from '../platform/database/database';
import type { ApiContext } from '../platform/http/types';
import { DEFAULT_MEETING_HOST } from '../platform/settings';
import { agreedAccounts, participantsOf, type ParticipantRecord } from './queries';
import { serviceNameOf } from '../../../shared/service';

/** A session or a series, by what its party hangs on. */
export interface PartyKey {
  /** A one-off session's id (a session of a series: the series' party counts). */
  id?: string;
  seriesId?: string | null;
}

export interface PartyFields {
  participants: ParticipantView[];
  children: string[];
}

const ownerOf = (key: PartyKey) => key.seriesId ?? key.id ?? '';
const ownerOfRecord = (record: ParticipantRecord) => record.seriesId ?? record.bookingId ?? '';

/**
 * The party of each item of a list, as the caller may see it: names, answers and agreements for
 * everyone; the addresses only for the practitioner; each place's id (to withdraw an invitation
 * or remove someone) for the practitioner and for the client who booked (`viewerUid`). A list
 * without parties gets nothing added.
 */
export async function partyLookup(
  db: Database,
  keys: readonly PartyKey[],
  audience: 'practitioner' | 'client',
  viewerUid?: string,
): Promise<(key: PartyKey) => Partial<PartyFields>> {
  const records = await participantsOf(db, {
    bookingIds: keys.filter((key) => !key.seriesId && key.id).map((key) => key.id as string),
    seriesIds: keys.filter((key) => key.seriesId).map((key) => key.seriesId as string),
  });
  if (records.length === 0) return () => ({});
  const agreed = await agreedAccounts(
    db,
    records.flatMap((record) => (record.uid ? [record.uid] : [])),
  );
  const byOwner = new Map<string, ParticipantRecord[]>();
  for (const record of records)
    byOwner.set(ownerOfRecord(record), [...(byOwner.get(ownerOfRecord(record)) ?? []), record]);
  return (key) => {
    const party = byOwner.get(ownerOf(key));
    if (!party) return {};
    return {
      participants: party
        .filter((each) => each.kind === 'adult')
        .map((each) => ({
          ...((audience === 'practitioner' || each.bookerUid === viewerUid) && { id: each.id }),
          name: each.name,
          status: each.status,
          agreementAccepted: each.uid !== null && agreed.has(each.uid),
          ...(audience === 'practitioner' && each.email !== null && { email: each.email }),
        })),
      children: party.filter((each) => each.kind === 'child').map((each) => each.name),
    };
  };
}

/** A room as one participant sees it: the others by name (never themselves), and their own to-do. */
export interface RoomAsParticipant {
  /** Their own place in this room (to leave it); absent only for a room they are not in. */
  placeId?: string;
  /** The other adults who joined, by name (the booker comes first in `coming`, added by the view). */
  others: string[];
  children: string[];
  intakeToDo: boolean;
}

/**
 * The room of each session or series one participant joined, as they may see it: names only,
 * without themselves, and whether their own intake and agreement are still to give.
 */
export async function roomsFor(
  db: Database,
  keys: readonly PartyKey[],
  uid: string,
): Promise<(key: PartyKey) => RoomAsParticipant> {
  const [records, agreed] = await Promise.all([
    participantsOf(db, {
      bookingIds: keys.filter((key) => !key.seriesId && key.id).map((key) => key.id as string),
      seriesIds: keys.filter((key) => key.seriesId).map((key) => key.seriesId as string),
    }),
    agreedAccounts(db, [uid]),
  ]);
  const intakeToDo = !agreed.has(uid);
  return (key) => {
    const room = records.filter((record) => ownerOfRecord(record) === ownerOf(key));
    const own = room.find(
      (each) => each.kind === 'adult' && each.status === 'joined' && each.uid === uid,
    );
    return {
      ...(own && { placeId: own.id }),
      others: room
        .filter((each) => each.kind === 'adult' && each.status === 'joined' && each.uid !== uid)
        .map((each) => each.name),
      children: room.filter((each) => each.kind === 'child').map((each) => each.name),
      intakeToDo,
    };
  };
}

/** The booker as a participant's view names them. */
export const bookerName = (booking: Pick<BookingRecord, 'client'>) =>
  booking.client.name || 'The person who booked';

/**
 * One session someone else booked, as a participant who joined it sees it: the time, the
 * service, the video link, who else is coming and what they may do (cancel it). Built from the
 * session, not from the booker's view: the booker's note, payments and addresses are not in it.
 */
export function sharedSessionView(
  booking: BookingRecord,
  room: RoomAsParticipant,
  context: Pick<ApiContext, 'services' | 'meetingHost'>,
  now: Date,
): SharedSession {
  const joinUrl = joinUrlOf(booking, context.meetingHost ?? DEFAULT_MEETING_HOST);
  return {
    id: booking.id,
    serviceId: booking.serviceId,
    serviceName: serviceNameOf(context.services, booking.serviceId),
    start: booking.start.toISOString(),
    end: booking.end.toISOString(),
    status: booking.status,
    seriesId: booking.seriesId,
    mode: booking.mode ?? 'in-person',
    ...(joinUrl && { joinUrl }),
    cancellable: checkChange('cancel', booking, 'client', now).ok,
    actions: allowedActions(booking, 'client', now).filter((action) => action === 'cancel'),
    role: 'participant',
    ...(room.placeId && { placeId: room.placeId }),
    bookedBy: bookerName(booking),
    coming: [bookerName(booking), ...room.others],
    children: room.children,
    intakeToDo: room.intakeToDo,
  };
}
