import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useSearchParams } from 'react-router';
import type { MyPayments, Payment, Plan, PlanStatus } from '../../../shared/payments-api';
import { formatMoney } from '../../../shared/money';
import { LoadFailed } from '../../components/layout/load-failed';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { CHECKOUT_RETURN, creditNotePath, paths, receiptPath } from '../../config/routes';
import { errorSentence } from '../../lib/api';
import { fetchMyPayments, goTo, openPortal } from '../../lib/payments-api';
import { formatDayWithYear, formatTime } from '../../lib/practice-time';
import { useResource } from '../../lib/use-resource';
import { MY_PAYMENTS } from './first-reads';
import { PayButton } from '../../components/payments/pay-button';
import { planPayText } from '../../components/payments/pay-text';
import { StopReceiptLinks } from './receipt-links';
import './billing.css';

// Asked as the session is restored, while the page hydrates (src/lib/early-reads.ts).

/** How often, and how many times, the page asks again after Checkout until Stripe's word arrives. */
export const CONFIRM_POLL = { everyMs: 2000, times: 30 };

const PLAN_STATUS: Record<PlanStatus, (plan: Plan) => string> = {
  unpaid: () => 'Not paid yet',
  paid: (plan) => (plan.paidUntil ? `Paid to ${formatDayWithYear(plan.paidUntil)}` : 'Paid'),
  due: () => 'Payment due: the last monthly payment did not go through',
  ending: (plan) => {
    const ends = plan.cancelledInPortal ? 'Cancelled in Stripe: ends' : 'Ends';
    return plan.paidUntil ? `${ends} on ${formatDayWithYear(plan.paidUntil)} (paid to then)` : ends;
  },
  ended: (plan) =>
    plan.cancelledInPortal
      ? 'Cancelled in Stripe: no more monthly payments. Your sessions stand until the practitioner is in touch.'
      : 'Ended',
};

/** A plan with a subscription, so a card on file: the Portal can update it or cancel. */
const hasCard = (plan: Plan) =>
  plan.status === 'paid' || plan.status === 'due' || plan.status === 'ending';

const PAYMENT_STATUS: Record<Payment['status'], string> = {
  pending: 'Not confirmed yet',
  paid: 'Paid',
  failed: 'Not paid (the card was declined)',
  refunded: 'Refunded',
};

const hasPending = (data: MyPayments) => data.payments.some((each) => each.status === 'pending');

function PlanItem({ plan }: { plan: Plan }) {
  return (
    <li className="card">
      <div className="card-body">
        <h3 className="h5 card-title">{plan.serviceName ?? 'Monthly plan'}</h3>
        <p className="mb-1">
          Status: <strong>{PLAN_STATUS[plan.status](plan)}</strong>
        </p>
        {plan.monthlyAmount !== undefined && (
          <p className="mb-1">{formatMoney(plan.monthlyAmount)} a month</p>
        )}
        {plan.nextPaymentAt && (
          <p className="mb-0">Next payment: {formatDayWithYear(plan.nextPaymentAt)}</p>
        )}
        {plan.nextPaymentCredit !== undefined && plan.nextPaymentCredit > 0 && (
          <p className="mb-0">
            Your next payment is {formatMoney(plan.nextPaymentCredit)} less, for the sessions you
            cancelled in that month.
          </p>
        )}
        {plan.status === 'unpaid' && (
          <p className="mt-2 mb-0">
            <PayButton
              request={{ seriesId: plan.seriesId, from: 'billing' }}
              label={`${planPayText(plan.monthlyAmount)} for ${plan.serviceName ?? 'your plan'}`}
            >
              {planPayText(plan.monthlyAmount)}
            </PayButton>
          </p>
        )}
      </div>
    </li>
  );
}

/** Why money went back, as the client reads it (an automatic refund says it was automatic). */
function refundWords(reason: string): string {
  if (reason === 'Refunded in Stripe') return 'Refunded by the practice.';
  return `${reason}.`;
}

function sessionsText(payment: Payment): string {
  if (payment.sessions.length === 0) return 'Monthly plan';
  const first = payment.sessions[0];
  const more = payment.sessions.length - 1;
  const when = first ? `${formatDayWithYear(first.start)}, ${formatTime(first.start)}` : '';
  return more > 0 ? `${when} and ${more} more ${more === 1 ? 'session' : 'sessions'}` : when;
}

