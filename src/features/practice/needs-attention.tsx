import { useEffect, useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import type { GivenUpItem } from '../../../shared/given-up-api';
import { LoadFailed } from '../../components/layout/load-failed';
import { errorSentence } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { useResource } from '../../lib/use-resource';
import { AttentionItem } from './attention-item';
import { fetchGivenUp, markDealtWith, tryGivenUpAgain, undoDealtWith } from './given-up-api';

type Action = { id: string; doing: 'trying' | 'marking' } | null;

/** What she is told after Try again, by what the server says happened. */
const triedWords = (item: GivenUpItem, outcome: 'done' | 'will-try-again' | 'sending') =>
  outcome === 'done'
    ? `Done: ${item.what}.`
    : outcome === 'sending'
      ? `${item.what}: being sent again.`
      : `${item.what}: it failed again, and will be tried again by itself shortly.`;

/**
 * "Needs your attention", at the top of her diary when the system gave something up: a refund or
 * a payment change Stripe never took after every retry, an email that could not be delivered.
 * Shown only when there is something (or an Undo to offer); each result is a toast and is read
 * out (the status line stays on the page, so the last one is heard even when the list goes).
 */
export function NeedsAttention() {
  const { state, reload } = useResource('given-up', fetchGivenUp, { keepWhileReloading: true });
  const [action, setAction] = useState<Action>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [said, setSaid] = useState('');
  const [undoable, setUndoable] = useState<GivenUpItem | null>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The keyboard goes to Undo once it is on the page and enabled (it is disabled until the mark's
  // request has finished, and a disabled button takes no focus: a frame's wait lost that race).
  const focusUndo = useRef(false);
  useEffect(() => {
    if (!focusUndo.current || !undoButton.current || undoButton.current.disabled) return;
    focusUndo.current = false;
    undoButton.current.focus();
  });

  const tell = (sentence: string, kind: 'success' | 'info' = 'success') => {
    setSaid(sentence);
    void showToast(sentence, kind);
  };

  const run = async (item: GivenUpItem, doing: 'trying' | 'marking', work: () => Promise<void>) => {
    setAction({ id: item.id, doing });
    setProblem(undefined);
    try {
      await work();
      reload();
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setAction(null);
    }
  };

  const tryAgain = (item: GivenUpItem) =>
    run(item, 'trying', async () => {
      const { outcome } = await tryGivenUpAgain(item);
      tell(triedWords(item, outcome), outcome === 'will-try-again' ? 'info' : 'success');
      setUndoable(null);
      heading.current?.focus();
    });

  const dealtWith = (item: GivenUpItem) =>
    run(item, 'marking', async () => {
      await markDealtWith(item);
      tell(`Marked as dealt with: ${item.what}.`);
      setUndoable(item);
      focusUndo.current = true;
    });

  const undo = (item: GivenUpItem) =>
    run(item, 'marking', async () => {
      await undoDealtWith(item);
      tell(`Back on your list: ${item.what}.`);
      setUndoable(null);
      heading.current?.focus();
    });

  // aria-live, not role="status": the diary's Undo bar is its status; this only speaks.
  const status = (
    <p aria-live="polite" aria-atomic="true" className="visually-hidden needs-attention-said">
      {said}
    </p>
  );
  // One shape whatever is shown, so the status line is the same node and its last words are heard.
  const page = (body: ReactNode) => (
    <>
      {body}
      {status}
    </>
  );
  if (state.status === 'loading') return page(null);
  if (state.status === 'failed') {
    return page(
      <LoadFailed
        variant="warning"
        message={`We could not check for refunds or emails that were given up. ${state.message}`}
        onRetry={reload}
      />,
    );
  }
  const { items } = state.data;
  if (items.length === 0 && !undoable && !problem) return page(null);

  const busyOf = (item: GivenUpItem) =>
    action === null ? null : action.id === item.id ? action.doing : 'other';

  return page(
    <section
      className="card card-body mb-4 border-warning needs-attention"
      aria-labelledby="needs-attention-heading"
    >
      <h2 id="needs-attention-heading" className="h5" ref={heading} tabIndex={-1}>
        Needs your attention
      </h2>
      {items.length > 0 && (
        <>
          <p className="small">
            Newest first. Each was tried again and again, then given up. Try it again, or mark it as
            dealt with once you have seen to it yourself.
          </p>
          <ul className="list-unstyled mb-0 attention-items">
            {items.map((item) => (
              <AttentionItem
                key={`${item.kind}:${item.id}`}
                item={item}
                busy={busyOf(item)}
                onTryAgain={() => void tryAgain(item)}
                onDealtWith={() => void dealtWith(item)}
              />
            ))}
          </ul>
        </>
      )}
      {undoable && (
        <p className="mb-0 mt-2">
          Marked as dealt with: {undoable.what}.{' '}
          <Button
            ref={undoButton}
            variant="link"
            className="p-0 align-baseline"
            disabled={action !== null}
            aria-label={`Undo: put back on your list: ${undoable.what}`}
            onClick={() => void undo(undoable)}
          >
            Undo
          </Button>
        </p>
      )}
      <div role="alert">{problem && <p className="mt-2 mb-0 fw-bold">{problem}</p>}</div>
    </section>,
  );
}
