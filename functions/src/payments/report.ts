import { PracticePaymentsQuerySchema } from '../../../shared/payments-api';
import { practiceDate } from '../../../shared/time';
import { endpoint } from '../platform/http/endpoint';
import type { ApiContext } from '../platform/http/types';
import { json } from '../platform/http/types';
import { seriesWithStatus } from '../series';
import { paymentViews } from './my-payments';
import { bookingPayments, paymentsPaidWithin } from './queries';
import { planStates } from './queries-plans';
import { refundsWithin } from './queries-refunds';
import { confirmedOneOffsWithin } from './queries-sessions';
import { monthPeriod, monthReport, owedOf } from './report-rules';

/** GET /api/practice/payments?month=YYYY-MM: the month's payments, refunds and what is owed. */
export const practicePayments = endpoint({
  auth: 'practitioner',
  query: PracticePaymentsQuerySchema,
  async run({ query, context }) {
    const now = context.now();
    const month = query.month ?? practiceDate(now).slice(0, 7);
    const within = monthPeriod(month);
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
    return json(200, {
      ...monthReport({ month, payments, refunds, rows, due }),
      cancelledPlans: await cancelledInPortal(context, within, now),
    });
  },
});

/**
 * Standing series whose monthly plan the client cancelled in Stripe's Customer Portal: the series
 * still stands (its sessions are booked), so the practitioner decides what happens next.
 */
async function cancelledInPortal(
  context: ApiContext,
  within: { start: Date; end: Date },
  now: Date,
) {
  // A month lists the plans whose last paid period ends in it or in the month after (what is
  // about to stop coming in), so a past month's page does not change.
  const until = new Date(within.end);
  until.setUTCMonth(until.getUTCMonth() + 1);
  const series = await seriesWithStatus(context.db, ['confirmed']);
  const states = await planStates(
    context.db,
    series.map((each) => each.id),
    now,
  );
  return series.flatMap((each) => {
    const state = states.get(each.id);
    if (!state?.ended && !state?.ending) return [];
    const ends = state.paidUntil ? new Date(state.paidUntil) : null;
    if (ends && (ends < within.start || ends >= until)) return [];
    return [
      {
        seriesId: each.id,
        clientName: each.client.name,
        status: state.ended ? ('ended' as const) : ('ending' as const),
        paidUntil: state.paidUntil ?? null,
      },
    ];
  });
}

/** What is owed in a period (owedOf), from the sessions and series there are. */
async function owed(context: ApiContext, within: { start: Date; end: Date }, now: Date) {
  const sessions = await confirmedOneOffsWithin(context.db, within);
  const paid = await bookingPayments(
    context.db,
    sessions.map((each) => each.id),
  );
  // A standing series has sessions every month from its first on, and none before it began.
  const series = (await seriesWithStatus(context.db, ['confirmed'])).filter(
    (each) => each.firstStart < within.end,
  );
  const states = await planStates(
    context.db,
    series.map((each) => each.id),
    now,
  );
  return owedOf({ services: context.services, sessions, paid, series, states });
}
