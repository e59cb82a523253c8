import type { BookingStatus } from '../../../shared/booking';

const LABELS: Record<BookingStatus, string> = {
  requested: 'Requested',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

/**
 * A booking's status in words (the colour only repeats them; bookings.css gives each its own).
 * `compact` (a diary's small block) shows the word alone; a screen reader still hears "Status:".
 */
export function StatusBadge({
  status,
  compact = false,
}: {
  status: BookingStatus;
  compact?: boolean;
}) {
  return (
    <span className={`badge status-badge status-${status}`}>
      {compact ? <span className="visually-hidden">Status: </span> : 'Status: '}
      {LABELS[status]}
    </span>
  );
}
