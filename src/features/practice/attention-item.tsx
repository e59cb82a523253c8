import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { GivenUpItem } from '../../../shared/given-up-api';
import { formatDayWithYear, formatTime } from '../../lib/practice-time';

/** "a refund …" for a button's name: the item's words, first letter lowered. */
export const lowered = (what: string) => what.charAt(0).toLowerCase() + what.slice(1);

/**
 * One thing given up: what it was for and why it stopped, in the server's words (text only: a
 * client's name is never markup), with Try again and Mark as dealt with (which asks first).
 */
export function AttentionItem({
  item,
  busy,
  onTryAgain,
  onDealtWith,
}: {
  item: GivenUpItem;
  /** Another action on the list is under way: this item's buttons wait. */
  busy: 'trying' | 'marking' | 'other' | null;
  onTryAgain: () => void;
  onDealtWith: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  const markButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) yes.current?.focus();
  }, [asking]);

  return (
    <li className="attention-item border-top pt-2 mt-2">
      <p className="mb-1">
        <strong>{item.what}</strong>: {item.why}
      </p>
      <p className="small text-body-secondary mb-2">
        Given up on {formatDayWithYear(item.givenUpAt)} at {formatTime(item.givenUpAt)}.
      </p>
      {asking ? (
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <span>
            Mark this as dealt with? It leaves this list; nothing is sent or refunded. You can undo
            it.
          </span>
          <Button
            ref={yes}
            size="sm"
            variant="primary"
            disabled={busy !== null}
            onClick={onDealtWith}
          >
            {busy === 'marking' ? 'Marking…' : 'Yes, it is dealt with'}
          </Button>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={busy !== null}
            onClick={() => {
              setAsking(false);
              requestAnimationFrame(() => markButton.current?.focus());
            }}
          >
            Keep it on the list
          </Button>
        </div>
      ) : (
        <div className="d-flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline-dark"
            disabled={busy !== null}
            aria-label={`Try again: ${lowered(item.what)}`}
            onClick={onTryAgain}
          >
            {busy === 'trying' ? 'Trying…' : 'Try again'}
          </Button>
          <Button
            ref={markButton}
            size="sm"
            variant="outline-secondary"
            disabled={busy !== null}
            aria-label={`Mark as dealt with: ${lowered(item.what)}`}
            onClick={() => setAsking(true)}
          >
            Mark as dealt with
          </Button>
        </div>
      )}
    </li>
  );
}
