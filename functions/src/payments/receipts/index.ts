export { creditNoteNumber, receiptNumberOf, signedPdfLink } from './document';
export {
  creditNote,
  creditNotePdf,
  paymentReceipt,
  paymentReceiptPdf,
  signedCreditNotePdf,
  signedReceiptPdf,
} from './endpoints';
export { retirePaymentIdentity, revokeMyReceiptLinks } from './revocation';
