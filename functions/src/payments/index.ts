export { holdAccountMoney, releaseAccountMoney, type AccountMoney } from './account-money';
export { endPlanOnSeriesEnd, refundOnCancellation } from './reactions';
export { paymentRoutes } from './routes';
export { paymentStates } from './states';
export { retirePaymentIdentity, revokeMyReceiptLinks } from './receipts';
