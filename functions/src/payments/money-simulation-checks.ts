/**
 * What must hold after every step of the money simulation, read from the Stripe stand-in's
 * ledger and our database. The amounts owed come from the one rule in shared/ (refundPence with
 * the billing rule's share), never retyped here.
 */
import {
  nextBillingPeriod,
  sessionSharePence,
  sessionsInPeriod,
  type SeriesCadence,
} from '../../../shared/billing';
import { refundPence } from '../../../shared/booking-rules';
import { feePerSessionPence, monthlyPricePence } from '../../../shared/money';
import { tally, type GivenUp, type SimModel, type SimWorld } from './money-simulation-model';

const DASHBOARD = 'Refunded in Stripe';
const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

export async function checkMoney(world: SimWorld, model: SimModel, after: string) {
  const { db } = world.stack;
  const payments = await db.selectFrom('payments').selectAll().execute();
  const refunds = (await db.selectFrom('payment_refunds').selectAll().execute()).filter(
    (each) => each.status !== 'failed',
  );
  // Deleting the account deletes its series' credits with it (payment_credits.series_id
  // cascades), even one already taken off a month whose receipt is kept: the money was given all
  // the same, so the model keeps every credit it has seen.
  const standing = await db.selectFrom('payment_credits').selectAll().execute();
  for (const credit of standing) model.credits.set(credit.id, credit);
  const credits = [...model.credits.values()];
  const stripe = world.stack.stripe();
  const where = (what: string) => `after "${after}": ${what}`;

  // Nothing refunded beyond what was paid: per payment and overall, at Stripe and in our books.
  for (const intent of stripe.intents.values())
    expect(intent.refunded, where(`Stripe's refunds of ${intent.id}`)).toBeLessThanOrEqual(
      intent.amount,
    );
  for (const payment of payments) {
    const ours = refunds.filter((each) => each.payment_id === payment.id);
    expect(payment.refunded, where(`payment ${payment.id}: its refunds add up`)).toBe(
      sum(ours.map((each) => each.amount)),
    );
    const paid = payment.status === 'paid' || payment.status === 'refunded';
    expect(payment.refunded, where(`payment ${payment.id} refunded`)).toBeLessThanOrEqual(
      paid ? payment.amount : 0,
    );
    const intent = payment.stripe_payment_intent_id
      ? stripe.intents.get(payment.stripe_payment_intent_id)
      : undefined;
    if (intent)
      expect(intent.refunded, where(`Stripe and our books agree on ${payment.id}`)).toBe(
        sum(ours.filter((each) => each.status === 'succeeded').map((each) => each.amount)),
      );
  }
  const taken = sum([...stripe.intents.values()].map((each) => each.amount));
  expect(sum(stripe.refunds.map((each) => each.amount)), where('all refunds')).toBeLessThanOrEqual(
    taken,
  );

  // Each credit made at Stripe once (one invoice item per session, pending or on an invoice),
  // and each refund of ours once (one Stripe refund per refund id), whatever was retried.
  const items = [...stripe.subscriptions.values()].flatMap((each) => [
    ...each.pendingItems,
    ...each.invoicedItems,
  ]);
  expect(
    onceEach(items.map((each) => each.metadata.bookingId)),
    where('credits at Stripe'),
  ).toEqual([]);
  expect(
    onceEach(stripe.refunds.map((each) => each.metadata?.refundId)),
    where('refunds at Stripe'),
  ).toEqual([]);

  const itemLinesOf = (invoiceId: string | null) =>
    (invoiceId ? stripe.invoices.get(invoiceId)?.lines.data : undefined)
      ?.filter((line) => line.parent.type === 'invoice_item_details')
      .map((line) => line.amount) ?? [];

  // Every session given up with notice, or by the practice, given back exactly its share.
  const service = world.stack.api.context.services.find((each) => each.id === 1);
  if (!service) throw new Error('service 1 is missing');
  for (const gone of model.givenUp) {
    const owed = (share: number) =>
      refundPence({
        cancelledBy: gone.by,
        startsAt: gone.start,
        cancelledAt: gone.at,
        feePence: share,
        paidPence: share,
      });
    const what = where(`${named(gone)}: given back`);
    if (!gone.billed) {
      const payment = payments.find((each) => each.id === gone.paymentId);
      const given = sum(
        refunds
          .filter((each) => each.payment_id === gone.paymentId && each.reason !== DASHBOARD)
          .map((each) => each.amount),
      );
      const due = payment ? owed(feePerSessionPence(service)) : 0;
      expectShare(what, given, due, payment);
      continue;
    }
    const billed = gone.billed.getTime();
    const covering = payments
      .filter((each) => each.period_start && each.period_end && each.booking_id === null)
      .filter((each) => (each.period_start?.getTime() ?? 0) <= billed)
      .filter((each) => billed < (each.period_end?.getTime() ?? 0))
      .sort((a, b) => paidFirst(a.status) - paidFirst(b.status))[0];
    const refunded = sum(
      refunds
        .filter((each) => each.reason !== DASHBOARD)
        .filter(
          (each) =>
            (gone.bookingId !== null && each.booking_id === gone.bookingId) ||
            (each.payment_id === covering?.id && each.session_start?.getTime() === billed),
        )
        .map((each) => each.amount),
    );
    const credited = sum(
      credits
        .filter(
          (each) =>
            (gone.bookingId !== null && each.booking_id === gone.bookingId) ||
            (each.series_id === gone.seriesId && each.session_start.getTime() === billed),
        )
        .map((each) => each.amount),
    );
    const cadence = model.cadence;
    if (!cadence) throw new Error('a series session given up before the series was read');
    if (covering && (covering.status === 'paid' || covering.status === 'refunded')) {
      const period = { start: covering.period_start as Date, end: covering.period_end as Date };
      // The month's price: what was paid and what its invoice's item lines took off, as Stripe
      // has it (a credit whose commit failed is on the invoice before our books know its item).
      const price = covering.amount - sum(itemLinesOf(covering.stripe_invoice_id));
      const share = sessionSharePence(price, sessionsInPeriod(cadence, period), gone.billed);
      const facts = `${what} (from payment ${covering.amount}p for ${period.start.toISOString()} to ${period.end.toISOString()}, ${covering.refunded}p refunded, price ${price}p; refunded ${refunded}p, credited ${credited}p)`;
      expectShare(facts, refunded + credited, owed(share), covering);
    } else {
      // A month not paid (failed, open, or not invoiced yet) took nothing: nothing comes back
      // from another month; at most its share comes off the invoice to come.
      expect(refunded, what).toBe(0);
      const period = periodToCome(payments, cadence, gone.billed);
      const share = period
        ? sessionSharePence(
            monthlyPricePence(service),
            sessionsInPeriod(cadence, period),
            gone.billed,
          )
        : 0;
      expect(credited, what).toBeLessThanOrEqual(owed(share));
    }
  }

  // No live subscription at Stripe without a live series in our database.
  const liveSeries = new Set(
    (await db.selectFrom('series').select('id').where('status', '=', 'confirmed').execute()).map(
      (each) => each.id,
    ),
  );
  for (const subscription of stripe.subscriptions.values()) {
    if (subscription.status !== 'active' || subscription.cancelAtPeriodEnd) continue;
    expect(
      liveSeries.has(subscription.metadata.seriesId ?? ''),
      where(`subscription ${subscription.id} is live: its series is live`),
    ).toBe(true);
  }

  // A credit is on the receipt of the invoice whose lines carry its invoice item, and on no
  // other: not on a failed month collected later, when it was made after that invoice.
  const itemsOn = (invoiceId: string | null) =>
    (invoiceId ? stripe.invoices.get(invoiceId)?.lines.data : undefined)?.flatMap(
      (line) => line.parent.invoice_item_details?.invoice_item ?? [],
    ) ?? [];
  for (const credit of credits) {
    const on = payments.find((each) => each.id === credit.payment_id);
    if (on)
      expect(itemsOn(on.stripe_invoice_id), where(`credit ${credit.id}: on its invoice`)).toContain(
        credit.stripe_invoice_item_id,
      );
  }
  for (const credit of standing) {
    const carrying = payments.find(
      (each) =>
        (each.status === 'paid' || each.status === 'refunded') &&
        credit.stripe_invoice_item_id !== null &&
        itemsOn(each.stripe_invoice_id).includes(credit.stripe_invoice_item_id),
    );
    if (carrying)
      expect(credit.payment_id, where(`credit ${credit.id}: on the invoice paid with it`)).toBe(
        carrying.id,
      );
  }

  // Receipt and credit-note numbers without a gap (and the counters where they left off).
  const counters = await db.selectFrom('receipt_counters').selectAll().execute();
  const receipts = payments.flatMap((each) =>
    each.receipt_year === null || each.receipt_sequence === null
      ? []
      : [{ year: each.receipt_year, sequence: each.receipt_sequence }],
  );
  const notes = (await db.selectFrom('payment_refunds').selectAll().execute()).map((each) => ({
    year: each.credit_year,
    sequence: each.credit_sequence,
  }));
  for (const [kind, numbers] of [
    ['receipt', receipts],
    ['credit-note', notes],
  ] as const) {
    for (const year of new Set(numbers.map((each) => each.year))) {
      const sequences = numbers
        .filter((each) => each.year === year)
        .map((each) => each.sequence)
        .sort((a, b) => a - b);
      expect(sequences, where(`${kind} numbers of ${year}`)).toEqual(
        sequences.map((_, position) => position + 1),
      );
      const counter = counters.find((each) => each.kind === kind && each.year === year);
      expect(counter?.last, where(`the ${kind} counter of ${year}`)).toBe(sequences.length);
    }
  }

  // Every webhook Stripe sent was answered 2xx: nothing left for Stripe to retry for days.
  expect(
    stripe.delivered.filter((each) => each.status < 200 || each.status > 299),
    where('webhooks not answered 2xx'),
  ).toEqual([]);
}

