import type { ClientRecord } from '../../../shared/intake';
import { PaymentBadge } from '../../components/payments/payment-badge';
import { formatDayWithYear, formatTime } from '../../lib/practice-time';

type RecordBooking = ClientRecord['bookings'][number];

/** One line per standing series (its plan) and per paid one-off session; free ones have none. */
function paymentLines(bookings: readonly RecordBooking[]) {
  const lines: { key: string; what: string; booking: RecordBooking }[] = [];
  const seen = new Set<string>();
  for (const booking of bookings) {
    if (!booking.payment || booking.payment.status === 'free') continue;
    // A request declined or cancelled before it was paid owes nothing.
    if (booking.payment.status === 'unpaid' && booking.status !== 'confirmed') continue;
    if (booking.seriesId) {
      if (seen.has(booking.seriesId)) continue;
      seen.add(booking.seriesId);
      lines.push({
        key: booking.seriesId,
        what: `${booking.serviceName}, standing series from ${formatDayWithYear(booking.start)}`,
        booking,
      });
      continue;
    }
    lines.push({
      key: booking.id,
      what: `${booking.serviceName}, ${formatDayWithYear(booking.start)} ${formatTime(booking.start)}`,
      booking,
    });
  }
  return lines;
}

/** The client's payment state, per booking and series, on the practitioner's record page. */
export function RecordPayments({ bookings }: { bookings: readonly RecordBooking[] }) {
  const lines = paymentLines(bookings);
  return (
    <section aria-labelledby="record-payments-heading" className="mb-4">
      <h2 id="record-payments-heading">Payments</h2>
      {lines.length === 0 ? (
        <p>Nothing to pay: no paid sessions booked.</p>
      ) : (
        <ul>
          {lines.map((line) => (
            <li key={line.key}>
              {line.what} <PaymentBadge payment={line.booking.payment} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
