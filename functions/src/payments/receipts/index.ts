export { creditNoteNumber, receiptNumberOf, signedPdfLink } from './document';
export {
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
} from './endpoints';
export { retirePaymentIdentity } from './queries-revocation';
export { revokeMyReceiptLinks } from './revocation';
