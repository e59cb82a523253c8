export { endSubscription, refundCancelledSession } from './effects';
export { retryPendingRefunds } from './refunds';
export { paymentRoutes } from './routes';
export { paymentStates } from './states';
export { retirePaymentIdentity, revokeMyReceiptLinks } from './receipts';
