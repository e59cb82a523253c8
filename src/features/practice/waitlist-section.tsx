import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { wishesText, type PracticeWaitlistEntry } from '../../../shared/waitlist';
import { LoadFailed } from '../../components/layout/load-failed';
import { errorSentence } from '../../lib/api';
import { formatDayWithYear } from '../../lib/practice-time';
import { showToast } from '../../lib/toast';
import { useResource } from '../../lib/use-resource';
import { fetchPracticeWaitlist, removeWaitlistEntry } from './practice-api';
import { ClientName } from './waiting-list';

const nameOf = (entry: PracticeWaitlistEntry) => entry.clientName || entry.clientEmail;

function EntryRow({ entry, onRemoved }: { entry: PracticeWaitlistEntry; onRemoved: () => void }) {
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const yes = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) yes.current?.focus();
  }, [asking]);

  const remove = async () => {
    setPending(true);
    setProblem(undefined);
    try {
      await removeWaitlistEntry(entry.id);
      void showToast(`${nameOf(entry)} is off the waiting list for ${entry.serviceName}.`);
      onRemoved();
    } catch (error) {
      setProblem(errorSentence(error));
      setPending(false);
    }
  };

  return (
    <li className="card diary-booking waitlist-entry">
      <div className="card-body">
        <h3 className="h6 card-title">
          {entry.serviceName}: {wishesText(entry)}
          {entry.standing ? ', a standing weekly time' : ''}
        </h3>
        <p className="mb-1">
          <ClientName name={nameOf(entry)} uid={entry.clientUid} /> ·{' '}
          <a href={`mailto:${entry.clientEmail}`} className="text-break">
            {entry.clientEmail}
          </a>
        </p>
        <p className="small mb-2">
          Waiting since {formatDayWithYear(entry.createdAt)}; on the list until{' '}
          {formatDayWithYear(entry.expiresAt)}.
        </p>
        {problem && (
          <div role="alert" className="alert alert-danger py-2">
            {problem}
          </div>
        )}
        {asking ? (
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <span>Remove {nameOf(entry)} from the waiting list? They are not told.</span>
            <Button
              ref={yes}
              size="sm"
              variant="danger"
              disabled={pending}
              onClick={() => void remove()}
            >
              {pending ? 'Removing…' : 'Yes, remove'}
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={pending}
              onClick={() => {
                setAsking(false);
                requestAnimationFrame(() => removeButton.current?.focus());
              }}
            >
              Keep
            </Button>
          </div>
        ) : (
          <Button
            ref={removeButton}
            size="sm"
            variant="outline-danger"
            aria-label={`Remove ${nameOf(entry)} (${entry.serviceName}) from the waiting list`}
            onClick={() => setAsking(true)}
          >
            Remove
          </Button>
        )}
      </div>
    </li>
  );
}

/** The diary's "Waiting list": who is waiting for a time to free, oldest first. */
export function WaitlistSection() {
  const { state, reload } = useResource('practice-waitlist', fetchPracticeWaitlist, {
    keepWhileReloading: true,
  });
  return (
    <section
      className="card card-body mb-4 waitlist-section"
      aria-labelledby="waitlist-section-heading"
    >
      <h2 id="waitlist-section-heading" className="h5">
        Waiting list
      </h2>
      {state.status === 'loading' && <p role="status">Loading the waiting list…</p>}
      {state.status === 'failed' && (
        <LoadFailed variant="warning" message={state.message} onRetry={reload} />
      )}
      {state.status === 'ready' &&
        (state.data.entries.length === 0 ? (
          <p className="mb-0">Nobody is waiting for a time to free up.</p>
        ) : (
          <>
            <p className="small">
              Oldest first. Each is emailed when a time that suits them frees up.
            </p>
            <ul className="list-unstyled mb-0 waitlist-entries">
              {state.data.entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} onRemoved={reload} />
              ))}
            </ul>
          </>
        ))}
    </section>
  );
}
