import type { RouteTable } from '../platform/http/router';
import { createCheckout, createPortal } from './checkout';
import { myBookings } from './my-bookings';
import { myPayments } from './my-payments';
import { listSeries } from './my-series';
import {
  creditNote,
  creditNotePdf,
  paymentReceipt,
  paymentReceiptPdf,
  practiceCreditNote,
  practiceCreditNotePdf,
  practicePaymentReceipt,
  practicePaymentReceiptPdf,
  signedCreditNotePdf,
  signedReceiptPdf,
} from './receipts';
import { refundPayment } from './refunds';
import { practicePayments } from './report';
import { paymentWebhook } from './webhook';

export const paymentRoutes: RouteTable = {
  '/payments': { GET: myPayments },
  // Beside POST /bookings and POST /series: the caller's sessions and series with their payments.
  '/bookings': { GET: myBookings },
  '/series': { GET: listSeries },
  '/payments/checkout': { POST: createCheckout },
  '/payments/portal': { POST: createPortal },
  '/payments/webhook': { POST: paymentWebhook },
  // Before '/payments/:id/…', whose `:id` would take "credit-notes".
  '/payments/credit-notes/:id': { GET: creditNote },
  '/payments/credit-notes/:id/credit-note.pdf': { GET: creditNotePdf },
  '/payments/credit-notes/:id/signed-credit-note.pdf': { GET: signedCreditNotePdf },
  '/payments/:id': { GET: paymentReceipt },
  '/payments/:id/receipt.pdf': { GET: paymentReceiptPdf },
  '/payments/:id/signed-receipt.pdf': { GET: signedReceiptPdf },
  '/practice/payments': { GET: practicePayments },
  // The practitioner's copies: any client's documents, behind her passkey.
  '/practice/payments/credit-notes/:id': { GET: practiceCreditNote },
  '/practice/payments/credit-notes/:id/credit-note.pdf': { GET: practiceCreditNotePdf },
  '/practice/payments/:id': { GET: practicePaymentReceipt },
  '/practice/payments/:id/receipt.pdf': { GET: practicePaymentReceiptPdf },
  '/practice/payments/:id/refund': { POST: refundPayment },
};
