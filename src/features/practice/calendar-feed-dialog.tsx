import { useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { CalendarFeedCreated, CalendarFeedState } from '../../../shared/calendar-feed';
import { CALENDAR_FEED_RULES } from '../../../shared/calendar-feed';
import { errorSentence } from '../../lib/api';
import { formatDayWithYear, formatTime } from '../../lib/practice-time';
import { createCalendarFeed, fetchCalendarFeed } from './practice-api';

type View =
  | { step: 'loading' }
  | { step: 'failed'; problem: string }
  | { step: 'none' }
  | { step: 'made-before'; createdAt: string }
  | { step: 'confirm-replace'; back: View }
  | { step: 'links'; feed: CalendarFeedCreated };

function LinkField({
  id,
  label,
  value,
  onCopied,
}: {
  id: string;
  label: string;
  value: string;
  onCopied: (sentence: string) => void;
}) {
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    field.current?.select();
    try {
      await navigator.clipboard.writeText(value);
      onCopied(`Copied the ${label.toLowerCase()}.`);
    } catch {
      onCopied('Could not copy: the link is selected, so copy it with your keyboard or menu.');
    }
  };
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      <div className="d-flex gap-2">
        <Form.Control
          ref={field}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="outline-primary" onClick={() => void copy()} aria-label={`Copy ${label}`}>
          Copy
        </Button>
      </div>
    </Form.Group>
  );
}

/**
 * "Subscribe in your calendar": a private link to her diary (confirmed sessions with the clients'
 * initials, and blocked time) for her own calendar app. The link is shown once, when it is made;
 * replacing it asks first, as every app using the old one stops updating.
 */
function CalendarFeedDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const titleId = useId();
  const [view, setView] = useState<View>({ step: 'loading' });
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  // Where focus goes when a step's buttons replace the ones pressed (else it would fall to the page).
  const [focusNext, setFocusNext] = useState<string | null>(null);
  const keepId = useId();
  const replaceId = useId();
  const firstFieldId = useId();
  useEffect(() => {
    if (focusNext) document.getElementById(focusNext)?.focus();
  }, [focusNext, view]);

  const load = async () => {
    setView({ step: 'loading' });
    setSaid('');
    setFocusNext(null);
    try {
      const state: CalendarFeedState = await fetchCalendarFeed();
      setView(
        state.exists && state.createdAt
          ? { step: 'made-before', createdAt: state.createdAt }
          : { step: 'none' },
      );
    } catch (error) {
      setView({ step: 'failed', problem: errorSentence(error) });
    }
  };

  const make = async (replacing: boolean) => {
    setBusy(true);
    try {
      const feed = await createCalendarFeed();
      setFocusNext(firstFieldId);
      setView({ step: 'links', feed });
      setSaid(
        replacing
          ? 'A new link is ready; the old one has stopped.'
          : 'Your link is ready. Add it to your calendar app.',
      );
    } catch (error) {
      setSaid(errorSentence(error));
    } finally {
      setBusy(false);
    }
  };

  const replaceButton = (back: View) => (
    <Button
      id={replaceId}
      variant="outline-danger"
      onClick={() => {
        setFocusNext(keepId);
        setView({ step: 'confirm-replace', back });
      }}
    >
      Replace link
    </Button>
  );

  return (
    <Modal
      show={show}
      onShow={() => void load()}
      onHide={onClose}
      animation={false}
      centered
      aria-labelledby={titleId}
      className="booking-dialog calendar-feed-dialog"
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={titleId} as="h2" className="h5">
          Subscribe in your calendar
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          A private link shows your confirmed sessions and blocked time, from{' '}
          {CALENDAR_FEED_RULES.pastWeeks} weeks ago to as far ahead as clients can book, in your own
          calendar app. Sessions show the service and the client’s initials only; anyone with the
          link can read it, so keep it to yourself.
        </p>
        {view.step === 'loading' && <p>Checking for a link…</p>}
        {view.step === 'failed' && (
          <div className="alert alert-danger">
            {view.problem}{' '}
            <Button variant="link" className="p-0 align-baseline" onClick={() => void load()}>
              Try again
            </Button>
          </div>
        )}
        {view.step === 'made-before' && (
          <p>
            You made a link on {formatDayWithYear(view.createdAt)} at {formatTime(view.createdAt)}.
            It is not shown again; to add your diary to another calendar, replace it.
          </p>
        )}
        {view.step === 'confirm-replace' && (
          <div className="alert alert-warning mb-0">
            <p className="fw-bold mb-1">Replace the link?</p>
            <p className="mb-0">
              The old link stops at once: calendars that use it stop showing your diary until you
              add the new one.
            </p>
          </div>
        )}
        {view.step === 'links' && (
          <>
            <LinkField
              id={firstFieldId}
              label="Calendar app link (webcal)"
              value={view.feed.webcalUrl}
              onCopied={setSaid}
            />
            <LinkField
              id={`${firstFieldId}-https`}
              label="Web link (https)"
              value={view.feed.url}
              onCopied={setSaid}
            />
            <p className="mb-0">
              <a className="btn btn-primary" href={view.feed.webcalUrl}>
                Open in your calendar app
              </a>
            </p>
          </>
        )}
        <p role="status" className="mt-3 mb-0 small">
          {said}
        </p>
      </Modal.Body>
      <Modal.Footer>
        {view.step === 'none' && (
          <Button disabled={busy} onClick={() => void make(false)}>
            {busy ? 'Creating link…' : 'Create link'}
          </Button>
        )}
        {view.step === 'made-before' && replaceButton(view)}
        {view.step === 'links' && replaceButton(view)}
        {view.step === 'confirm-replace' && (
          <>
            <Button
              id={keepId}
              variant="outline-secondary"
              onClick={() => {
                setFocusNext(replaceId);
                setView(view.back);
              }}
            >
              Keep the old link
            </Button>
            <Button variant="danger" disabled={busy} onClick={() => void make(true)}>
              {busy ? 'Replacing link…' : 'Replace link'}
            </Button>
          </>
        )}
        <Button variant="outline-secondary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** The diary's own section: a sentence and the button that opens the dialog. */
export function CalendarFeedSection() {
  const [open, setOpen] = useState(false);
  return (
    <section className="card card-body mb-4" aria-labelledby="calendar-feed-heading">
      <h2 id="calendar-feed-heading" className="h5">
        Your diary in your own calendar
      </h2>
      <p>See your sessions on your phone or computer’s calendar, kept up to date.</p>
      <div>
        <Button variant="outline-primary" onClick={() => setOpen(true)}>
          Subscribe in your calendar
        </Button>
      </div>
      <CalendarFeedDialog show={open} onClose={() => setOpen(false)} />
    </section>
  );
}
