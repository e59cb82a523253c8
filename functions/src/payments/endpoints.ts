import { sql } from 'kysely';
import type Stripe from 'stripe';
import {
  feePerSessionPence,
  formatReceiptNumber,
  isFree,
  MONEY_FACTS,
  monthlyPricePence,
} from '../../../shared/money';
import {
  CheckoutRequestSchema,
  PracticePaymentsQuerySchema,
  RefundRequestSchema,
  type MyPayments,
  type Payment,
  type PracticePayments,
  type Receipt,
} from '../../../shared/payments-api';
import { practiceAddressLine, practiceFacts } from '../../../shared/practice';
import { practiceDate, practiceWallClock, startOfPracticeDay } from '../../../shared/time';
import { findBooking, type BookingRecord } from '../bookings';
import { writeAudit } from '../clinical';
import type { Database } from '../platform/database/database';
import { queueMessages } from '../messages';
import {
  bookingPayments,
  clientPayments,
  customerOf,
  findPayment,
  findRefund,
  insertPendingPayment,
  insertRefund,
  lockPayment,
  paymentsPaidWithin,
  planStates,
  recordEvent,
  recordInvoice,
  refundsOf,
  refundsWithin,
  saveCustomer,
  savePlan,
  sessionsCovered,
  settleCheckoutPayment,
  settledPaymentForBooking,
  type PaymentRow,
  type RefundRow,
} from './queries';
import { clientSeries, findSeries, seriesWithStatus } from '../series';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import type { ApiContext, Caller, PaymentsSettings } from '../platform/http/types';
import { json } from '../platform/http/types';
import { receiptPdf } from './receipt-pdf';
import { signedLinkHolds, signedQuery, type SignedDocument } from './signed-links';

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function paymentsOf(context: ApiContext): PaymentsSettings {
  if (!context.payments) {
    throw problems.paymentsUnavailable(
      'Card payments are not set up on this server yet. Please pay the practice directly.',
    );
  }
  return context.payments;
}

async function provider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    console.error('Stripe call failed:', error instanceof Error ? error.message : 'unknown');
    throw problems.paymentProvider(
      'The card payment service did not answer. Try again in a minute.',
    );
  }
}

async function customerFor(settings: PaymentsSettings, db: Database, caller: Caller, now: Date) {
  const known = await customerOf(db, caller.uid);
  if (known) return known;
  const customer = await provider(() =>
    settings.stripe.customers.create({
      email: caller.email,
      name: caller.name || undefined,
      metadata: { clientUid: caller.uid },
    }),
  );
  return saveCustomer(db, caller.uid, customer.id, now);
}

const receiptNumberOf = (row: PaymentRow) =>
  row.receipt_year !== null && row.receipt_sequence !== null
    ? formatReceiptNumber(row.receipt_year, row.receipt_sequence)
    : null;
const creditNoteNumber = (year: number, sequence: number) =>
  formatReceiptNumber(year, sequence, `${MONEY_FACTS.receiptPrefix}-CN`);

/** Where each document's PDF is under /api: signed in, and by the signed link in an email. */
const PDF_PATHS: Record<SignedDocument, { own: string; signed: string }> = {
  receipt: { own: '/payments/:id/receipt.pdf', signed: '/payments/:id/signed-receipt.pdf' },
  'credit-note': {
    own: '/payments/credit-notes/:id/credit-note.pdf',
    signed: '/payments/credit-notes/:id/signed-credit-note.pdf',
  },
};
const pdfPathOf = (kind: SignedDocument, id: string) => PDF_PATHS[kind].own.replace(':id', id);

/** The token-free PDF link an email carries (`/api/…?expires=…&signature=…`). */
export function signedPdfLink(
  settings: PaymentsSettings,
  kind: SignedDocument,
  id: string,
  now: Date,
): string {
  const path = PDF_PATHS[kind].signed.replace(':id', id);
  return `/api${path}?${signedQuery(settings.linkSecret, kind, id, now)}`;
}

/**
 * POST /api/payments/checkout: a confirmed session or series of the caller's, not yet paid, sent
 * to Stripe Checkout. The amount is the server's own (service.json), whatever the body says.
 */
