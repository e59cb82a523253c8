import { sessionSharePence, sessionsInPeriod } from '../../../../shared/billing';
import {
  feePerSessionPence,
  formatReceiptNumber,
  MONEY_FACTS,
  vatSentence,
} from '../../../../shared/money';
import type { Receipt } from '../../../../shared/payments-api';
import { practiceAddressLine, practiceFacts } from '../../../../shared/practice';
import { practiceWallClock } from '../../../../shared/time';
import { billingAddressOf } from './queries-billing-address';
import { writeAudit } from '../../platform/audit';
import type { ApiContext, PaymentsSettings } from '../../platform/http/types';
import type { PaymentRow, RefundRow } from '../queries';
import { creditsOf, type CreditRow } from '../queries-credits';
import { sessionById, sessionsCovered } from '../queries-sessions';
import { findSeries } from '../../series';
import { signedQuery, type SignedDocument } from './signed-links';

/** A payment's receipt number (MP-2027-0001), once it is paid. */
export const receiptNumberOf = (row: PaymentRow) =>
  row.receipt_year !== null && row.receipt_sequence !== null
    ? formatReceiptNumber(row.receipt_year, row.receipt_sequence)
    : null;

/** A refund's credit-note number (MP-CN-2027-0001). */
export const creditNoteNumber = (year: number, sequence: number) =>
  formatReceiptNumber(year, sequence, `${MONEY_FACTS.receiptPrefix}-CN`);

/** Where each document's PDF is under /api: signed in, and by the signed link in an email. */
const PDF_PATHS: Record<SignedDocument, { own: string; signed: string }> = {
  receipt: { own: '/payments/:id/receipt.pdf', signed: '/payments/:id/signed-receipt.pdf' },
  'credit-note': {
    own: '/payments/credit-notes/:id/credit-note.pdf',
    signed: '/payments/credit-notes/:id/signed-credit-note.pdf',
  },
};
const pdfPathOf = (kind: SignedDocument, id: string) => PDF_PATHS[kind].own.replace(':id', id);

/** The token-free PDF link an email carries (`/api/…?expires=…&signature=…`). */
export function signedPdfLink(
  settings: PaymentsSettings,
  kind: SignedDocument,
  id: string,
  now: Date,
): string {
  const path = PDF_PATHS[kind].signed.replace(':id', id);
  return `/api${path}?${signedQuery(settings.linkSecret, kind, id, now)}`;
}

/**
 * A receipt, or with `refund` its credit note, with every field an insurer asks for. `readerUid`
 * is who reads it (null: the emailed signed link, which went to the client).
 */
export async function receiptOf(
  context: ApiContext,
  row: PaymentRow,
  readerUid: string | null,
  refund?: RefundRow,
): Promise<Receipt> {
  const service = context.services.find((each) => each.id === row.service_id);
  // The sessions a credit note is for: the cancelled session, or all its payment covered.
  const sessions = refund?.booking_id
    ? await sessionById(context.db, refund.booking_id)
    : await sessionsCovered(context.db, row);
  const intake = await billingAddressOf(context.db, row.client_uid);
  if (intake && readerUid !== null && readerUid !== row.client_uid) {
    await writeAudit(context.db, {
      at: context.now(),
      actorUid: readerUid,
      clientUid: row.client_uid,
      action: 'read',
      what: 'receipt (address from the intake)',
    });
  }
  const fees = await seriesFees(context, row);
  const fee = fees.usual ?? (service ? feePerSessionPence(service) : row.amount);
  const feeOf = (start: Date) => fees.of(start) ?? fee;
  const body = practiceFacts.professionalBody;
  const dateOf = (start: Date) =>
    new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: practiceFacts.timeZone,
    }).format(start);
  return {
    kind: refund ? 'credit-note' : 'receipt',
    paymentId: row.id,
    number: refund
      ? creditNoteNumber(refund.credit_year, refund.credit_sequence)
      : (receiptNumberOf(row) ?? ''),
    ...(refund && { receiptNumber: receiptNumberOf(row) ?? '' }),
    date: (refund?.created_at ?? row.paid_at ?? row.created_at).toISOString(),
    client: { name: row.client_name, email: row.client_email, address: intake?.address || null },
    practitioner: {
      name: practiceFacts.practitioner,
      title: practiceFacts.title,
      professionalBody: body.name,
      grade: body.grade,
      membershipNumber: body.membershipNumber,
    },
    practice: { name: practiceFacts.name, address: practiceAddressLine },
    sessions: sessions.map((session) => ({
      bookingId: session.id,
      start: session.starts_at.toISOString(),
      date: dateOf(session.starts_at),
      time: practiceWallClock(session.starts_at),
      minutes: Math.round((session.ends_at.getTime() - session.starts_at.getTime()) / 60_000),
      service: service?.name ?? 'Session',
      fee: refund?.booking_id ? refund.amount : feeOf(session.occurrence ?? session.starts_at),
    })),
    ...(!refund &&
      fees.credits.length > 0 && {
        credits: fees.credits.map((credit) => ({
          bookingId: credit.booking_id,
          start: credit.session_start.toISOString(),
          date: dateOf(credit.session_start),
          amount: credit.amount,
        })),
      }),
    feePerSession: fee,
    total: refund?.amount ?? row.amount,
    currency: row.currency,
    card:
      row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    vatSentence: vatSentence(),
    refunded: row.refunded,
    pdfPath: refund ? pdfPathOf('credit-note', refund.id) : pdfPathOf('receipt', row.id),
  };
}

/**
 * A series invoice's fees by the billing rule (shared/billing.ts): each session's share of the
 * month's price (what was paid plus what was taken off it), and the credits taken off.
 */
async function seriesFees(context: ApiContext, row: PaymentRow) {
  const none = { usual: undefined, of: () => undefined, credits: [] as CreditRow[] };
  if (!row.period_start || !row.period_end) return none;
  // The credits taken off stay on the receipt after the series has gone with its account.
  const credits = await creditsOf(context.db, [row.id]);
  const series = row.series_id ? await findSeries(context.db, row.series_id) : undefined;
  if (!series) return { ...none, credits };
  const price = row.amount + credits.reduce((sum, credit) => sum + credit.amount, 0);
  const starts = sessionsInPeriod(series, { start: row.period_start, end: row.period_end });
  const of = (start: Date) =>
    starts.length > 0 ? sessionSharePence(price, starts, start) || undefined : undefined;
  return { usual: starts[0] && of(starts[0]), of, credits };
}

/** A document's PDF answer (inline, never kept by a shared cache). */
export function pdfAnswer(receipt: Receipt, bytes: Uint8Array) {
  return {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${receipt.number}.pdf"`,
      // A signed link is a bearer of the document: not kept by shared caches.
      'cache-control': 'private, no-store',
    },
    body: bytes,
  };
}
