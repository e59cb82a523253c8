import { feePerSessionPence, isFree, MONEY_FACTS, monthlyPricePence } from '../../../shared/money';
import { CheckoutRequestSchema } from '../../../shared/payments-api';
import { findBooking } from '../bookings';
import type { Database } from '../platform/database/database';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import type { Caller } from '../platform/http/types';
import { json } from '../platform/http/types';
import { findSeries } from '../series';
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
      const customer = await customerFor(payments, context.db, caller, now);
      const session = await payments.gateway.openCheckout({
        mode: 'subscription',
        customer,
        productName: `${service.name}: ${service.session} sessions a month`,
        amount: monthlyPricePence(service),
        currency: MONEY_FACTS.currency,
        metadata: { seriesId: series.id, clientUid: caller.uid },
        ...returns,
      });
      await savePlan(context.db, {
        seriesId: series.id,
        clientUid: caller.uid,
        subscriptionId: null,
        now,
      });
      if (!session.url) throw notOpened();
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
    const customer = await customerFor(payments, context.db, caller, now);
    const session = await payments.gateway.openCheckout({
      mode: 'payment',
      customer,
      productName: `${service.name}: one session`,
      amount,
      currency: MONEY_FACTS.currency,
      metadata: { bookingId: booking.id, clientUid: caller.uid },
      ...returns,
    });
    if (!session.url) throw notOpened();
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
    const payments = paymentsOf(context);
    const customer = await customerFor(payments, context.db, caller, context.now());
    const url = await payments.gateway.openPortal(
      customer,
      `${payments.settings.siteUrl}/account/billing`,
    );
    return json(201, { url });
  },
});