export const createCheckout = endpoint({
  auth: 'verified',
  body: CheckoutRequestSchema,
  async run({ caller, body, context }) {
    const settings = paymentsOf(context);
    const now = context.now();
    const back = `${settings.siteUrl}/account/billing`;
    if ('seriesId' in body) {
      const series = UUID.test(body.seriesId)
        ? await findSeries(context.db, body.seriesId)
        : undefined;
      if (!series) throw problems.notFound('There is no such series. Open My bookings again.');
      if (series.client.uid !== caller.uid)
        throw problems.notYours('You can only pay for your own sessions.');
      const service = context.services.find((each) => each.id === series.serviceId);
      if (!service || isFree(service))
        throw problems.notPayable('This service is free: nothing is owed.');
      if (series.status !== 'confirmed') {
        throw problems.notPayable(
          'The practitioner has not confirmed this series yet: it can be paid once she does.',
        );
      }
      const state = (await planStates(context.db, [series.id], now)).get(series.id);
      if (state?.status === 'paid')
        throw problems.alreadyPaid('This series is already paid for this month.');
      const customer = await customerFor(settings, context.db, caller, now);
      const metadata = { seriesId: series.id, clientUid: caller.uid };
      const session = await provider(() =>
        settings.stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: MONEY_FACTS.currency.toLowerCase(),
                unit_amount: monthlyPricePence(service),
                recurring: { interval: 'month' },
                product_data: { name: `${service.name}: ${service.session} sessions a month` },
              },
            },
          ],
          metadata,
          subscription_data: { metadata },
          success_url: `${back}?paid={CHECKOUT_SESSION_ID}`,
          cancel_url: back,
        }),
      );
      await savePlan(context.db, {
        seriesId: series.id,
        clientUid: caller.uid,
        subscriptionId: null,
        now,
      });
      if (!session.url)
        throw problems.paymentProvider('Checkout could not be opened. Try again in a minute.');
      return json(201, { url: session.url });
    }
    const booking = UUID.test(body.bookingId)
      ? await findBooking(context.db, body.bookingId)
      : undefined;
    if (!booking) throw problems.notFound('There is no such session. Open My bookings again.');
    if (booking.client.uid !== caller.uid)
      throw problems.notYours('You can only pay for your own sessions.');
    const service = context.services.find((each) => each.id === booking.serviceId);
    if (!service || isFree(service))
      throw problems.notPayable('This service is free: nothing is owed.');
    if (booking.seriesId) {
      throw problems.notPayable(
        'This session is part of a standing series: set up its monthly payment instead.',
      );
    }
    if (booking.status !== 'confirmed') {
      throw problems.notPayable(
        'Only a confirmed session can be paid: wait for the practitioner to confirm it.',
      );
    }
    if (await settledPaymentForBooking(context.db, booking.id)) {
      throw problems.alreadyPaid('This session is already paid.');
    }
    const amount = feePerSessionPence(service);
    const customer = await customerFor(settings, context.db, caller, now);
    const session = await provider(() =>
      settings.stripe.checkout.sessions.create({
        mode: 'payment',
        customer,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: MONEY_FACTS.currency.toLowerCase(),
              unit_amount: amount,
              product_data: { name: `${service.name}: one session` },
            },
          },
        ],
        metadata: { bookingId: booking.id, clientUid: caller.uid },
        success_url: `${back}?paid={CHECKOUT_SESSION_ID}`,
        cancel_url: back,
      }),
    );
    if (!session.url)
      throw problems.paymentProvider('Checkout could not be opened. Try again in a minute.');
    await insertPendingPayment(context.db, {
      client: booking.client,
      bookingId: booking.id,
      seriesId: null,
      serviceId: service.id,
      amount,
      currency: MONEY_FACTS.currency,
      checkoutSessionId: session.id,
      now,
    });
    return json(201, { url: session.url });
  },
});

/** POST /api/payments/portal: Stripe's Customer Portal (update the card, cancel). */
export const createPortal = endpoint({
  auth: 'verified',
  async run({ caller, context }) {
    const settings = paymentsOf(context);
    const customer = await customerFor(settings, context.db, caller, context.now());
    const session = await provider(() =>
      settings.stripe.billingPortal.sessions.create({
        customer,
        return_url: `${settings.siteUrl}/account/billing`,
      }),
    );
    return json(201, { url: session.url });
  },
});