function PaymentsTable({ payments }: { payments: Payment[] }) {
  if (payments.length === 0) return <p>No payments yet.</p>;
  return (
    <div className="table-responsive">
      <table className="table billing-table">
        <caption className="visually-hidden">Your payments, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Paid on</th>
            <th scope="col">For</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">Receipt</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id}>
              {/* data-label names each cell where the rows stack into cards (narrow screens). */}
              <td data-label="Paid on">
                {payment.paidAt ? formatDayWithYear(payment.paidAt) : '—'}
              </td>
              <td data-label="For">{sessionsText(payment)}</td>
              <td data-label="Amount">
                {formatMoney(payment.amount)}
                {payment.refunded > 0 && (
                  <span className="d-block small">{formatMoney(payment.refunded)} refunded</span>
                )}
              </td>
              <td data-label="Status">{PAYMENT_STATUS[payment.status]}</td>
              <td data-label="Receipt">
                {payment.receiptNumber ? (
                  <Link
                    to={receiptPath(payment.id)}
                    aria-label={`Receipt ${payment.receiptNumber}`}
                    className="text-nowrap d-inline-block"
                  >
                    {payment.receiptNumber}
                  </Link>
                ) : (
                  '—'
                )}
                {payment.creditNotes?.map((note) => (
                  <span key={note.id} className="d-block small">
                    Credit note{' '}
                    {/* A number reads whole, in a box of its own: never broken at its hyphens. */}
                    <Link
                      to={creditNotePath(note.id)}
                      aria-label={`Credit note ${note.number}`}
                      className="text-nowrap d-inline-block"
                    >
                      {note.number}
                    </Link>
                    {note.reason && <span className="d-block">{refundWords(note.reason)}</span>}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PortalButton() {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const open = async () => {
    setPending(true);
    setProblem(undefined);
    try {
      goTo((await openPortal()).url);
    } catch (error) {
      setProblem(errorSentence(error));
      setPending(false);
    }
  };
  return (
    <>
      <Button variant="outline-success" disabled={pending} onClick={() => void open()}>
        {pending ? 'Opening…' : 'Update card or cancel'}
      </Button>
      {problem && (
        <div role="alert" className="alert alert-danger py-2 mt-2">
          {problem}
        </div>
      )}
    </>
  );
}

/**
 * Back from Checkout (`?paid=…` or `?checkout=done`): the return itself proves nothing, so the page asks again
 * until Stripe's webhook has marked the payment (no payment pending), and says so meanwhile.
 */
function useConfirming(data: MyPayments | undefined, reload: () => void) {
  const [params] = useSearchParams();
  // The server's success_url says `?paid=<Checkout session>`; `?checkout=done` is the brief's.
  const returned = params.get(CHECKOUT_RETURN.param) === CHECKOUT_RETURN.done || params.has('paid');
  const [asked, setAsked] = useState(0);
  const waiting = returned && data !== undefined && hasPending(data);
  const gaveUp = waiting && asked >= CONFIRM_POLL.times;
  // One question per answer: the next is asked only once the last one has come back.
  useEffect(() => {
    if (!waiting || gaveUp) return;
    const timer = setTimeout(() => {
      setAsked((n) => n + 1);
      reload();
    }, CONFIRM_POLL.everyMs);
    return () => clearTimeout(timer);
  }, [data, waiting, gaveUp, reload]);
  if (!returned || data === undefined) return undefined;
  if (gaveUp)
    return 'Stripe has not confirmed the payment yet. It will show here, and the receipt will be emailed, as soon as it does.';
  return waiting ? 'Payment received — confirming…' : 'Payment confirmed. Thank you.';
}

/** /account/billing: the client's plans, next payment, every payment with its receipt. */
export function BillingPage() {
  const { state, reload } = useResource(MY_PAYMENTS, fetchMyPayments, {
    keepWhileReloading: true,
  });
  const data = state.status === 'ready' ? state.data : undefined;
  const confirming = useConfirming(data, reload);
  const [params] = useSearchParams();

  if (state.status === 'loading') return <LoadingScreen label="Loading your payments…" />;
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;
  const { plans, payments } = state.data;
  return (
    <>
      <div role="status" className="billing-status">
        {confirming && <p className="alert alert-info">{confirming}</p>}
        {params.get(CHECKOUT_RETURN.param) === CHECKOUT_RETURN.cancelled && (
          <p className="alert alert-warning">
            Payment not made: nothing was charged. You can pay from{' '}
            <Link to={paths.bookings}>My bookings</Link> at any time.
          </p>
        )}
      </div>
      <section aria-labelledby="billing-plans" className="mb-4">
        <h2 id="billing-plans" className="h4">
          Your plans
        </h2>
        {plans.length === 0 ? (
          <p>You have no monthly plan.</p>
        ) : (
          <ul className="list-unstyled billing-plans">
            {plans.map((plan) => (
              <PlanItem key={plan.seriesId} plan={plan} />
            ))}
          </ul>
        )}
        {plans.some(hasCard) && <PortalButton />}
      </section>
      <section aria-labelledby="billing-payments">
        <h2 id="billing-payments" className="h4">
          Payments
        </h2>
        <PaymentsTable payments={payments} />
      </section>
      {payments.some((payment) => payment.receiptNumber) && <StopReceiptLinks />}
    </>
  );
}
