import { useEffect, useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { errorSentence } from '../../lib/api';
import './participants.css';

/**
 * A button that asks before it acts, in place: the question and what will happen, then the act
 * or "keep" (focus goes to the act when asked, and back to the button when kept). A failure shows
 * the API's sentence. `extra` holds anything the act needs first (her reason for a removal).
 */
export function AskInline({
  opener,
  openerLabel,
  question,
  children,
  yes,
  busy,
  no,
  act,
  extra,
}: {
  /** The button's words, and its accessible name when they need the person's or session's name. */
  opener: string;
  openerLabel?: string;
  question: string;
  /** What happens, said plainly. */
  children: ReactNode;
  yes: string;
  busy: string;
  no: string;
  act: () => Promise<unknown>;
  extra?: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const yesButton = useRef<HTMLButtonElement>(null);
  const openerButton = useRef<HTMLButtonElement>(null);
  const focusFirst = useRef(false);
  const focusOpener = useRef(false);

  // Focus moves once the question (or the button again) is on the page: in the commit, not on a
  // later frame, so nothing can take it in between.
  useEffect(() => {
    if (!asking) {
      if (focusOpener.current) openerButton.current?.focus();
      focusOpener.current = false;
      return;
    }
    if (!focusFirst.current) return;
    focusFirst.current = false;
    const first = yesButton.current
      ?.closest('.ask-inline')
      ?.querySelector<HTMLElement>('textarea, input, button');
    first?.focus();
  }, [asking]);

  const run = async () => {
    setPending(true);
    setProblem(undefined);
    try {
      await act();
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setPending(false);
    }
  };

  if (!asking)
    return (
      <Button
        ref={openerButton}
        variant="outline-danger"
        size="sm"
        aria-label={openerLabel}
        onClick={() => {
          focusFirst.current = true;
          setAsking(true);
        }}
      >
        {opener}
      </Button>
    );
  return (
    <div className="ask-inline" role="group" aria-label={question}>
      <p className="fw-semibold mb-1">{question}</p>
      <div className="small mb-2">{children}</div>
      {extra}
      <div role="alert">{problem && <p className="alert alert-danger py-2 mb-2">{problem}</p>}</div>
      <div className="d-flex flex-wrap gap-2">
        <Button ref={yesButton} variant="danger" disabled={pending} onClick={() => void run()}>
          {pending ? busy : yes}
        </Button>
        <Button
          variant="outline-secondary"
          disabled={pending}
          onClick={() => {
            focusOpener.current = true;
            setAsking(false);
            setProblem(undefined);
          }}
        >
          {no}
        </Button>
      </div>
    </div>
  );
}