async function paymentViews(db: Database, rows: readonly PaymentRow[]): Promise<Payment[]> {
  const refunds = await refundsOf(
    db,
    rows.map((row) => row.id),
  );
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      amount: row.amount,
      currency: row.currency,
      status: row.status,
      paidAt: row.paid_at?.toISOString() ?? null,
      receiptNumber: receiptNumberOf(row),
      sessions: (await sessionsCovered(db, row)).map((session) => ({
        bookingId: session.id,
        start: session.starts_at.toISOString(),
      })),
      refunded: row.refunded,
      seriesId: row.series_id,
      periodEnd: row.period_end?.toISOString() ?? null,
      creditNotes: refunds
        .filter((refund) => refund.payment_id === row.id)
        .map((refund) => ({
          id: refund.id,
          number: creditNoteNumber(refund.credit_year, refund.credit_sequence),
          amount: refund.amount,
          at: refund.created_at.toISOString(),
        })),
    })),
  );
}

/** GET /api/payments: the caller's own payments and monthly plans. */
export const myPayments = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const now = context.now();
    const [rows, series] = await Promise.all([
      clientPayments(context.db, caller.uid),
      clientSeries(context.db, caller.uid),
    ]);
    const paid = series.filter((each) => {
      const service = context.services.find((s) => s.id === each.serviceId);
      return (
        (each.status === 'confirmed' || each.status === 'ended') && service && !isFree(service)
      );
    });
    const states = await planStates(
      context.db,
      paid.map((each) => each.id),
      now,
    );
    const body: MyPayments = {
      payments: await paymentViews(context.db, rows),
      plans: paid.map((each) => {
        const state = states.get(each.id);
        const service = context.services.find((s) => s.id === each.serviceId);
        const status =
          each.status === 'ended'
            ? 'ended'
            : state?.ending && state.status === 'paid'
              ? 'ending'
              : (state?.status ?? 'unpaid');
        return {
          seriesId: each.id,
          status: status === 'free' || status === 'refunded' ? 'paid' : status,
          paidUntil: state?.paidUntil ?? null,
          serviceName: service?.name ?? '',
          monthlyAmount: service ? monthlyPricePence(service) : 0,
          nextPaymentAt: status === 'paid' ? (state?.paidUntil ?? null) : null,
        };
      }),
    };
    return json(200, body);
  },
});

async function readablePayment(call: {
  caller: Caller;
  params: Readonly<Record<string, string>>;
  context: ApiContext;
}) {
  const row = await findPayment(call.context.db, call.params.id ?? '');
  if (
    !row ||
    (row.client_uid !== call.caller.uid && !call.caller.practitioner) ||
    !receiptNumberOf(row)
  ) {
    throw problems.notFound('There is no such receipt. Open your payments again.');
  }
  return row;
}

/** A credit note its payment's client or the practitioner may read; 404 for anyone else. */
async function readableCreditNote(call: {
  caller: Caller;
  params: Readonly<Record<string, string>>;
  context: ApiContext;
}) {
  const refund = await findRefund(call.context.db, call.params.id ?? '');
  const payment = refund && (await findPayment(call.context.db, refund.payment_id));
  if (!refund || !payment || (payment.client_uid !== call.caller.uid && !call.caller.practitioner))
    throw problems.notFound('There is no such credit note. Open your payments again.');
  return { refund, payment };
}

/** The sessions a credit note is for: the cancelled session, or all its payment covered. */
async function sessionsOf(db: Database, row: PaymentRow, refund: RefundRow | undefined) {
  if (!refund?.booking_id) return sessionsCovered(db, row);
  return db
    .selectFrom('bookings')
    .select(['id', 'starts_at', 'ends_at', 'service_id', 'status'])
    .where('id', '=', refund.booking_id)
    .execute();
}

/**
 * A receipt, or with `refund` its credit note, with every field an insurer asks for. `readerUid`
 * is who reads it (null: the emailed signed link, which went to the client).
 */