/**
 * Given back exactly what is owed, never more; less only when nothing was left of the payment
 * (a Dashboard refund took it first, or the month's other sessions).
 */
function expectShare(
  what: string,
  given: number,
  owed: number,
  payment: { amount: number; refunded: number } | undefined,
) {
  expect(given, what).toBeLessThanOrEqual(owed);
  if (owed > 0) tally.owedChecks += 1;
  if (given < owed)
    expect(payment?.refunded, `${what}: less only if none was left`).toBe(payment?.amount);
}

/** The ids seen more than once. */
const onceEach = (ids: (string | undefined)[]) =>
  ids.filter((id, at) => id !== undefined && ids.indexOf(id) !== at);

const paidFirst = (status: string) => (status === 'paid' || status === 'refunded' ? 0 : 1);

/** The billing period to come that will hold an instant (calendar months from the first). */
function periodToCome(
  payments: { period_start: Date | null; period_end: Date | null; booking_id: string | null }[],
  cadence: SeriesCadence,
  at: Date,
) {
  const first = payments
    .filter((each) => each.period_start && each.period_end && each.booking_id === null)
    .sort((a, b) => (a.period_start?.getTime() ?? 0) - (b.period_start?.getTime() ?? 0))[0];
  if (!first?.period_start || !first.period_end || !cadence) return undefined;
  let period = { start: first.period_start, end: first.period_end };
  while (period.end <= at) period = nextBillingPeriod(period, first.period_start);
  return period;
}

const named = (gone: GivenUp) =>
  `${gone.bookingId ? 'session' : 'skipped week'} of ${(gone.billed ?? gone.start).toISOString()} given up by the ${gone.by} at ${gone.at.toISOString()}`;
