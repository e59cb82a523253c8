export { holdAccountMoney, releaseAccountMoney, type AccountMoney } from './account-money';
export { endPaidSeries, refundCancelledSession } from './effects';
export { paymentRoutes } from './routes';
export { paymentStates } from './states';
export { retirePaymentIdentity, revokeMyReceiptLinks } from './receipts';