async function receiptOf(
  context: ApiContext,
  row: PaymentRow,
  readerUid: string | null,
  refund?: RefundRow,
): Promise<Receipt> {
  const service = context.services.find((each) => each.id === row.service_id);
  const sessions = await sessionsOf(context.db, row, refund);
  const intake = await context.db
    .selectFrom('intakes')
    .select(sql<string | null>`details->>'address'`.as('address'))
    .where('client_uid', '=', row.client_uid)
    .executeTakeFirst();
  if (intake && readerUid !== null && readerUid !== row.client_uid) {
    await writeAudit(context.db, {
      at: context.now(),
      actorUid: readerUid,
      clientUid: row.client_uid,
      action: 'read',
      what: 'receipt (address from the intake)',
    });
  }
  const fee = service ? feePerSessionPence(service) : row.amount;
  const body = practiceFacts.professionalBody;
  return {
    kind: refund ? 'credit-note' : 'receipt',
    paymentId: row.id,
    number: refund
      ? creditNoteNumber(refund.credit_year, refund.credit_sequence)
      : (receiptNumberOf(row) ?? ''),
    ...(refund && { receiptNumber: receiptNumberOf(row) ?? '' }),
    date: (refund?.created_at ?? row.paid_at ?? row.created_at).toISOString(),
    client: { name: row.client_name, email: row.client_email, address: intake?.address || null },
    practitioner: {
      name: practiceFacts.practitioner,
      title: practiceFacts.title,
      professionalBody: body.name,
      grade: body.grade,
      membershipNumber: body.membershipNumber,
    },
    practice: { name: practiceFacts.name, address: practiceAddressLine },
    sessions: sessions.map((session) => ({
      bookingId: session.id,
      start: session.starts_at.toISOString(),
      date: new Intl.DateTimeFormat('en-GB', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: practiceFacts.timeZone,
      }).format(session.starts_at),
      time: practiceWallClock(session.starts_at),
      minutes: Math.round((session.ends_at.getTime() - session.starts_at.getTime()) / 60_000),
      service: service?.name ?? 'Session',
      fee,
    })),
    feePerSession: fee,
    total: refund?.amount ?? row.amount,
    currency: row.currency,
    card:
      row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    vatSentence: MONEY_FACTS.vatSentence,
    refunded: row.refunded,
    pdfPath: refund ? pdfPathOf('credit-note', refund.id) : pdfPathOf('receipt', row.id),
  };
}

function pdfAnswer(receipt: Receipt, bytes: Uint8Array) {
  return {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${receipt.number}.pdf"`,
      // A signed link is a bearer of the document: not kept by shared caches.
      'cache-control': 'private, no-store',
    },
    body: bytes,
  };
}

const badLink = () =>
  problems.notFound(
    'This link is not valid or has expired. Sign in and open the document from Billing.',
  );

/** GET /api/payments/:id: the receipt, for its client or the practitioner. */
export const paymentReceipt = endpoint({
  auth: 'client',
  async run(call) {
    const row = await readablePayment(call);
    return json(200, await receiptOf(call.context, row, call.caller.uid));
  },
});

/** GET /api/payments/:id/receipt.pdf: the same receipt as a PDF. */
export const paymentReceiptPdf = endpoint({
  auth: 'client',
  async run(call) {
    const row = await readablePayment(call);
    const receipt = await receiptOf(call.context, row, call.caller.uid);
    return pdfAnswer(receipt, await receiptPdf(receipt));
  },
});

/** GET /api/payments/:id/signed-receipt.pdf?expires&signature: the emailed link, no sign-in. */
export const signedReceiptPdf = endpoint({
  auth: 'anyone',
  async run({ params, request, context }) {
    const settings = paymentsOf(context);
    const id = params.id ?? '';
    if (!signedLinkHolds(settings.linkSecret, 'receipt', id, request.query, context.now()))
      throw badLink();
    const row = await findPayment(context.db, id);
    if (!row || !receiptNumberOf(row)) throw badLink();
    const receipt = await receiptOf(context, row, null);
    return pdfAnswer(receipt, await receiptPdf(receipt));
  },
});

/** GET /api/payments/credit-notes/:id: a refund's credit note, for its client or the practitioner. */
export const creditNote = endpoint({
  auth: 'client',
  async run(call) {
    const { refund, payment } = await readableCreditNote(call);
    return json(200, await receiptOf(call.context, payment, call.caller.uid, refund));
  },
});

/** GET /api/payments/credit-notes/:id/credit-note.pdf: the same credit note as a PDF. */
export const creditNotePdf = endpoint({
  auth: 'client',
  async run(call) {
    const { refund, payment } = await readableCreditNote(call);
    const note = await receiptOf(call.context, payment, call.caller.uid, refund);
    return pdfAnswer(note, await receiptPdf(note));
  },
});

