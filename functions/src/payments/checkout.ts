import { CheckoutRequestSchema } from '../../../shared/payments-api';
import { findBooking } from '../bookings';
import type { Database } from '../platform/database/database';
import { endpoint } from '../platform/http/endpoint';
import { ProblemError, problems } from '../platform/http/problems';
import type { ApiContext, Caller } from '../platform/http/types';
import { json } from '../platform/http/types';
import { findSeries } from '../series';
import { seriesCheckout, sessionCheckout } from './checkout-rules';
import { paymentsOf, type Payments } from './gateway';
import { withinRequestBudget } from './stripe-budget';
import {
  markCheckoutExpired,
  insertPendingPayment,
  lockBooking,
  openCheckoutsOf,
  settledPaymentForBooking,
} from './queries';
import { endOpening, startOpening } from './queries-openings';
import {
  customerOf,
  lockPlan,
  planStates,
  saveCustomer,
  savePlan,
  setOpenCheckout,
  shareSeriesLock,
} from './queries-plans';
import { stripeDidNotAnswer } from './stripe-budget';
import { transactionTriedAgain } from '../platform/database/retry';

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
const beingOpened = () =>
  problems.checkoutOpening(
    'A payment page for this is being opened in another tab or window: use that one, or try again in a minute.',
  );

/** Where Checkout's "Cancel and go back" returns: the page the client paid from. */
const RETURN_PAGES = { bookings: '/account/bookings', billing: '/account/billing' } as const;

/**
 * Closes a Checkout the client opened before (another tab, or Pay pressed again after going
 * back): one open Checkout per session or series. False when it was paid on meanwhile. When
 * Stripe did not answer, that page may still be open: "nothing was charged" would not be true.
 */
async function closeEarlier(payments: Payments, checkoutId: string): Promise<boolean> {
  try {
    return (await payments.gateway.expireCheckout(checkoutId)) === 'expired';
  } catch (error) {
    if (error instanceof ProblemError && error.problem.status === 503)
      throw stripeDidNotAnswer('earlierCheckout');
    throw error;
  }
}

/** What Checkout shows and takes, as the rules decided it. */
interface CheckoutAsk {
  mode: 'payment' | 'subscription';
  productName: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
}

/**
 * The Stripe half of opening a Checkout, with nothing locked: the earlier ones closed, the
 * customer made, the Checkout created under the opening's own key. Any failure releases the
 * opening, so the next Pay starts afresh.
 */
async function askStripe(
  context: ApiContext,
  caller: Caller,
  opening: { id: string; earlier: readonly string[] },
  ask: CheckoutAsk,
) {
  const payments = paymentsOf(context);
  for (const checkoutId of opening.earlier)
    if (!(await closeEarlier(payments, checkoutId))) throw beingConfirmed();
  const customer = await customerFor(payments, context.db, caller, context.now());
  const session = await payments.gateway.openCheckout({
    ...ask,
    customer,
    idempotencyKey: `checkout:${opening.id}`,
  });
  if (!session.url) throw notOpened();
  return { id: session.id, url: session.url };
}

/**
 * Records Stripe's answer in a short transaction that decides again (the session may have been
 * cancelled or paid meanwhile: the rules' refusal is then the answer, and the new Checkout is
 * closed). An opening released meanwhile (stale) is answered as Stripe's silence.
 */
async function recordAnswer(
  context: ApiContext,
  openingId: string,
  checkoutId: string,
  steps: {
    /** The row the first transaction locked, locked first again (the same order: no deadlock). */
    lock: (trx: Database) => Promise<unknown>;
    record: (trx: Database, mine: boolean) => Promise<ProblemError | undefined>;
  },
) {
  // Its locks are taken in the order every other path takes them (plan, then series); run again
  // should PostgreSQL still break a cycle of waits (40P01) rather than answer 500.
  const refusal = await transactionTriedAgain(context.db, async (trx) => {
    await steps.lock(trx);
    return steps.record(trx, await endOpening(trx, openingId));
  });
  if (!refusal) return;
  try {
    await paymentsOf(context).gateway.expireCheckout(checkoutId);
  } catch {
    // Its address was never given out, and Stripe expires an unused Checkout within a day.
  }
  throw refusal;
}

/** The opening released if the work fails before its answer is recorded. */
async function releasingOnFailure<T>(db: Database, openingId: string, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    await endOpening(db, openingId).catch(() => undefined);
    throw error;
  }
}

/** A one-off session's verdict, from what is in the database now. */
async function sessionVerdict(db: Database, context: ApiContext, callerUid: string, id?: string) {
  const booking = id ? await findBooking(db, id) : undefined;
  const paidAlready =
    booking !== undefined && (await settledPaymentForBooking(db, booking.id)) !== undefined;
  return sessionCheckout({ booking, callerUid, services: context.services, paidAlready });
}

/** A series' verdict and plan state, from what is in the database now. */
async function seriesVerdict(db: Database, context: ApiContext, callerUid: string, id: string) {
  const series = UUID.test(id) ? await findSeries(db, id) : undefined;
  const plan = series && (await planStates(db, [series.id], context.now())).get(series.id);
  return {
    plan,
    verdict: seriesCheckout({ series, callerUid, services: context.services, plan }),
  };
}

type Returns = Pick<CheckoutAsk, 'successUrl' | 'cancelUrl'>;

/**
 * A one-off session: decided under its row's lock and recorded as an opening (committed); Stripe
 * asked with nothing locked; its answer recorded as the pending payment under the lock again.
 */
