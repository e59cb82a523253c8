import type { Receipt } from '../../../../shared/payments-api';
import { endpoint, type Relation } from '../../platform/http/endpoint';
import { problems } from '../../platform/http/problems';
import type { ApiContext } from '../../platform/http/types';
import { json } from '../../platform/http/types';
import { paymentsOf } from '../gateway';
import { findPayment, type PaymentRow, type RefundRow } from '../queries';
import { findRefund } from '../queries-refunds';
import { pdfAnswer, receiptNumberOf, receiptOf } from './document';
import { receiptPdf } from './pdf';
import { receiptLinkRevoked } from './queries-revocation';
import { signedLinkHolds } from './signed-links';

const noReceipt = () => problems.notFound('There is no such receipt. Open your payments again.');
const noCreditNote = () =>
  problems.notFound('There is no such credit note. Open your payments again.');

/** A paid payment, whoever asks; 404 when there is none. */
async function paidPayment(context: ApiContext, id: string | undefined) {
  const row = await findPayment(context.db, id ?? '');
  if (!row || !receiptNumberOf(row)) throw noReceipt();
  return row;
}

/** A refund and its payment, whoever asks; 404 when there is none. */
async function refundNamed(context: ApiContext, id: string | undefined) {
  const refund = await findRefund(context.db, id ?? '');
  const payment = refund && (await findPayment(context.db, refund.payment_id));
  if (!refund || !payment) throw noCreditNote();
  return { refund, payment };
}

/** A client route's receipt: the caller's own paid payment; anyone else's is not found. */
const ownPayment: Relation<PaymentRow> = {
  thing: 'payment',
  who: ['owner'],
  async resolve(context, caller, params) {
    const row = await paidPayment(context, params.id);
    if (row.client_uid !== caller.uid) throw noReceipt();
    return row;
  },
};

/** A client route's credit note: of the caller's own payment; anyone else's is not found. */
const ownCreditNote: Relation<{ refund: RefundRow; payment: PaymentRow }> = {
  thing: 'credit note',
  who: ['owner'],
  async resolve(context, caller, params) {
    const found = await refundNamed(context, params.id);
    if (found.payment.client_uid !== caller.uid) throw noCreditNote();
    return found;
  },
};

/** The practitioner reads a document at /api/practice/…: its PDF is there too. */
const forPractice = (receipt: Receipt): Receipt => ({
  ...receipt,
  pdfPath: `/practice${receipt.pdfPath}`,
});

const badLink = () =>
  problems.notFound(
    'This link is not valid or has expired. Sign in and open the document from Billing.',
  );

/** GET /api/payments/:id: the receipt, for its client. */
export const paymentReceipt = endpoint({
  auth: 'client',
  relation: ownPayment,
  async run({ access, caller, context }) {
    return json(200, await receiptOf(context, access, caller.uid));
  },
});

/** GET /api/payments/:id/receipt.pdf: the same receipt as a PDF. */
export const paymentReceiptPdf = endpoint({
  auth: 'client',
  relation: ownPayment,
  async run({ access, caller, context }) {
    const receipt = await receiptOf(context, access, caller.uid);
    return pdfAnswer(receipt, await receiptPdf(receipt));
  },
});

/** GET /api/practice/payments/:id: any client's receipt, for the practitioner. */
export const practicePaymentReceipt = endpoint({
  auth: 'practitioner',
  async run({ caller, params, context }) {
    const row = await paidPayment(context, params.id);
    return json(200, forPractice(await receiptOf(context, row, caller.uid)));
  },
});

/** GET /api/practice/payments/:id/receipt.pdf: the same receipt as a PDF. */
export const practicePaymentReceiptPdf = endpoint({
  auth: 'practitioner',
  async run({ caller, params, context }) {
    const receipt = await receiptOf(context, await paidPayment(context, params.id), caller.uid);
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

/** GET /api/payments/credit-notes/:id: a refund's credit note, for its client. */
export const creditNote = endpoint({
  auth: 'client',
  relation: ownCreditNote,
  async run({ access, caller, context }) {
    return json(200, await receiptOf(context, access.payment, caller.uid, access.refund));
  },
});

/** GET /api/payments/credit-notes/:id/credit-note.pdf: the same credit note as a PDF. */
export const creditNotePdf = endpoint({
  auth: 'client',
  relation: ownCreditNote,
  async run({ access, caller, context }) {
    const note = await receiptOf(context, access.payment, caller.uid, access.refund);
    return pdfAnswer(note, await receiptPdf(note));
  },
});

/** GET /api/practice/payments/credit-notes/:id: any credit note, for the practitioner. */
export const practiceCreditNote = endpoint({
  auth: 'practitioner',
  async run({ caller, params, context }) {
    const { refund, payment } = await refundNamed(context, params.id);
    return json(200, forPractice(await receiptOf(context, payment, caller.uid, refund)));
  },
});

/** GET /api/practice/payments/credit-notes/:id/credit-note.pdf: the same as a PDF. */
export const practiceCreditNotePdf = endpoint({
  auth: 'practitioner',
  async run({ caller, params, context }) {
    const { refund, payment } = await refundNamed(context, params.id);
    const note = await receiptOf(context, payment, caller.uid, refund);
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