/** GET /api/payments/credit-notes/:id/signed-credit-note.pdf?expires&signature: no sign-in. */
export const signedCreditNotePdf = endpoint({
  auth: 'anyone',
  async run({ params, request, context }) {
    const settings = paymentsOf(context);
    const id = params.id ?? '';
    if (!signedLinkHolds(settings.linkSecret, 'credit-note', id, request.query, context.now()))
      throw badLink();
    const refund = await findRefund(context.db, id);
    const payment = refund && (await findPayment(context.db, refund.payment_id));
    if (!refund || !payment) throw badLink();
    const note = await receiptOf(context, payment, null, refund);
    return pdfAnswer(note, await receiptPdf(note));
  },
});

interface WebhookResult {
  deliver: boolean;
}

/**
 * POST /api/payments/webhook: Stripe's word on what was paid. The signature is checked over the
 * raw body; each event id is kept once, so a replay or a retry changes nothing twice; the change
 * and the email it causes are one transaction.
 */
export const paymentWebhook = endpoint({
  auth: 'anyone',
  async run({ request, context }) {
    const settings = paymentsOf(context);
    let event: Stripe.Event;
    try {
      if (!request.rawBody || !request.stripeSignature) throw new Error('missing');
      event = settings.stripe.webhooks.constructEvent(
        request.rawBody,
        request.stripeSignature,
        settings.webhookSecret,
      );
    } catch {
      throw problems.badSignature('The Stripe-Signature header does not match this body.');
    }
    const now = context.now();
    const card = await cardOf(settings, event);
    const result = await context.db.transaction().execute(async (trx): Promise<WebhookResult> => {
      const fresh = await recordEvent(
        trx,
        { id: event.id, type: event.type, created: new Date(event.created * 1000) },
        now,
      );
      if (!fresh) return { deliver: false };
      return applyEvent(trx, context, event, card, now);
    });
    if (result.deliver) context.outbox.deliver();
    return json(200, { received: true });
  },
});

function paymentIntentOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (typeof object.payment_intent === 'string') return object.payment_intent;
  const payments = (
    object.payments as { data?: { payment?: { payment_intent?: unknown } }[] } | undefined
  )?.data;
  const intent = payments?.[0]?.payment?.payment_intent;
  return typeof intent === 'string' ? intent : null;
}

async function cardOf(settings: PaymentsSettings, event: Stripe.Event) {
  if (event.type !== 'checkout.session.completed' && event.type !== 'invoice.paid') return null;
  const intent = paymentIntentOf(event);
  if (!intent) return { intent: null, card: null };
  try {
    const found = await settings.stripe.paymentIntents.retrieve(intent, {
      expand: ['latest_charge'],
    });
    const charge = found.latest_charge;
    const details =
      typeof charge === 'object' && charge ? charge.payment_method_details?.card : undefined;
    return {
      intent,
      card: details ? { brand: details.brand ?? 'card', last4: details.last4 ?? '' } : null,
    };
  } catch {
    return { intent, card: null };
  }
}

function invoiceFacts(invoice: Stripe.Invoice) {
  const details = invoice.parent?.subscription_details;
  const line = invoice.lines.data[0];
  return {
    seriesId: details?.metadata?.seriesId ?? '',
    subscriptionId:
      typeof details?.subscription === 'string'
        ? details.subscription
        : (details?.subscription?.id ?? null),
    periodStart: new Date((line?.period.start ?? invoice.period_start) * 1000),
    periodEnd: new Date((line?.period.end ?? invoice.period_end) * 1000),
  };
}

