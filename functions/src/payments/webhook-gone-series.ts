import type { Database } from '../platform/database/database';
import { lockInvoicePayment, type PaymentRow } from './queries';
import { findDeletedSeries } from './queries-plans';
import type { PaymentEvent, PaymentFacts, PaymentStateFacts } from './webhook-rules';

/** A payment row as the webhook's rules read it. */
export const factsOf = (row: PaymentRow): PaymentFacts => ({
  id: row.id,
  status: row.status,
  seriesId: row.series_id,
  bookingId: row.booking_id,
  periodEnd: row.period_end,
});

export /**
 * A subscription event or invoice whose series is not there: deleted with its account (what it
 * was, and the invoice's row if one was made before), or never ours.
 */
async function goneSeriesState(
  db: Database,
  state: PaymentStateFacts,
  event: PaymentEvent,
  seriesId: string | undefined,
): Promise<PaymentStateFacts> {
  const deletedSeries = seriesId ? await findDeletedSeries(db, seriesId) : undefined;
  if (!deletedSeries) return { ...state, series: null };
  const invoiceId =
    (event.type === 'invoice-paid' || event.type === 'invoice-failed') && event.invoiceId;
  const invoice = invoiceId ? await lockInvoicePayment(db, invoiceId) : undefined;
  return {
    ...state,
    series: null,
    deletedSeries,
    ...(invoiceId && { invoice: invoice ? factsOf(invoice) : null }),
  };
}
