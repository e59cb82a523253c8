import type { GivenUpItem } from '../../../shared/given-up-api';
import { messageKindName } from '../../../shared/message-kind-names';
import type { MessageKind } from '../../../shared/messages-api';
import { formatMoney } from '../../../shared/money';
import { cadenceText } from '../../../shared/series-text';
import { PRACTICE_TIME_ZONE } from '../../../shared/time';
import type { Database } from '../platform/database/database';
import {
  type FailedEmail,
  type GivenUpReaction,
  refundHeldFor,
  seriesOf,
  sessionOf,
} from './given-up-queries';

/** "Tue 3 Dec at 10:00", in the practice's time. */
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: PRACTICE_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: PRACTICE_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const whenWords = (instant: Date | string) => {
  const at = new Date(instant);
  return `${dayFormat.format(at)} at ${timeFormat.format(at)}`;
};

/** The fields of an event the words read: each may be missing from an old or odd row. */
interface EventFields {
  bookingId?: unknown;
  start?: unknown;
  seriesId?: unknown;
  occurrence?: unknown;
  subscriptionIds?: unknown;
  refundIds?: unknown;
  checkouts?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What a reaction was for, by its name in the wiring file (functions/src/reactions.ts): who and
 * when, from the session or series it names, never its ids or anything the client wrote.
 */
async function reactionWhat(db: Database, handler: string, fields: EventFields): Promise<string> {
  const bookingId = text(fields.bookingId);
  const seriesId = text(fields.seriesId);
  if (handler === 'payments.refund-cancelled-session' && bookingId) {
    const [session, pence] = await Promise.all([
      sessionOf(db, bookingId),
      refundHeldFor(db, bookingId),
    ]);
    const start = session?.starts_at ?? text(fields.start);
    const refund = pence === null ? 'Refund' : `Refund of ${formatMoney(pence)}`;
    const when = start ? ` for the session on ${whenWords(start)}` : ' for a cancelled session';
    return `${refund}${when}${session ? ` for ${session.client_name}` : ''}`;
  }
  if (handler === 'payments.end-plan' && seriesId) {
    const series = await seriesOf(db, seriesId);
    if (!series) return 'Ending the monthly card payments of a series that has ended';
    return `Ending the monthly card payments of ${series.client_name}’s series (${cadenceText(series.every_weeks).toLowerCase()} from ${whenWords(series.first_start)})`;
  }
  if (handler === 'payments.give-back-skipped-week' && seriesId) {
    const series = await seriesOf(db, seriesId);
    const week = text(fields.occurrence);
    return `Giving back the skipped week${week ? ` of ${whenWords(week)}` : ''}${series ? ` to ${series.client_name}` : ''}`;
  }
  if (handler === 'payments.release-account-money') {
    const parts = [
      count(fields.subscriptionIds) > 0 &&
        `cancelling ${plural(count(fields.subscriptionIds), 'monthly payment', 'monthly payments')}`,
      count(fields.refundIds) > 0 &&
        `making ${plural(count(fields.refundIds), 'refund', 'refunds')}`,
      count(fields.checkouts) > 0 &&
        `closing ${plural(count(fields.checkouts), 'payment page', 'payment pages')}`,
    ].filter(Boolean);
    return `A deleted account’s card payments${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`;
  }
  return 'Work that follows a change in the diary';
}

const givenUpWords = (tries: number) => `given up after ${plural(tries, 'try', 'tries')}.`;

/**
 * Why it stopped, from our own sentence (a problem's detail) when the last failure gave one: its
 * first clause only ("The card payment service did not answer"), as the rest tells a request's
 * caller what happens next, which a given-up task no longer does.
 */
function whyWords(tries: number, reason: string | null) {
  const clause = reason?.split(/;\s|\.(?:\s|$)/)[0]?.trim();
  if (!clause) return givenUpWords(tries);
  return `${clause.charAt(0).toLowerCase()}${clause.slice(1)}; ${givenUpWords(tries)}`;
}

export async function describeReaction(
  db: Database,
  reaction: GivenUpReaction,
): Promise<GivenUpItem> {
  const fields = (reaction.event ?? {}) as EventFields;
  return {
    kind: 'reaction',
    id: reaction.id,
    givenUpAt: reaction.givenUpAt.toISOString(),
    what: await reactionWhat(db, reaction.handler, fields),
    why: whyWords(reaction.attempts, reaction.reason),
    tries: reaction.attempts,
  };
}

export function describeEmail(email: FailedEmail): GivenUpItem {
  const kind = email.kind as MessageKind;
  return {
    kind: 'email',
    id: email.id,
    givenUpAt: email.givenUpAt.toISOString(),
    what:
      kind === 'text-reminder'
        ? `The reminder text to ${email.to}`
        : `The ${messageKindName(kind)} email to ${email.to}`,
    why: `it could not be delivered; ${givenUpWords(email.attempts)}`,
    tries: email.attempts,
  };
}