async function applyEvent(
  db: Database,
  context: ApiContext,
  event: Stripe.Event,
  card: Awaited<ReturnType<typeof cardOf>>,
  now: Date,
): Promise<WebhookResult> {
  const paidAt = new Date(event.created * 1000);
  const messages = { now, practiceEmail: context.outbox.practiceEmail };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode === 'subscription') {
        const seriesId = session.metadata?.seriesId ?? '';
        const series = UUID.test(seriesId) ? await findSeries(db, seriesId) : undefined;
        const subscription =
          typeof session.subscription === 'string'
            ? session.subscription
            : (session.subscription?.id ?? null);
        if (series)
          await savePlan(db, {
            seriesId,
            clientUid: series.client.uid,
            subscriptionId: subscription,
            now,
          });
        return { deliver: false };
      }
      if (session.payment_status !== 'paid') return { deliver: false };
      const paid = await settleCheckoutPayment(
        db,
        session.id,
        { paidAt, paymentIntentId: card?.intent ?? null, card: card?.card ?? null },
        now,
      );
      if (!paid?.booking_id) return { deliver: false };
      const booking = await findBooking(db, paid.booking_id);
      if (!booking) return { deliver: false };
      await queueMessages(db, [receiptMessage(booking, paid, paymentsOf(context), now)], messages);
      return { deliver: true };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const facts = invoiceFacts(invoice);
      const series = UUID.test(facts.seriesId) ? await findSeries(db, facts.seriesId) : undefined;
      if (!series || !invoice.id) return { deliver: false };
      const service = context.services.find((each) => each.id === series.serviceId);
      await savePlan(db, {
        seriesId: series.id,
        clientUid: series.client.uid,
        subscriptionId: facts.subscriptionId,
        now,
      });
      const paid = event.type === 'invoice.paid';
      const amount =
        (paid ? invoice.amount_paid : invoice.amount_due) ||
        (service ? monthlyPricePence(service) : 0);
      if (amount <= 0) return { deliver: false };
      const outcome = await recordInvoice(db, {
        invoiceId: invoice.id,
        seriesId: series.id,
        client: series.client,
        serviceId: series.serviceId,
        amount,
        currency: invoice.currency.toUpperCase(),
        periodStart: facts.periodStart,
        periodEnd: facts.periodEnd,
        outcome: paid
          ? { paid: { paidAt, paymentIntentId: card?.intent ?? null, card: card?.card ?? null } }
          : { failed: true },
        now,
      });
      const first = await db
        .selectFrom('bookings')
        .select('id')
        .where('series_id', '=', series.id)
        .orderBy('starts_at')
        .limit(1)
        .executeTakeFirst();
      const booking = first && (await findBooking(db, first.id));
      if (!booking) return { deliver: false };
      if (outcome.paid) {
        await queueMessages(
          db,
          [receiptMessage(booking, outcome.paid, paymentsOf(context), now)],
          messages,
        );
        return { deliver: true };
      }
      if (outcome.failed) {
        const state = (await planStates(db, [series.id], now)).get(series.id);
        if (state?.status !== 'due') return { deliver: false };
        await queueMessages(
          db,
          [
            {
              kind: 'payment-due',
              to: 'client',
              booking,
              payment: { id: outcome.failed.id, receiptNumber: null, amount, seriesId: series.id },
            },
          ],
          messages,
        );
        return { deliver: true };
      }
      return { deliver: false };
    }
    default:
      // charge.refunded and the rest: refunds are recorded when the practice makes them.
      return { deliver: false };
  }
}

const receiptMessage = (
  booking: BookingRecord,
  row: PaymentRow,
  settings: PaymentsSettings,
  now: Date,
) => ({
  kind: 'payment-received' as const,
  to: 'client' as const,
  booking,
  payment: {
    id: row.id,
    receiptNumber: receiptNumberOf(row),
    amount: row.amount,
    seriesId: row.series_id,
    pdfLink: signedPdfLink(settings, 'receipt', row.id, now),
  },
});

