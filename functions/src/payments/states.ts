import { feePerSessionPence, isFree, monthlyPricePence } from '../../../shared/money';
import type { PaymentStateView } from '../../../shared/payments-api';
import type { BookingRecord } from '../bookings';
import type { ApiContext } from '../platform/http/types';
import { bookingPayments } from './queries';
import { planStates } from './queries-plans';

const DAY_MS = 86_400_000;

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
  const serviceOf = (serviceId: number) => context.services.find((each) => each.id === serviceId);
  const free = (serviceId: number) => {
    const service = serviceOf(serviceId);
    return !service || isFree(service);
  };
  const soon = (start: Date) => start.getTime() - now.getTime() <= 2 * DAY_MS && start > now;
  return {
    booking(booking: (typeof bookings)[number]): PaymentStateView {
      if (free(booking.serviceId)) return { status: 'free' as const };
      if (booking.seriesId)
        return this.series(booking.seriesId, booking.serviceId, booking.start, booking.status);
      const row = paid.get(booking.id);
      if (row)
        return { status: row.status === 'refunded' ? ('refunded' as const) : ('paid' as const) };
      const service = serviceOf(booking.serviceId);
      return {
        status: 'unpaid' as const,
        ...(service && { amount: feePerSessionPence(service) }),
        ...(booking.status === 'confirmed' && soon(booking.start) && { unpaidSoon: true }),
      };
    },
    series(
      seriesId: string,
      serviceId: number,
      firstStart: Date,
      status: string,
    ): PaymentStateView {
      if (free(serviceId)) return { status: 'free' as const };
      const state = plans.get(seriesId);
      const service = serviceOf(serviceId);
      const plan = state?.status ?? 'unpaid';
      const result: PaymentStateView = {
        status: plan,
        ...(state?.paidUntil && { paidUntil: state.paidUntil }),
        ...(service &&
          (plan === 'unpaid' || plan === 'due') && {
            amount: monthlyPricePence(service),
          }),
      };
      return result.status === 'unpaid' && status === 'confirmed' && soon(firstStart)
        ? { ...result, unpaidSoon: true }
        : result;
    },
  };
}
