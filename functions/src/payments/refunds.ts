import { RefundRequestSchema } from '../../../shared/payments-api';
import { findBooking } from '../bookings';
import { queueMessages } from '../outbox';
import type { Database } from '../platform/database/database';
import { endpoint } from '../platform/http/endpoint';
import { ProblemError, problems } from '../platform/http/problems';
import type { ApiContext } from '../platform/http/types';
import { json } from '../platform/http/types';
import { paymentsIfSetUp, paymentsOf, type Payments } from './gateway';
import { IDEMPOTENCY_KEY_KEPT_MS } from './gateway-inputs';
import { withinRequestBudget } from './stripe-budget';
import { findPayment, lockPayment, type PaymentRow, type RefundRow } from './queries';
import {
  findRefund,
  insertRefund,
  pendingRefundsBefore,
  releaseRefundRow,
  settleRefundRow,
} from './queries-refunds';
import { refundableCharge, requestedRefund } from './refund-rules';
import { firstSessionOfSeries } from './queries-sessions';
import { creditNoteNumber, receiptNumberOf, signedPdfLink } from './receipts';
import { stripeDidNotAnswer } from './stripe-budget';
import type { RefundFacts } from './webhook-rules';

/**
 * POST /api/practice/payments/:id/refund: the practitioner gives back up to what is left of a
 * payment (all of it when no amount is given), with a credit note.
 */
export const refundPayment = endpoint({
  auth: 'practitioner',
  // A refund sends money back: her passkey within the last 5 minutes, not only this sign-in's.
  fresh: true,
  body: RefundRequestSchema,
  async run({ params, body, context }) {
    const payments = paymentsOf(context);
    const now = context.now();
    const found = await findPayment(context.db, params.id ?? '');
    if (!found || !receiptNumberOf(found))
      throw problems.notFound('There is no such payment. Open the payments again.');
    const asked = requestedRefund(found, body.amount);
    if (asked.refused) throw asked.refused;
    const { amount } = asked;
    return withinRequestBudget(context, () =>
      refundNow(context, payments, found.id, amount, null, 'Refunded by the practice', now),
    );
  },
});

/**
 * Gives money back to the card, in three steps so that no refund is ever lost: the refund is
 * recorded pending (with its credit note, the amount held against the payment) and committed;
 * Stripe is asked with our refund's id as the idempotency key (a retry is the same refund); its
 * answer settles the row and queues the email. If that last commit fails, Stripe's
 * `charge.refunded` settles it (webhook.ts). Shared with cancellations.
 */
export async function refundNow(
  context: ApiContext,
  payments: Payments,
  paymentId: string,
  amount: number,
  bookingId: string | null,
  reason: string,
  now: Date,
  sessionStart: Date | null = null,
) {
  const held = await context.db
    .transaction()
    .execute((trx) => holdRefund(trx, { paymentId, amount, bookingId, reason, now, sessionStart }));
  try {
    await giveHeldRefund(context, payments, held, now);
  } catch (error) {
    // Held pending and committed: the minute job asks Stripe again (retryPendingRefunds).
    if (error instanceof ProblemError && error.problem.status === 503)
      throw stripeDidNotAnswer('refund');
    throw error;
  }
  context.outbox.deliver();
  return json(201, {
    id: held.row.id,
    paymentId,
    creditNoteNumber: creditNoteNumber(held.row.credit_year, held.row.credit_sequence),
    amount,
    refundedTotal: held.payment.refunded + amount,
  });
}

export type HeldRefund = Awaited<ReturnType<typeof holdRefund>>;

/**
 * A refund's first step, in the caller's transaction: recorded pending, its credit note
 * numbered and its amount held against the payment (locked), so it commits with what caused it.
 */
export async function holdRefund(
  db: Database,
  input: {
    paymentId: string;
    amount: number;
    bookingId: string | null;
    reason: string;
    now: Date;
    sessionStart?: Date | null;
  },
) {
  const charge = refundableCharge(await lockPayment(db, input.paymentId), input.amount);
  if (charge.refused) throw charge.refused;
  const row = await insertRefund(db, {
    payment: charge.payment,
    bookingId: input.bookingId,
    amount: input.amount,
    stripeRefundId: null,
    reason: input.reason,
    now: input.now,
    status: 'pending',
    sessionStart: input.sessionStart ?? null,
  });
  return { row, payment: charge.payment, paymentIntentId: charge.paymentIntentId };
}

/**
 * A held refund asked of Stripe with our refund's id as the idempotency key (a retry is the same
 * refund); its answer settles the row and queues the email. If that commit fails, Stripe's
 * `charge.refunded` settles it (webhook.ts). Stripe keeps a key 24 hours only: a refund held
 * longer ago (the queue's later tries) is looked for first among the payment's refunds by the id
 * in its metadata, as askRefund does, and counted as given when found.
 */
