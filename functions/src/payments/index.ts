export { holdAccountMoney, releaseAccountMoney } from './account-money';
export { endPlanOnSeriesEnd, refundOnCancellation } from './reactions';
export { releaseStaleOpenings } from './queries-openings';
export { retryPendingRefunds } from './refunds';
export { paymentRoutes } from './routes';
export { paymentStates } from './states';
export { retirePaymentIdentity, revokeMyReceiptLinks } from './receipts';
