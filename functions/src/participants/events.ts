/**
 * Published inside the transaction in which a participant who joined leaves a session or series,
 * is removed by the practitioner, or goes with their deleted account. Data only: whoever reacts
 * loads the place and the sessions by these ids.
 */
export interface ParticipantLeft {
  type: 'participant.left';
  /** Their place in the room. */
  participantId: string;
  departure: 'left' | 'removed' | 'account-deleted';
  /** The sessions ahead that were theirs, and those of them given a new video room. */
  aheadIds: string[];
  renewedIds: string[];
  occurredAt: string;
}