export async function giveHeldRefund(
  context: ApiContext,
  { settings, gateway }: Payments,
  held: HeldRefund,
  now: Date,
) {
  const input = {
    paymentIntentId: held.paymentIntentId,
    amount: held.row.amount,
    refundId: held.row.id,
  };
  // By the clock, not `now` (a reaction's `now` is the instant of the change it follows).
  const old = context.now().getTime() - held.row.created_at.getTime() >= IDEMPOTENCY_KEY_KEPT_MS;
  const made = old
    ? (await gateway.refundsOf(input.paymentIntentId)).find(
        (each) => each.ourRefundId === input.refundId,
      )
    : undefined;
  const given = made ?? (await gateway.refund(input));
  try {
    await context.db
      .transaction()
      .execute((trx) =>
        settleRefund(trx, context, settings, { refundId: held.row.id, refund: given }, now),
      );
  } catch (error) {
    // Stripe has made it: its charge.refunded settles the row (and sends the email) instead.
    console.error('Recording a refund failed:', error instanceof Error ? error.name : 'unknown');
  }
}

/** Pending refunds younger than this are left to the request that is asking Stripe now. */
const PENDING_GRACE_MS = 2 * 60_000;

/**
 * Asks Stripe for a pending refund of ours (recorded and committed first): with the refund's id
 * as the key and its own amount and payment, so every ask carries the same parameters. Stripe's
 * answer settles it; one Stripe refuses (more than is left, say) is released with a note she
 * sees in her payments; one it does not answer stays pending for retryPendingRefunds.
 * True when an email was queued.
 */
export async function askRefund(context: ApiContext, refundId: string, now: Date) {
  const { settings, gateway } = paymentsOf(context);
  const row = await findRefund(context.db, refundId);
  const payment = row && (await findPayment(context.db, row.payment_id));
  if (row?.status !== 'pending' || !payment?.stripe_payment_intent_id) return false;
  const input = { paymentIntentId: payment.stripe_payment_intent_id, amount: row.amount, refundId };
  try {
    // A key is kept by Stripe for 24 hours only: a refund made already is found first.
    const made = (await gateway.refundsOf(input.paymentIntentId)).find(
      (each) => each.ourRefundId === refundId,
    );
    const answer = made ?? (await gateway.refundUnlessRefused(input));
    return await context.db.transaction().execute(async (trx) => {
      if ('refused' in answer) {
        await releaseRefundRow(
          trx,
          refundId,
          `Not refunded: Stripe refused it (${answer.refused})`,
          now,
        );
        return false;
      }
      return settleRefund(trx, context, settings, { refundId, refund: answer }, now);
    });
  } catch (error) {
    // Left pending: the scheduled job asks again (its charge.refunded settles it if Stripe made it).
    console.error('A refund is still pending:', error instanceof Error ? error.name : 'unknown');
    return false;
  }
}

/**
 * Scheduled: every refund still pending after a couple of minutes is asked of Stripe again, the
 * same refund (askRefund), until Stripe settles or refuses it. Idempotent; takes its clock.
 */
export async function retryPendingRefunds(context: ApiContext, now: Date): Promise<void> {
  if (!paymentsIfSetUp(context)) return;
  const due = await pendingRefundsBefore(context.db, new Date(now.getTime() - PENDING_GRACE_MS));
  let deliver = false;
  for (const id of due) deliver = (await askRefund(context, id, now)) || deliver;
  if (deliver) context.outbox.deliver();
}

/**
 * A pending refund settled by what Stripe says (its answer or its webhook, whichever comes
 * first; the second finds it settled and does nothing). Succeeded: the client is emailed its
 * credit note. True when an email was queued.
 */
export async function settleRefund(
  db: Database,
  context: ApiContext,
  settings: Payments['settings'],
  input: { refundId: string; refund: Pick<RefundFacts, 'stripeRefundId' | 'status'> },
  now: Date,
): Promise<boolean> {
  if (input.refund.status === 'pending') return false;
  const row = await settleRefundRow(db, input.refundId, input.refund, now);
  if (!row || row.status !== 'succeeded') return false;
  return queueRefundEmail(db, context, settings, row, now);
}

/** The client's "Refund of £…" email with its credit note, about the session it concerns. */
export async function queueRefundEmail(
  db: Database,
  context: ApiContext,
  settings: Payments['settings'],
  refund: RefundRow,
  now: Date,
): Promise<boolean> {
  const payment = await findPayment(db, refund.payment_id);
  if (!payment) return false;
  const about = await bookingOfRefund(db, payment, refund.booking_id);
  if (!about) return false;
  await queueMessages(
    db,
    [
      {
        kind: 'refund-issued',
        to: 'client',
        booking: about,
        payment: {
          id: payment.id,
          receiptNumber: receiptNumberOf(payment),
          amount: refund.amount,
          seriesId: payment.series_id,
          creditNote: {
            id: refund.id,
            number: creditNoteNumber(refund.credit_year, refund.credit_sequence),
            pdfLink: signedPdfLink(settings, 'credit-note', refund.id, now),
          },
        },
      },
    ],
    { now, practiceEmail: context.outbox.practiceEmail },
  );
  return true;
}

/** The session a refund's email is about: the cancelled one, the paid one, or the series' first. */
async function bookingOfRefund(db: Database, payment: PaymentRow, bookingId: string | null) {
  const id =
    bookingId ??
    payment.booking_id ??
    (payment.series_id && (await firstSessionOfSeries(db, payment.series_id)));
  return id ? findBooking(db, id) : undefined;
}
