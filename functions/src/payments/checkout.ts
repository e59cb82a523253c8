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
import {
  markCheckoutExpired,
  insertPendingPayment,
  lockBooking,
  openCheckoutsOf,
  settledPaymentForBooking,
} from './queries';
import {
  customerOf,
  lockPlan,
  planStates,
  saveCustomer,
  savePlan,
  setOpenCheckout,
} from './queries-plans';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's Stripe customer, made on first use (Stripe's key makes a second ask the same). */
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
const beingConfirmed = () =>
  problems.alreadyPaid(
    'A payment for this is being confirmed: open Billing in a minute to see its receipt.',
  );

/** Where Checkout's "Cancel and go back" returns: the page the client paid from. */
const RETURN_PAGES = { bookings: '/account/bookings', billing: '/account/billing' } as const;

/**
 * Closes a Checkout the client opened before (another tab, or Pay pressed again after going
 * back): one open Checkout per session or series. False when it was paid on meanwhile.
 */
async function closeEarlier(payments: Payments, checkoutId: string): Promise<boolean> {
  return (await payments.gateway.expireCheckout(checkoutId)) === 'expired';
}

/**
 * POST /api/payments/checkout: a confirmed session or series of the caller's, not yet paid, sent
 * to Stripe Checkout. The amount is the server's own (service.json), whatever the body says.
 * Asking again expires the Checkout opened before, so a session or series has one open at most;
 * each is decided under its row's lock, so two tabs at once take turns.
 */
export const createCheckout = endpoint({
  auth: 'verified',
  body: CheckoutRequestSchema,
  async run({ caller, body, context }) {
    const payments = paymentsOf(context);
    const now = context.now();
    const site = payments.settings.siteUrl;
    const returns = {
      successUrl: `${site}/account/billing?paid={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${site}${RETURN_PAGES[body.from ?? 'billing']}`,
    };
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
      // A plan with a live subscription whose renewal failed is paid in the Portal (a new card),
      // never by a second subscription.
      if (plan?.subscriptionId && !plan.ended) {
        const url = await payments.gateway.openPortal(customer, returns.cancelUrl);
        return json(201, { url });
      }
      const url = await context.db.transaction().execute(async (trx) => {
        await savePlan(trx, { seriesId, clientUid: caller.uid, subscriptionId: null, now });
        const locked = await lockPlan(trx, seriesId);
        if (locked?.open_checkout_id && !(await closeEarlier(payments, locked.open_checkout_id)))
          throw beingConfirmed();
        const session = await payments.gateway.openCheckout({
          mode: 'subscription',
          customer,
          productName: verdict.productName,
          amount: verdict.amount,
          currency: verdict.currency,
          metadata: { seriesId, clientUid: caller.uid },
          ...returns,
        });
        await setOpenCheckout(trx, seriesId, session.id);
        return session.url;
      });
      if (!url) throw notOpened();
      return json(201, { url });
    }
    const bookingId = UUID.test(body.bookingId) ? body.bookingId : undefined;
    const url = await context.db.transaction().execute(async (trx) => {
      if (bookingId) await lockBooking(trx, bookingId);
      const booking = bookingId ? await findBooking(trx, bookingId) : undefined;
      const paidAlready =
        booking !== undefined && (await settledPaymentForBooking(trx, booking.id)) !== undefined;
      const verdict = sessionCheckout({
        booking,
        callerUid: caller.uid,
        services: context.services,
        paidAlready,
      });
      if (verdict.refused) throw verdict.refused;
      const toPay = verdict.item;
      for (const earlier of await openCheckoutsOf(trx, toPay.id)) {
        if (!earlier.checkout_session_id) continue;
        if (!(await closeEarlier(payments, earlier.checkout_session_id))) throw beingConfirmed();
        await markCheckoutExpired(trx, earlier.id, now);
      }
      const customer = await customerFor(payments, trx, caller, now);
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
      await insertPendingPayment(trx, {
        client: toPay.client,
        bookingId: toPay.id,
        seriesId: null,
        serviceId: verdict.service.id,
        amount: verdict.amount,
        currency: verdict.currency,
        checkoutSessionId: session.id,
        now,
      });
      return session.url;
    });
    return json(201, { url });
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
