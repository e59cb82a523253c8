import type { PaymentStateView } from '../../../shared/payments-api';
import { formatDayWithYear } from '../../lib/practice-time';
import '../bookings/bookings.css';

/** "Paid to 3 March 2027", "Payment due", "Unpaid", "Refunded", "Paid"; nothing for a free one. */
export function paymentText(payment: PaymentStateView): string | undefined {
  switch (payment.status) {
    case 'free':
      return undefined;
    case 'paid':
      return payment.paidUntil ? `Paid to ${formatDayWithYear(payment.paidUntil)}` : 'Paid';
    case 'due':
      return 'Payment due';
    case 'unpaid':
      return payment.unpaidSoon ? 'Unpaid, starting soon' : 'Unpaid';
    case 'refunded':
      return 'Refunded';
  }
}

/** A booking's or series' payment state in words (the colour only repeats them). */
export function PaymentBadge({
  payment,
  compact = false,
}: {
  payment: PaymentStateView | undefined;
  compact?: boolean;
}) {
  const text = payment && paymentText(payment);
  if (!payment || !text) return null;
  return (
    <span className={`badge payment-badge payment-${payment.status}`}>
      {compact ? <span className="visually-hidden">Payment: </span> : 'Payment: '}
      {text}
    </span>
  );
}

/** A participant's session or series: the person who booked pays (no amount is theirs to see). */
export function PaidByBookerBadge() {
  return (
    <span className="badge payment-badge payment-by-booker">Paid by the person who booked</span>
  );
}
