import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { BOOKING_RULES, RULE_SENTENCES } from '../../../shared/booking-rules';
import { wishesText, type WaitlistEntry } from '../../../shared/waitlist';
import { LoadFailed } from '../../components/layout/load-failed';
import { errorSentence } from '../../lib/api';
import { formatDayWithYear } from '../../lib/practice-time';
import { showToast } from '../../lib/toast';
import { useResource } from '../../lib/use-resource';
import { leaveWaitlist, renewWaitlist } from './waitlist-api';
import { loadMyWaitlist, MY_WAITLIST } from './first-reads';

const DAY_MS = 86_400_000;

function EntryItem({
  entry,
  now,
  onChanged,
}: {
  entry: WaitlistEntry;
  /** When the list arrived. */
  now: number;
  onChanged: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const yes = useRef<HTMLButtonElement>(null);
  const leaveButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) yes.current?.focus();
  }, [asking]);
  // Renewing is offered once the warning email would be on its way.
  const endingSoon =
    Date.parse(entry.expiresAt) - now <= BOOKING_RULES.waitlistWarningDays * DAY_MS;

  const act = async (action: 'leave' | 'renew') => {
    setPending(true);
    setProblem(undefined);
    try {
      if (action === 'leave') {
        await leaveWaitlist(entry.id);
        void showToast(`You have left the waiting list for ${entry.serviceName}.`);
      } else {
        const renewed = await renewWaitlist(entry.id);
        void showToast(
          `You stay on the waiting list for ${entry.serviceName} until ${formatDayWithYear(renewed.expiresAt)}.`,
        );
      }
      onChanged();
    } catch (error) {
      setProblem(errorSentence(error));
      setPending(false);
    }
  };

  return (
    <li className="card booking-card">
      <div className="card-body">
        <h3 className="h5 card-title">{entry.serviceName}</h3>
        <p className="mb-1">
          {wishesText(entry)}
          {entry.standing ? ', a standing weekly time' : ''}
        </p>
        <p className="mb-2 small">On the list until {formatDayWithYear(entry.expiresAt)}.</p>
        {problem && (
          <div role="alert" className="alert alert-danger py-2">
            {problem}
          </div>
        )}
        {asking ? (
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <span>Leave the waiting list for {entry.serviceName}?</span>
            <Button ref={yes} variant="danger" disabled={pending} onClick={() => void act('leave')}>
              {pending ? 'Leaving…' : 'Yes, leave it'}
            </Button>
            <Button
              variant="outline-secondary"
              disabled={pending}
              onClick={() => {
                setAsking(false);
                requestAnimationFrame(() => leaveButton.current?.focus());
              }}
            >
              Stay on it
            </Button>
          </div>
        ) : (
          <div className="d-flex flex-wrap gap-2">
            {endingSoon && (
              <Button variant="success" disabled={pending} onClick={() => void act('renew')}>
                Stay on the list
              </Button>
            )}
            <Button
              ref={leaveButton}
              variant="outline-danger"
              onClick={() => setAsking(true)}
              aria-label={`Leave the waiting list for ${entry.serviceName}`}
            >
              Leave the waiting list
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

/** "Your waiting list": the client's entries, each with Leave (asked first) and, near its end, Stay. */
export function MyWaitlist() {
  const { state, reload } = useResource(MY_WAITLIST, loadMyWaitlist, { keepWhileReloading: true });
  if (state.status === 'loading') return null;
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;
  const { entries, at } = state.data;
  if (entries.length === 0) return null;
  return (
    <section id="waiting-list" className="mb-5" aria-labelledby="my-waitlist-heading">
      <h2 id="my-waitlist-heading" className="h4">
        Your waiting list
      </h2>
      <p className="small">{RULE_SENTENCES.waitlistLasts}</p>
      <ul className="list-unstyled booking-list">
        {entries.map((entry) => (
          <EntryItem key={entry.id} entry={entry} now={at} onChanged={reload} />
        ))}
      </ul>
    </section>
  );
}
