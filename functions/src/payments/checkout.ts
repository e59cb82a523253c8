import { CheckoutRequestSchema } from '../../../shared/payments-api';
import { findBooking } from '../bookings';
import type { Database } from '../platform/database/database';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import type { Caller } from '../platform/http/types';
import { json } from '../platform/http/types';
import { findSeries } from '../series';
import { seriesCheckout, sessionCheckout } from './checkout-rules';
import { paymentsOf, type Payments } from './gateway';
import { insertPendingPayment, settledPaymentForBooking } from './queries';
import { customerOf, planStates, saveCustomer, savePlan } from './queries-plans';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's Stripe customer, made on first use. */
async function customerFor({ gateway }: Payments, db: Database, caller: Caller, now: Date) {
  const known = await customerOf(db, caller.uid);
  if (known) return known;
  const customer = await gateway.createCustomer({
    email: caller.email,
    name: caller.name,
    clientUid: caller.uid,
  });
  return saveCustomer(db, caller.uid, customer, now);
}

const notOpened = () =>
  problems.paymentProvider('Checkout could not be opened. Try again in a minute.');

/**
 * POST /api/payments/checkout: a confirmed session or series of the caller's, not yet paid, sent
 * to Stripe Checkout. The amount is the server's own (service.json), whatever the body says.
 */
export const createCheckout = endpoint({
  auth: 'verified',
  body: CheckoutRequestSchema,
  async run({ caller, body, context }) {
    const payments = paymentsOf(context);
    const now = context.now();
    const back = `${payments.settings.siteUrl}/account/billing`;
    const returns = { successUrl: `${back}?paid={CHECKOUT_SESSION_ID}`, cancelUrl: back };
    if ('seriesId' in body) {
      const series = UUID.test(body.seriesId)
        ? await findSeries(context.db, body.seriesId)
        : undefined;
      const plan = series && (await planStates(context.db, [series.id], now)).get(series.id);
      const verdict = seriesCheckout({
        series,
        callerUid: caller.uid,
        services: context.services,
        plan,
      });
      if (verdict.refused) throw verdict.refused;
      const seriesId = verdict.item.id;
      const customer = await customerFor(payments, context.db, caller, now);
      const session = await payments.gateway.openCheckout({
        mode: 'subscription',
        customer,
        productName: verdict.productName,
        amount: verdict.amount,
        currency: verdict.currency,
        metadata: { seriesId, clientUid: caller.uid },
        ...returns,
      });
      await savePlan(context.db, { seriesId, clientUid: caller.uid, subscriptionId: null, now });
      if (!session.url) throw notOpened();
      return json(201, { url: session.url });
    }
    const booking = UUID.test(body.bookingId)
      ? await findBooking(context.db, body.bookingId)
      : undefined;
    const paidAlready =
      booking !== undefined &&
      (await settledPaymentForBooking(context.db, booking.id)) !== undefined;
    const verdict = sessionCheckout({
      booking,
      callerUid: caller.uid,
      services: context.services,
      paidAlready,
    });
    if (verdict.refused) throw verdict.refused;
    const toPay = verdict.item;
    const customer = await customerFor(payments, context.db, caller, now);
    const session = await payments.gateway.openCheckout({
      mode: 'payment',
      customer,
      productName: verdict.productName,
      amount: verdict.amount,
      currency: verdict.currency,
      metadata: { bookingId: toPay.id, clientUid: caller.uid },
      ...returns,
    });
    if (!session.url) throw notOpened();
    await insertPendingPayment(context.db, {
      client: toPay.client,
      bookingId: toPay.id,
      seriesId: null,
      serviceId: verdict.service.id,
      amount: verdict.amount,
      currency: verdict.currency,
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
    const payments = paymentsOf(context);
    const customer = await customerFor(payments, context.db, caller, context.now());
    const url = await payments.gateway.openPortal(
      customer,
      `${payments.settings.siteUrl}/account/billing`,
    );
    return json(201, { url });
  },
});
