import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { errorSentence } from '../../lib/api';
import { revokeReceiptLinks } from '../../lib/payments-api';
import { formatDayWithYear, formatTime } from '../../lib/practice-time';

type Step =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'sending' }
  | { kind: 'done'; at: string }
  | { kind: 'failed'; message: string };

/**
 * "Stop my receipt links": the PDF links in the receipt and credit-note emails open without a
 * sign-in, so a client whose mailbox others can read may stop them. It cannot be undone, so it
 * asks first; receipts stay on this page, and links in later emails open as usual.
 */
export function StopReceiptLinks() {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const confirmRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);

  const stop = async () => {
    setStep({ kind: 'sending' });
    try {
      const { revokedAt } = await revokeReceiptLinks();
      setStep({ kind: 'done', at: revokedAt });
    } catch (error) {
      setStep({ kind: 'failed', message: errorSentence(error) });
    }
  };

  return (
    <section aria-labelledby="billing-links" className="mt-4">
      <h2 id="billing-links" className="h4">
        Links in your emails
      </h2>
      <p>
        The receipt and credit-note emails hold a link to the PDF that opens without signing in. If
        someone else can read your email, you can stop those links; your receipts stay here.
      </p>
      {(step.kind === 'idle' || step.kind === 'failed') && (
        <Button
          ref={askRef}
          variant="outline-danger"
          onClick={() => {
            setStep({ kind: 'asking' });
            requestAnimationFrame(() => confirmRef.current?.focus());
          }}
        >
          Stop my receipt links
        </Button>
      )}
      {(step.kind === 'asking' || step.kind === 'sending') && (
        <div role="group" aria-labelledby="billing-links-ask">
          <p id="billing-links-ask">
            Every link emailed until now will stop opening. This cannot be undone; links in later
            emails will open.
          </p>
          <Button
            ref={confirmRef}
            variant="danger"
            className="me-2 mb-2"
            disabled={step.kind === 'sending'}
            onClick={() => void stop()}
          >
            Yes, stop them
          </Button>
          <Button
            variant="outline-secondary"
            className="mb-2"
            disabled={step.kind === 'sending'}
            onClick={() => {
              setStep({ kind: 'idle' });
              requestAnimationFrame(() => askRef.current?.focus());
            }}
          >
            Keep them
          </Button>
        </div>
      )}
      <div role="status">
        {step.kind === 'done' && (
          <p className="alert alert-success">
            Stopped: links emailed before {formatDayWithYear(step.at)}, {formatTime(step.at)} no
            longer open.
          </p>
        )}
      </div>
      {step.kind === 'failed' && (
        <p className="alert alert-danger" role="alert">
          {step.message}
        </p>
      )}
    </section>
  );
}