async function openSessionCheckout(
  context: ApiContext,
  caller: Caller,
  bookingId: string | undefined,
  returns: Returns,
) {
  const now = context.now();
  const decided = await context.db.transaction().execute(async (trx) => {
    if (bookingId) await lockBooking(trx, bookingId);
    const verdict = await sessionVerdict(trx, context, caller.uid, bookingId);
    if (verdict.refused) throw verdict.refused;
    const openingId = await startOpening(trx, { bookingId: verdict.item.id }, caller.uid, now);
    if (!openingId) throw beingOpened();
    const earlier = await openCheckoutsOf(trx, verdict.item.id);
    return { verdict, openingId, earlier };
  });
  const { verdict, openingId } = decided;
  const toPay = verdict.item;
  return releasingOnFailure(context.db, openingId, async () => {
    const session = await askStripe(
      context,
      caller,
      {
        id: openingId,
        earlier: decided.earlier.flatMap((each) => each.checkout_session_id ?? []),
      },
      {
        mode: 'payment',
        productName: verdict.productName,
        amount: verdict.amount,
        currency: verdict.currency,
        metadata: { bookingId: toPay.id, clientUid: caller.uid },
        ...returns,
      },
    );
    await recordAnswer(context, openingId, session.id, {
      lock: (trx) => lockBooking(trx, toPay.id),
      record: async (trx, mine) => {
        for (const earlier of decided.earlier) await markCheckoutExpired(trx, earlier.id, now);
        const again = await sessionVerdict(trx, context, caller.uid, toPay.id);
        if (again.refused) return again.refused;
        if (!mine) return stripeDidNotAnswer();
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
        return undefined;
      },
    });
    return session.url;
  });
}

/** A series' first month: as a session's, under its plan's lock instead. */
async function openSeriesCheckout(
  context: ApiContext,
  caller: Caller,
  seriesId: string,
  returns: Returns,
) {
  const now = context.now();
  const { plan, verdict } = await seriesVerdict(context.db, context, caller.uid, seriesId);
  if (verdict.refused) throw verdict.refused;
  // A plan with a live subscription whose renewal failed is paid in the Portal (a new card),
  // never by a second subscription.
  if (plan?.subscriptionId && !plan.ended) {
    const payments = paymentsOf(context);
    const customer = await customerFor(payments, context.db, caller, now);
    return payments.gateway.openPortal(customer, returns.cancelUrl);
  }
  const id = verdict.item.id;
  const opening = await context.db.transaction().execute(async (trx) => {
    await savePlan(trx, { seriesId: id, clientUid: caller.uid, subscriptionId: null, now });
    const locked = await lockPlan(trx, id);
    const openingId = await startOpening(trx, { seriesId: id }, caller.uid, now);
    if (!openingId) throw beingOpened();
    return { id: openingId, earlier: locked?.open_checkout_id ? [locked.open_checkout_id] : [] };
  });
  return releasingOnFailure(context.db, opening.id, async () => {
    const session = await askStripe(context, caller, opening, {
      mode: 'subscription',
      productName: verdict.productName,
      amount: verdict.amount,
      currency: verdict.currency,
      metadata: { seriesId: id, clientUid: caller.uid },
      ...returns,
    });
    await recordAnswer(context, opening.id, session.id, {
      lock: (trx) => lockPlan(trx, id),
      record: async (trx, mine) => {
        if (mine) await setOpenCheckout(trx, id, session.id);
        // Decided again under the series' row lock, the one ending a series takes (the plan's is
        // taken first, and ending takes no plan lock: no deadlock). An end committed first is
        // read here and refuses; one after waits for this commit, and its reaction then finds
        // this Checkout on the plan and expires it. Taken last, so an end waits only for the
        // commit.
        await shareSeriesLock(trx, id);
        const again = (await seriesVerdict(trx, context, caller.uid, id)).verdict;
        if (!again.refused && mine) return undefined;
        if (mine) await setOpenCheckout(trx, id, null);
        return again.refused ?? stripeDidNotAnswer();
      },
    });
    return session.url;
  });
}

/**
 * POST /api/payments/checkout: a confirmed session or series of the caller's, not yet paid, sent
 * to Stripe Checkout. The amount is the server's own (service.json), whatever the body says.
 * Asking again expires the Checkout opened before, so a session or series has one open at most;
 * no row stays locked while Stripe is asked (one Checkout is opened at a time: a second Pay
 * meanwhile is told so), and the whole request answers within its Stripe budget.
 */
export const createCheckout = endpoint({
  auth: 'verified',
  body: CheckoutRequestSchema,
  async run({ caller, body, context }) {
    const site = paymentsOf(context).settings.siteUrl;
    const returns = {
      successUrl: `${site}/account/billing?paid={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${site}${RETURN_PAGES[body.from ?? 'billing']}`,
    };
    const url = await withinRequestBudget(context, () =>
      'seriesId' in body
        ? openSeriesCheckout(context, caller, body.seriesId, returns)
        : openSessionCheckout(
            context,
            caller,
            UUID.test(body.bookingId) ? body.bookingId : undefined,
            returns,
          ),
    );
    return json(201, { url });
  },
});

/** POST /api/payments/portal: Stripe's Customer Portal (update the card, cancel). */
export const createPortal = endpoint({
  auth: 'verified',
  async run({ caller, context }) {
    const payments = paymentsOf(context);
    const url = await withinRequestBudget(context, async () => {
      const customer = await customerFor(payments, context.db, caller, context.now());
      return payments.gateway.openPortal(customer, `${payments.settings.siteUrl}/account/billing`);
    });
    return json(201, { url });
  },
});
