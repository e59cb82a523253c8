/** How much of a payment may be given back: pure, from its row. A refusal is the problem answered. */
import { problems, type ProblemError } from '../platform/http/problems';
import type { PaymentRow } from './queries';

type Refundable = Pick<PaymentRow, 'amount' | 'refunded'>;

const tooLarge = (left: number) =>
  problems.refundTooLarge(`At most ${left}p is left to refund on this payment.`);

/** What the practitioner asked to give back (all that is left when no amount is given). */
export function requestedRefund(
  payment: Refundable,
  requested: number | undefined,
): { refused: ProblemError } | { refused?: undefined; amount: number } {
  const left = payment.amount - payment.refunded;
  const amount = requested ?? left;
  if (left <= 0)
    return { refused: problems.alreadyPaid('This payment has already been refunded in full.') };
  if (amount > left) return { refused: tooLarge(left) };
  return { amount };
}

/** Whether a refund can go to the card now (its row locked): the refusal, or the card charge. */
export function refundableCharge<
  T extends Refundable & Pick<PaymentRow, 'stripe_payment_intent_id'>,
>(
  payment: T | undefined,
  amount: number,
): { refused: ProblemError } | { refused?: undefined; payment: T; paymentIntentId: string } {
  if (!payment?.stripe_payment_intent_id) {
    return {
      refused: problems.notPayable(
        'This payment has no card charge to refund. Refund it in the Stripe dashboard.',
      ),
    };
  }
  const left = payment.amount - payment.refunded;
  if (amount > left) return { refused: tooLarge(left) };
  return { payment, paymentIntentId: payment.stripe_payment_intent_id };
}