/** GET /api/practice/payments?month=YYYY-MM: the month's payments, refunds and what is owed. */
export const practicePayments = endpoint({
  auth: 'practitioner',
  query: PracticePaymentsQuerySchema,
  async run({ query, context }) {
    const now = context.now();
    const month = query.month ?? practiceDate(now).slice(0, 7);
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const next =
      monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
    const within = {
      start: startOfPracticeDay(`${month}-01`),
      end: startOfPracticeDay(`${next}-01`),
    };
    const [rows, refunds] = await Promise.all([
      paymentsPaidWithin(context.db, within),
      refundsWithin(context.db, within),
    ]);
    const payments = (await paymentViews(context.db, rows)).map((view, index) => ({
      ...view,
      clientUid: rows[index]?.client_uid ?? '',
      clientName: rows[index]?.client_name ?? '',
      clientEmail: rows[index]?.client_email ?? '',
    }));
    const due = await owed(context, within, now);
    const clients = new Map<string, PracticePayments['clients'][number]>();
    const totalsOf = (uid: string, name: string) => {
      const found = clients.get(uid) ?? {
        clientUid: uid,
        clientName: name,
        paid: 0,
        refunded: 0,
        due: 0,
      };
      clients.set(uid, found);
      return found;
    };
    for (const payment of payments)
      totalsOf(payment.clientUid, payment.clientName).paid += payment.amount;
    for (const refund of refunds) {
      const payment = rows.find((row) => row.id === refund.payment_id);
      if (payment) totalsOf(payment.client_uid, payment.client_name).refunded += refund.amount;
    }
    for (const item of due) totalsOf(item.clientUid, item.clientName).due += item.amount;
    const body: PracticePayments = {
      month,
      currency: MONEY_FACTS.currency,
      payments,
      refunds: refunds.map((refund) => ({
        id: refund.id,
        paymentId: refund.payment_id,
        creditNoteNumber: creditNoteNumber(refund.credit_year, refund.credit_sequence),
        amount: refund.amount,
        at: refund.created_at.toISOString(),
        clientName: refund.client_name,
      })),
      due,
      clients: [...clients.values()],
      totals: {
        paid: payments.reduce((sum, each) => sum + each.amount, 0),
        refunded: refunds.reduce((sum, each) => sum + each.amount, 0),
        due: due.reduce((sum, each) => sum + each.amount, 0),
      },
    };
    return json(200, body);
  },
});

/** Confirmed one-off sessions of the month without a payment, and series not paid or due. */
async function owed(context: ApiContext, within: { start: Date; end: Date }, now: Date) {
  const sessions = await context.db
    .selectFrom('bookings')
    .select(['id', 'client_uid', 'client_name', 'client_email', 'service_id', 'starts_at'])
    .where('status', '=', 'confirmed')
    .where('series_id', 'is', null)
    .where('starts_at', '>=', within.start)
    .where('starts_at', '<', within.end)
    .execute();
  const paid = await bookingPayments(
    context.db,
    sessions.map((each) => each.id),
  );
  const due: PracticePayments['due'] = [];
  for (const session of sessions) {
    const service = context.services.find((each) => each.id === session.service_id);
    if (!service || isFree(service) || paid.has(session.id)) continue;
    due.push({
      clientUid: session.client_uid,
      clientName: session.client_name,
      clientEmail: session.client_email,
      bookingId: session.id,
      seriesId: null,
      amount: feePerSessionPence(service),
      status: 'unpaid',
      start: session.starts_at.toISOString(),
    });
  }
  const series = await seriesWithStatus(context.db, ['confirmed']);
  const states = await planStates(
    context.db,
    series.map((each) => each.id),
    now,
  );
  for (const each of series) {
    const service = context.services.find((s) => s.id === each.serviceId);
    const state = states.get(each.id);
    if (!service || isFree(service) || !state || state.status === 'paid') continue;
    due.push({
      clientUid: each.client.uid,
      clientName: each.client.name,
      clientEmail: each.client.email,
      bookingId: null,
      seriesId: each.id,
      amount: monthlyPricePence(service),
      status: state.status === 'due' ? 'due' : 'unpaid',
      start: each.firstStart.toISOString(),
    });
  }
  return due;
}

/**
 * POST /api/practice/payments/:id/refund: the practitioner gives back up to what is left of a
 * payment (all of it when no amount is given), with a credit note.
 */
export const refundPayment = endpoint({
  auth: 'practitioner',
  body: RefundRequestSchema,
  async run({ params, body, context }) {
    const settings = paymentsOf(context);
    const now = context.now();
    const found = await findPayment(context.db, params.id ?? '');
    if (!found || !receiptNumberOf(found))
      throw problems.notFound('There is no such payment. Open the payments again.');
    const left = found.amount - found.refunded;
    const amount = body.amount ?? left;
    if (left <= 0) throw problems.alreadyPaid('This payment has already been refunded in full.');
    if (amount > left) {
      throw problems.refundTooLarge(`At most ${left}p is left to refund on this payment.`);
    }
    return refundNow(context, settings, found.id, amount, null, 'Refunded by the practice', now);
  },
});

