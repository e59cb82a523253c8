import type { ParticipantView } from '../../../shared/participants';
import type { Database } from '../platform/database/database';
import { agreedAccounts, participantsOf, type ParticipantRecord } from './queries';

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
