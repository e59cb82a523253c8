import { formatMoney } from '../../../shared/money';

/** "Set up monthly payment: £240.00 a month": a plan's Pay button, with the server's amount. */
export const planPayText = (amount: number | undefined) =>
  amount === undefined
    ? 'Set up monthly payment'
    : `Set up monthly payment: ${formatMoney(amount)} a month`;
