/**
 * Couples and families: the other people in the room of a booking (the contract of
 * `participants` and `children` on POST /api/bookings and /api/series, of the invitations, and of
 * the participants every list carries). The booker is never among them.
 */
import * as v from 'valibot';
import type { Service } from './service';

export const PARTICIPANT_RULES = {
  /** A couple's service: the partner, exactly one. */
  coupleAdults: 1,
  /** A family's service: one to five other adults. */
  familyAdults: 5,
  /** Children under 16, by first name only: no account and no email. */
  familyChildren: 6,
  /** A child is under 16 (older ones are invited as adults). */
  childMaxAge: 15,
  nameMaxLength: 100,
  firstNameMaxLength: 50,
} as const;

const name = v.pipe(
  v.string('Write the name as text.'),
  v.trim(),
  v.minLength(1, 'Write each person’s name.'),
  v.maxLength(
    PARTICIPANT_RULES.nameMaxLength,
    `Keep each name to at most ${PARTICIPANT_RULES.nameMaxLength} characters.`,
  ),
);

const ParticipantInputSchema = v.object({
  name,
  email: v.pipe(
    v.string('Write the email address as text.'),
    v.trim(),
    v.toLowerCase(),
    v.maxLength(254, 'That email address is too long.'),
    v.email('Write each person’s email address in full, for example sam@example.com.'),
  ),
});

const ChildInputSchema = v.object({
  firstName: v.pipe(
    v.string('Write the first name as text.'),
    v.trim(),
    v.minLength(1, 'Write each child’s first name.'),
    v.maxLength(
      PARTICIPANT_RULES.firstNameMaxLength,
      `Keep each first name to at most ${PARTICIPANT_RULES.firstNameMaxLength} characters.`,
    ),
  ),
  /**
   * Their age in years, nothing more: a family's note is kept to the youngest's 25th birthday.
   * Required, whole and within the rule: childAgeProblem, which partyProblem asks (a sentence
   * naming the child, the same the booking form shows).
   */
  ageYears: v.optional(v.number('Give each child’s age as a number of years.')),
});

/**
 * What is wrong with a child's age, in the sentence the booking form and the API both give, or
 * null when it is right: given, in whole years, from 0 to the rule's oldest (PARTICIPANT_RULES).
 * `index` counts from 0; the sentence names "child 1" first.
 */
export function childAgeProblem(ageYears: number | undefined, index: number): string | null {
  const oldest = PARTICIPANT_RULES.childMaxAge;
  const child = `child ${index + 1}’s`;
  if (ageYears === undefined) return `Give ${child} age in years.`;
  if (!Number.isInteger(ageYears) || ageYears < 0 || ageYears > oldest)
    return `Give ${child} age in whole years, from 0 to ${oldest}: invite anyone older as an adult.`;
  return null;
}

/** The people part of a booking or series request, checked on its own (422 when wrong). */
export const PartyRequestSchema = v.object({
  participants: v.optional(
    v.pipe(
      v.array(ParticipantInputSchema, 'Send "participants" as a list of { name, email }.'),
      v.maxLength(
        PARTICIPANT_RULES.familyAdults,
        `A session takes at most ${PARTICIPANT_RULES.familyAdults} other adults.`,
      ),
    ),
    [],
  ),
  children: v.optional(
    v.pipe(
      v.array(ChildInputSchema, 'Send "children" as a list of { firstName }.'),
      v.maxLength(
        PARTICIPANT_RULES.familyChildren,
        `A family session takes at most ${PARTICIPANT_RULES.familyChildren} children.`,
      ),
    ),
    [],
  ),
});
export type PartyRequest = v.InferOutput<typeof PartyRequestSchema>;

/**
 * Whether a service's party is right: who may come with whom (the booker's own address and the
 * same address twice are refused too). Answers a sentence to show, or null when it is right.
 */
export function partyProblem(
  service: Pick<Service, 'name' | 'attendees'>,
  party: PartyRequest,
  bookerEmail: string,
): string | null {
  const { participants, children } = party;
  const kind = service.attendees ?? 'individual';
  if (kind === 'individual' && (participants.length > 0 || children.length > 0))
    return `${service.name} is for one person: book it without other participants.`;
  if (kind === 'couple') {
    if (participants.length !== PARTICIPANT_RULES.coupleAdults)
      return `${service.name} is for two: give your partner’s name and email address.`;
    if (children.length > 0) return `${service.name} is for two adults: leave out the children.`;
  }
  if (kind === 'family' && participants.length < 1)
    return `${service.name} needs at least one other adult: give their name and email address.`;
  const wrongAge = children
    .map((child, index) => childAgeProblem(child.ageYears, index))
    .find((problem) => problem !== null);
  if (wrongAge) return wrongAge;
  const emails = participants.map((each) => each.email);
  if (emails.includes(bookerEmail.trim().toLowerCase()))
    return 'That is your own email address: give the other person’s, so they get their own invitation.';
  if (new Set(emails).size !== emails.length)
    return 'The same email address is there twice: give each person’s own address.';
  return null;
}

/**
 * Where an adult stands: invited; joined; declined; left (by themselves, or removed by the
 * practitioner); withdrawn by the booker before an answer; expired (not answered by the first
 * session's start).
 */
export const PARTICIPANT_STATUSES = [
  'invited',
  'joined',
  'declined',
  'left',
  'withdrawn',
  'expired',
] as const;

/** Declined, withdrawn and expired invitations (name and address) are erased this long after. */
export const UNANSWERED_INVITATION_DAYS = 30;

/** Another person in the room as every list shows them (the email only to the practitioner). */
export const ParticipantViewSchema = v.object({
  /** Their place in the room, for the booker and the practitioner (withdraw, remove). */
  id: v.optional(v.string()),
  name: v.string(),
  status: v.picklist(PARTICIPANT_STATUSES),
  /** Has accepted the therapy agreement (their own intake). */
  agreementAccepted: v.boolean(),
  email: v.optional(v.string()),
});
export type ParticipantView = v.InferOutput<typeof ParticipantViewSchema>;

/** GET /api/invitations: one pending invitation to the signed-in address. */
export const InvitationSchema = v.object({
  id: v.string(),
  serviceName: v.string(),
  /** Who booked and invited them. */
  bookerName: v.string(),
  /** The first session (a series: its first; everyWeeks says how often). */
  start: v.string(),
  end: v.string(),
  everyWeeks: v.nullable(v.number()),
  status: v.picklist(PARTICIPANT_STATUSES),
});
export type Invitation = v.InferOutput<typeof InvitationSchema>;
export const InvitationsSchema = v.object({ invitations: v.array(InvitationSchema) });
