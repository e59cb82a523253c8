import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '../../../shared/money';
import type { PracticePayment, PracticePayments } from '../../../shared/payments-api';
import { LoadFailed } from '../../components/layout/load-failed';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { clientRecordPath, creditNotePath, paths, PRACTICE_DOCUMENT } from '../../config/routes';
import { errorSentence } from '../../lib/api';
import { formatDayWithYear, formatTime } from '../../lib/practice-time';
import { showToast } from '../../lib/toast';
import { monthAsked, paymentsKey } from './payments-first-reads';
import { useResource } from '../../lib/use-resource';
import { withFreshPasskey } from '../../lib/passkeys';
import { fetchPracticePayments, refundPayment } from './practice-api';

/** "2027-03" → "March 2027". */
export function monthName(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, number - 1, 15)).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The month before or after "YYYY-MM". */
export function shiftMonth(month: string, by: number): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, number - 1 + by, 15));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Pounds typed by a person ("60", "59.5", "£60.00") → pence, or undefined if it is not money. */
export function penceFrom(text: string): number | undefined {
  const match = /^£?\s*(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

const left = (payment: PracticePayment) => payment.amount - payment.refunded;

function RefundDialog({
  payment,
  onClose,
  onDone,
}: {
  payment: PracticePayment;
  onClose: () => void;
  onDone: () => void;
}) {
  const id = useId();
  const most = left(payment);
  const [amount, setAmount] = useState((most / 100).toFixed(2));
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const pence = penceFrom(amount);
    if (pence === undefined || pence < 1) {
      setProblem('Write the amount in pounds, for example 60.00.');
      return;
    }
    if (pence > most) {
      setProblem(
        `At most ${formatMoney(most)} can be refunded: that is what is left of the payment.`,
      );
      return;
    }
    setPending(true);
    setProblem(undefined);
    try {
      const refund = await withFreshPasskey(() => refundPayment(payment.id, pence));
      void showToast(
        `Refunded ${formatMoney(refund.amount)} to ${payment.clientName} (credit note ${refund.creditNoteNumber}).`,
      );
      onDone();
    } catch (error) {
      setProblem(errorSentence(error));
      setPending(false);
    }
  };
  return (
    <Modal show onHide={onClose} aria-labelledby={`${id}-title`} centered>
      <Form onSubmit={(event) => void submit(event)} noValidate>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            Refund {payment.clientName}?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            Payment {payment.receiptNumber ?? ''} of {formatMoney(payment.amount)}
            {payment.refunded > 0 && `, ${formatMoney(payment.refunded)} refunded already`}. The
            card is refunded and the client gets a credit note by email.
          </p>
          <Form.Group controlId={`${id}-amount`}>
            <Form.Label>Amount to refund (£, at most {formatMoney(most)})</Form.Label>
            <Form.Control
              inputMode="decimal"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              aria-describedby={problem ? `${id}-problem` : undefined}
              isInvalid={problem !== undefined}
            />
          </Form.Group>
          <div role="alert" id={`${id}-problem`}>
            {problem && <p className="text-danger mt-2 mb-0">{problem}</p>}
          </div>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={pending}>
            Keep the payment
          </Button>
          <Button type="submit" variant="danger" disabled={pending}>
            {pending ? 'Refunding…' : 'Yes, refund'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

const whenText = (instant: string) => `${formatDayWithYear(instant)}, ${formatTime(instant)}`;

function MonthView({ data, onChanged }: { data: PracticePayments; onChanged: () => void }) {
  const [refunding, setRefunding] = useState<PracticePayment | undefined>(undefined);
  return (
    <>
      <p>
        Paid <strong>{formatMoney(data.totals.paid)}</strong> · refunded{' '}
        <strong>{formatMoney(data.totals.refunded)}</strong> · due{' '}
        <strong>{formatMoney(data.totals.due)}</strong>
      </p>
      <section aria-labelledby="payments-clients" className="mb-4">
        <h2 id="payments-clients" className="h5">
          Per client
        </h2>
        {data.clients.length === 0 ? (
          <p>No payments, refunds or money due this month.</p>
        ) : (
          <div className="table-responsive">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Client</th>
                  <th scope="col">Paid</th>
                  <th scope="col">Refunded</th>
                  <th scope="col">Due</th>
                </tr>
              </thead>
              <tbody>
                {data.clients.map((client) => (
                  <tr key={client.clientUid}>
                    <th scope="row">
                      <Link to={clientRecordPath(client.clientUid)}>{client.clientName}</Link>
                    </th>
                    <td>{formatMoney(client.paid)}</td>
                    <td>{formatMoney(client.refunded)}</td>
                    <td>{formatMoney(client.due)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="payments-list" className="mb-4">
        <h2 id="payments-list" className="h5">
          Payments
        </h2>
        {data.payments.length === 0 ? (
          <p>None this month.</p>
        ) : (
          <ul className="list-unstyled d-grid gap-2">
            {data.payments.map((payment) => (
              <li key={payment.id} className="card">
                <div className="card-body">
                  <p className="mb-1">
                    <strong>{payment.clientName}</strong>: {formatMoney(payment.amount)}
                    {payment.paidAt && <> on {formatDayWithYear(payment.paidAt)}</>}
                    {payment.receiptNumber && <> · receipt {payment.receiptNumber}</>}
                    {payment.refunded > 0 && <> · {formatMoney(payment.refunded)} refunded</>}
                  </p>
                  {payment.status !== 'pending' &&
                    payment.status !== 'failed' &&
                    left(payment) > 0 && (
                      <Button
                        variant="outline-danger"
                        size="sm"
                        onClick={() => setRefunding(payment)}
                        aria-label={`Refund ${payment.clientName}'s payment ${payment.receiptNumber ?? ''}`.trim()}
                      >
                        Refund…
                      </Button>
                    )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="payments-refunds" className="mb-4">
        <h2 id="payments-refunds" className="h5">
          Refunds
        </h2>
        {data.refunds.length === 0 ? (
          <p>None this month.</p>
        ) : (
          <ul>
            {data.refunds.map((refund) => (
              <li key={refund.id}>
                {refund.clientName}: {formatMoney(refund.amount)} on {formatDayWithYear(refund.at)}{' '}
                (credit note{' '}
                <Link to={creditNotePath(refund.id)} state={PRACTICE_DOCUMENT}>
                  {refund.creditNoteNumber}
                </Link>
                ){refund.reason && <span className="d-block small">{`${refund.reason}.`}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      {data.cancelledPlans && data.cancelledPlans.length > 0 && (
        <section aria-labelledby="payments-cancelled-plans" className="mb-4">
          <h2 id="payments-cancelled-plans" className="h5">
            Monthly plans cancelled by the client
          </h2>
          <ul>
            {data.cancelledPlans.map((plan) => (
              <li key={plan.seriesId}>
                {plan.clientName} cancelled their monthly payment in Stripe’s Customer Portal:{' '}
                {plan.status === 'ended'
                  ? 'no more payments will be taken.'
                  : `the last payment covers sessions to ${plan.paidUntil ? formatDayWithYear(plan.paidUntil) : 'the end of this month'}.`}{' '}
                The series’ sessions still stand: end the series or speak with them.
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="payments-due">
        <h2 id="payments-due" className="h5">
          Due
        </h2>
        {data.due.length === 0 ? (
          <p>Nothing is due.</p>
        ) : (
          <ul>
            {data.due.map((due) => (
              <li key={due.bookingId ?? due.seriesId ?? due.start}>
                {due.clientName}: {formatMoney(due.amount)}{' '}
                {due.status === 'due' ? '(a monthly payment failed)' : '(not paid yet)'}, for{' '}
                {whenText(due.start)}
              </li>
            ))}
          </ul>
        )}
      </section>
      {refunding && (
        <RefundDialog
          payment={refunding}
          onClose={() => setRefunding(undefined)}
          onDone={() => {
            setRefunding(undefined);
            onChanged();
          }}
        />
      )}
    </>
  );
}

/** /practice/payments: a month's payments, refunds and what is due, per client. */
export function PaymentsView() {
  const [params, setParams] = useSearchParams();
  const month = monthAsked(params.get('month'));
  const { state, reload } = useResource(paymentsKey(month), (signal) =>
    fetchPracticePayments(month, signal),
  );
  const shown = state.status === 'ready' ? state.data.month : month;
  return (
    <>
      <p>
        <Link to={paths.practice}>Back to the diary</Link>
      </p>
      {shown && (
        <nav aria-label="Month" className="d-flex flex-wrap gap-2 align-items-center mb-3">
          <Button
            variant="outline-success"
            onClick={() => setParams({ month: shiftMonth(shown, -1) })}
          >
            ← {monthName(shiftMonth(shown, -1))}
          </Button>
          <h2 className="h4 m-0" aria-live="polite">
            {monthName(shown)}
          </h2>
          <Button
            variant="outline-success"
            onClick={() => setParams({ month: shiftMonth(shown, 1) })}
          >
            {monthName(shiftMonth(shown, 1))} →
          </Button>
        </nav>
      )}
      {state.status === 'loading' && <LoadingScreen label="Loading the month’s payments…" />}
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={reload} />}
      {state.status === 'ready' && <MonthView data={state.data} onChanged={reload} />}
    </>
  );
}
