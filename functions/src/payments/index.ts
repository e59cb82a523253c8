export {
  type AccountMoneyHeld,
  holdMoneyOnAccountDeleted,
  releaseAccountMoney,
} from './account-money';
export { giveBackOnMonthPaid, type SeriesMonthPaid } from './paid-months';
export { requestBudget } from './stripe-budget';
export { endPlanOnSeriesEnd, giveBackSkippedWeek, refundOnCancellation } from './reactions';
export { REFUND_CANCELLED_SESSION } from './queries-waiting';
export { releaseStaleOpenings } from './queries-openings';
export { retryPendingRefunds } from './refunds';
export { paymentRoutes } from './routes';
export { paymentStates } from './states';
export { retirePaymentIdentity, revokeMyReceiptLinks } from './receipts';
