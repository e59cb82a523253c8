import type { BookingStatus } from '../../../shared/booking';

const LABELS: Record<BookingStatus, { text: string; className: string }> = {
  requested: { text: 'Requested', className: 'text-bg-warning' },
  confirmed: { text: 'Confirmed', className: 'text-bg-success' },
  declined: { text: 'Declined', className: 'text-bg-secondary' },
  cancelled: { text: 'Cancelled', className: 'text-bg-light border' },
};

/** A booking's status in words (the colour only repeats them). */
export function StatusBadge({ status }: { status: BookingStatus }) {
  const { text, className } = LABELS[status];
  return <span className={`badge status-badge ${className}`}>Status: {text}</span>;
}