/** Sends a refund to Stripe and records it with its credit note (shared with cancellations). */
export async function refundNow(
  context: ApiContext,
  settings: PaymentsSettings,
  paymentId: string,
  amount: number,
  bookingId: string | null,
  reason: string,
  now: Date,
) {
  const refund = await context.db.transaction().execute(async (trx) => {
    const payment = await lockPayment(trx, paymentId);
    if (!payment?.stripe_payment_intent_id) {
      throw problems.notPayable(
        'This payment has no card charge to refund. Refund it in the Stripe dashboard.',
      );
    }
    if (amount > payment.amount - payment.refunded) {
      throw problems.refundTooLarge(
        `At most ${payment.amount - payment.refunded}p is left to refund on this payment.`,
      );
    }
    const given = await provider(() =>
      settings.stripe.refunds.create(
        { payment_intent: payment.stripe_payment_intent_id ?? '', amount },
        { idempotencyKey: `refund:${payment.id}:${bookingId ?? payment.refunded}:${amount}` },
      ),
    );
    const row = await insertRefund(trx, {
      payment,
      bookingId,
      amount,
      stripeRefundId: given.id,
      reason,
      now,
    });
    const about = await bookingOfRefund(trx, payment, bookingId);
    if (about) {
      const number = creditNoteNumber(row.credit_year, row.credit_sequence);
      await queueMessages(
        trx,
        [
          {
            kind: 'refund-issued',
            to: 'client',
            booking: about,
            payment: {
              id: payment.id,
              receiptNumber: receiptNumberOf(payment),
              amount,
              seriesId: payment.series_id,
              creditNote: {
                id: row.id,
                number,
                pdfLink: signedPdfLink(settings, 'credit-note', row.id, now),
              },
            },
          },
        ],
        { now, practiceEmail: context.outbox.practiceEmail },
      );
    }
    return { row, total: payment.refunded + amount };
  });
  context.outbox.deliver();
  return json(201, {
    id: refund.row.id,
    paymentId,
    creditNoteNumber: creditNoteNumber(refund.row.credit_year, refund.row.credit_sequence),
    amount,
    refundedTotal: refund.total,
  });
}

/** The session a refund's email is about: the cancelled one, the paid one, or the series' first. */
async function bookingOfRefund(db: Database, payment: PaymentRow, bookingId: string | null) {
  const id =
    bookingId ??
    payment.booking_id ??
    (payment.series_id &&
      (
        await db
          .selectFrom('bookings')
          .select('id')
          .where('series_id', '=', payment.series_id)
          .orderBy('starts_at')
          .limit(1)
          .executeTakeFirst()
      )?.id);
  return id ? findBooking(db, id) : undefined;
}

/** The payment state of sessions and series, for every list that shows them. */
export async function paymentStates(
  context: ApiContext,
  bookings: readonly Pick<BookingRecord, 'id' | 'serviceId' | 'seriesId' | 'status' | 'start'>[],
  seriesIds: readonly string[],
) {
  const now = context.now();
  const allSeries = [
    ...new Set([...seriesIds, ...bookings.flatMap((b) => (b.seriesId ? [b.seriesId] : []))]),
  ];
  const [paid, plans] = await Promise.all([
    bookingPayments(
      context.db,
      bookings.filter((b) => !b.seriesId).map((b) => b.id),
    ),
    planStates(context.db, allSeries, now),
  ]);
  const free = (serviceId: number) => {
    const service = context.services.find((each) => each.id === serviceId);
    return !service || isFree(service);
  };
  const soon = (start: Date) => start.getTime() - now.getTime() <= 2 * DAY_MS && start > now;
  return {
    booking(booking: (typeof bookings)[number]) {
      if (free(booking.serviceId)) return { status: 'free' as const };
      if (booking.seriesId)
        return this.series(booking.seriesId, booking.serviceId, booking.start, booking.status);
      const row = paid.get(booking.id);
      if (row)
        return { status: row.status === 'refunded' ? ('refunded' as const) : ('paid' as const) };
      return {
        status: 'unpaid' as const,
        ...(booking.status === 'confirmed' && soon(booking.start) && { unpaidSoon: true }),
      };
    },
    series(seriesId: string, serviceId: number, firstStart: Date, status: string) {
      if (free(serviceId)) return { status: 'free' as const };
      const state = plans.get(seriesId);
      const result = {
        status: state?.status ?? ('unpaid' as const),
        ...(state?.paidUntil && { paidUntil: state.paidUntil }),
      };
      return result.status === 'unpaid' && status === 'confirmed' && soon(firstStart)
        ? { ...result, unpaidSoon: true }
        : result;
    },
  };
}
