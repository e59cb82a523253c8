import { endpoint } from '../../platform/http/endpoint';
import { problems } from '../../platform/http/problems';
import type { ApiContext, Caller } from '../../platform/http/types';
import { json } from '../../platform/http/types';
import { paymentsOf } from '../gateway';
import { findPayment } from '../queries';
import { findRefund } from '../queries-refunds';
import { pdfAnswer, receiptNumberOf, receiptOf } from './document';
import { receiptPdf } from './pdf';
import { receiptLinkRevoked } from './queries-revocation';
import { signedLinkHolds } from './signed-links';

interface Call {
  caller: Caller;
  params: Readonly<Record<string, string>>;
  context: ApiContext;
}

/** A paid payment its client or the practitioner may read; 404 for anyone else. */
async function readablePayment(call: Call) {
  const row = await findPayment(call.context.db, call.params.id ?? '');
  if (
    !row ||
    (row.client_uid !== call.caller.uid && !call.caller.practitioner) ||
    !receiptNumberOf(row)
  ) {
    throw problems.notFound('There is no such receipt. Open your payments again.');
  }
  return row;
}

/** A credit note its payment's client or the practitioner may read; 404 for anyone else. */
async function readableCreditNote(call: Call) {
  const refund = await findRefund(call.context.db, call.params.id ?? '');
  const payment = refund && (await findPayment(call.context.db, refund.payment_id));
  if (!refund || !payment || (payment.client_uid !== call.caller.uid && !call.caller.practitioner))
    throw problems.notFound('There is no such credit note. Open your payments again.');
  return { refund, payment };
}

const badLink = () =>
  problems.notFound(
    'This link is not valid or has expired. Sign in and open the document from Billing.',
  );

/** GET /api/payments/:id: the receipt, for its client or the practitioner. */
export const paymentReceipt = endpoint({
  auth: 'client',
  async run(call) {
    const row = await readablePayment(call);
    return json(200, await receiptOf(call.context, row, call.caller.uid));
  },
});

/** GET /api/payments/:id/receipt.pdf: the same receipt as a PDF. */
export const paymentReceiptPdf = endpoint({
  auth: 'client',
  async run(call) {
    const row = await readablePayment(call);
    const receipt = await receiptOf(call.context, row, call.caller.uid);
    return pdfAnswer(receipt, await receiptPdf(receipt));
  },
});

/** GET /api/payments/:id/signed-receipt.pdf?expires&signature: the emailed link, no sign-in. */
export const signedReceiptPdf = endpoint({
  auth: 'anyone',
  async run({ params, request, context }) {
    const { settings } = paymentsOf(context);
    const id = params.id ?? '';
    if (!signedLinkHolds(settings.linkSecret, 'receipt', id, request.query, context.now()))
      throw badLink();
    const row = await findPayment(context.db, id);
    if (!row || !receiptNumberOf(row)) throw badLink();
    if (await receiptLinkRevoked(context.db, row.client_uid, Number(request.query.get('expires'))))
      throw badLink();
    const receipt = await receiptOf(context, row, null);
    return pdfAnswer(receipt, await receiptPdf(receipt));
  },
});

/** GET /api/payments/credit-notes/:id: a refund's credit note, for its client or the practitioner. */
export const creditNote = endpoint({
  auth: 'client',
  async run(call) {
    const { refund, payment } = await readableCreditNote(call);
    return json(200, await receiptOf(call.context, payment, call.caller.uid, refund));
  },
});

/** GET /api/payments/credit-notes/:id/credit-note.pdf: the same credit note as a PDF. */
export const creditNotePdf = endpoint({
  auth: 'client',
  async run(call) {
    const { refund, payment } = await readableCreditNote(call);
    const note = await receiptOf(call.context, payment, call.caller.uid, refund);
    return pdfAnswer(note, await receiptPdf(note));
  },
});

/** GET /api/payments/credit-notes/:id/signed-credit-note.pdf?expires&signature: no sign-in. */
export const signedCreditNotePdf = endpoint({
  auth: 'anyone',
  async run({ params, request, context }) {
    const { settings } = paymentsOf(context);
    const id = params.id ?? '';
    if (!signedLinkHolds(settings.linkSecret, 'credit-note', id, request.query, context.now()))
      throw badLink();
    const refund = await findRefund(context.db, id);
    const payment = refund && (await findPayment(context.db, refund.payment_id));
    if (!refund || !payment) throw badLink();
    if (
      await receiptLinkRevoked(context.db, payment.client_uid, Number(request.query.get('expires')))
    )
      throw badLink();
    const note = await receiptOf(context, payment, null, refund);
    return pdfAnswer(note, await receiptPdf(note));
  },
});
