import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { CheckoutRequest } from '../../../shared/payments-api';
import { errorSentence } from '../../lib/api';
import { goTo, startCheckout } from '../../lib/payments-api';

/**
 * "Pay" (a one-off session) or "Set up monthly payment" (a series): asks the server for a Stripe
 * Checkout page and goes there. The amount is the server's; nothing is marked paid from here.
 */
export function PayButton({
  request,
  children,
  label,
}: {
  request: CheckoutRequest;
  children: string;
  /** The button's accessible name, when the visible word needs its session. */
  label?: string;
}) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const pay = async () => {
    setPending(true);
    setProblem(undefined);
    try {
      const { url } = await startCheckout(request);
      goTo(url);
    } catch (error) {
      setProblem(errorSentence(error));
      setPending(false);
    }
  };
  return (
    <>
      <Button variant="success" disabled={pending} onClick={() => void pay()} aria-label={label}>
        {pending ? 'Going to the payment page…' : children}
      </Button>
      {problem && (
        <div role="alert" className="alert alert-danger py-2 mt-2">
          {problem}
        </div>
      )}
    </>
  );
}
