import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useLocation, useParams } from 'react-router';
import type { Receipt } from '../../../shared/payments-api';
import { formatMoney } from '../../../shared/money';
import { LoadFailed } from '../../components/layout/load-failed';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { isPracticeDocument, paths } from '../../config/routes';
import { apiFile, errorSentence } from '../../lib/api';
import { fetchCreditNote, fetchReceipt } from '../../lib/payments-api';
import { formatDayWithYear } from '../../lib/practice-time';
import { useResource } from '../../lib/use-resource';
import './billing.css';

const cardText = (card: Receipt['card']) =>
  card ? `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending ${card.last4}` : '—';

/** The PDF's address: the receipt names its path under /api. */
export const pdfUrl = (receipt: Receipt) =>
  receipt.pdfPath.startsWith('/api/') ? receipt.pdfPath : `/api${receipt.pdfPath}`;

function PdfButton({ receipt }: { receipt: Receipt }) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const download = async () => {
    setPending(true);
    setProblem(undefined);
    try {
      const url = URL.createObjectURL(await apiFile(pdfUrl(receipt)));
      const link = document.createElement('a');
      link.href = url;
      link.download = `${receipt.number}.pdf`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button variant="success" disabled={pending} onClick={() => void download()}>
        {pending ? 'Preparing the PDF…' : `Download ${receipt.number} as PDF`}
      </Button>
      {problem && (
        <div role="alert" className="alert alert-danger py-2 mt-2">
          {problem}
        </div>
      )}
    </>
  );
}

/** One receipt (or credit note) with every field an insurer asks for. */
function ReceiptView({ receipt }: { receipt: Receipt }) {
  const credit = receipt.kind === 'credit-note';
  const { practitioner } = receipt;
  return (
    <article className="receipt" aria-labelledby="receipt-heading">
      <h2 id="receipt-heading" className="h4">
        {credit ? 'Credit note' : 'Receipt'} {receipt.number}
      </h2>
      <dl>
        {credit && receipt.receiptNumber && (
          <>
            <dt>For receipt</dt>
            <dd>{receipt.receiptNumber}</dd>
          </>
        )}
        <dt>{credit ? 'Date refunded' : 'Date paid'}</dt>
        <dd>{formatDayWithYear(receipt.date)}</dd>
        <dt>Client</dt>
        <dd>
          {receipt.client.name}
          {receipt.client.address && <span className="d-block">{receipt.client.address}</span>}
        </dd>
        <dt>Practitioner</dt>
        <dd>
          {practitioner.name}, {practitioner.title}
        </dd>
        <dt>Professional body</dt>
        <dd>
          {practitioner.professionalBody} ({practitioner.grade})
        </dd>
        <dt>Membership number</dt>
        <dd>{practitioner.membershipNumber}</dd>
        <dt>Practice</dt>
        <dd>
          {receipt.practice.name}, {receipt.practice.address}
        </dd>
        <dt>Card</dt>
        <dd>{cardText(receipt.card)}</dd>
      </dl>
      {/* Narrow screens: each session is a card of labelled lines (billing.css), never a
          table to scroll sideways. */}
      <table className="table billing-table receipt-sessions">
        <caption>Sessions covered</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Time (London)</th>
            <th scope="col">Minutes</th>
            <th scope="col">Service</th>
            <th scope="col">Fee</th>
          </tr>
        </thead>
        <tbody>
          {receipt.sessions.map((line) => (
            <tr key={line.bookingId}>
              <td data-label="Date">{line.date}</td>
              <td data-label="Time (London)">{line.time}</td>
              <td data-label="Minutes">{line.minutes}</td>
              <td data-label="Service">{line.service}</td>
              <td data-label="Fee">{formatMoney(line.fee)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {receipt.credits && receipt.credits.length > 0 && (
        <>
          <h2 className="h6">Taken off this payment</h2>
          <ul>
            {receipt.credits.map((credit) => (
              <li key={credit.start}>
                The session of {credit.date}, cancelled: −{formatMoney(credit.amount)}
              </li>
            ))}
          </ul>
        </>
      )}
      <dl>
        <dt>Fee per session</dt>
        <dd>{formatMoney(receipt.feePerSession)}</dd>
        <dt>{credit ? 'Total refunded' : 'Total paid'}</dt>
        <dd>
          <strong>{formatMoney(receipt.total)}</strong>
        </dd>
        {!credit && receipt.refunded > 0 && (
          <>
            <dt>Refunded since</dt>
            <dd>{formatMoney(receipt.refunded)}</dd>
          </>
        )}
      </dl>
      <p>{receipt.vatSentence}</p>
    </article>
  );
}

/** /account/billing/receipts/<id>: the receipt as a page, with its PDF. */
export function ReceiptPage() {
  return <DocumentPage kind="receipt" />;
}

/** /account/billing/credit-notes/<id>: a refund's credit note as a page, with its PDF. */
export function CreditNotePage() {
  return <DocumentPage kind="credit-note" />;
}

/** A link from the practice pages opens the document as the practitioner's (PRACTICE_DOCUMENT). */
function DocumentPage({ kind }: { kind: Receipt['kind'] }) {
  const { id } = useParams();
  const asPractitioner = isPracticeDocument(useLocation().state);
  const fetchDocument = kind === 'receipt' ? fetchReceipt : fetchCreditNote;
  const { state, reload } = useResource(id && `${kind}:${id}:${String(asPractitioner)}`, (signal) =>
    fetchDocument(id ?? '', signal, asPractitioner),
  );
  const name = kind === 'receipt' ? 'receipt' : 'credit note';
  if (state.status === 'loading') return <LoadingScreen label={`Loading the ${name}…`} />;
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;
  return (
    <>
      <ReceiptView receipt={state.data} />
      <p className="receipt-actions d-flex flex-wrap gap-2 align-items-start">
        <PdfButton receipt={state.data} />
        {asPractitioner ? (
          <Link to={paths.practicePayments} className="btn btn-outline-success">
            Back to Payments
          </Link>
        ) : (
          <Link to={paths.billing} className="btn btn-outline-success">
            Back to Billing
          </Link>
        )}
      </p>
    </>
  );
}
