import { useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { NOTE_TEXT_MAX_LENGTH, type Note } from '../../../shared/clinical-api';
import { LoadFailed } from '../../components/layout/load-failed';
import { errorSentence } from '../../lib/api';
import { formatDayWithYear, formatTime } from '../../lib/practice-time';
import { useResource } from '../../lib/use-resource';
import { addAddendum, fetchNote, saveNoteDraft, signNote } from './session-note-api';
import { forgetUnsaved, useSessionNote, type AutosaveStatus } from './use-session-note';
import './session-note.css';

const when = (instant: string) => `${formatDayWithYear(instant)} at ${formatTime(instant)}`;

function statusText(status: AutosaveStatus): string {
  switch (status.state) {
    case 'idle':
      return '';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return `Saved at ${formatTime(status.at.toISOString())}`;
    case 'failed':
      return status.message;
  }
}

/** The draft: a field that saves itself, and Sign (asked first: signing locks it). */
function DraftNote({
  bookingId,
  note,
  onSigned,
}: {
  bookingId: string;
  note: Note;
  onSigned: (note: Note) => void;
}) {
  const fieldId = useId();
  const { text, setText, status, retry } = useSessionNote({
    bookingId,
    saved: note.text,
    save: saveNoteDraft,
  });
  const [asking, setAsking] = useState(false);
  const [signing, setSigning] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const signYes = useRef<HTMLButtonElement>(null);
  const signButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (asking) signYes.current?.focus();
  }, [asking]);

  const sign = async () => {
    setSigning(true);
    setProblem(undefined);
    try {
      // The last words must be on the server before the note is locked.
      await saveNoteDraft(bookingId, text);
      const signed = await signNote(bookingId);
      forgetUnsaved(bookingId);
      onSigned(signed);
    } catch (error) {
      setProblem(`Not signed: ${errorSentence(error)}`);
      setSigning(false);
    }
  };

  const failed = status.state === 'failed';
  return (
    <div className="session-note">
      <Form.Group controlId={fieldId}>
        <Form.Label>Session note (draft)</Form.Label>
        <Form.Control
          as="textarea"
          rows={6}
          maxLength={NOTE_TEXT_MAX_LENGTH}
          value={text}
          aria-describedby={`${fieldId}-status`}
          onChange={(event) => setText(event.target.value)}
        />
      </Form.Group>
      <div className="d-flex flex-wrap gap-2 align-items-center mt-1">
        <p
          id={`${fieldId}-status`}
          role="status"
          className={`mb-0 small ${failed ? 'text-danger fw-semibold' : 'text-body-secondary'}`}
        >
          {statusText(status) || 'Saved as you type. Only you can read it.'}
        </p>
        {failed && (
          <Button variant="outline-primary" onClick={retry}>
            Try again
          </Button>
        )}
      </div>
      <div role="alert">{problem && <p className="alert alert-danger mt-2 mb-0">{problem}</p>}</div>
      {asking ? (
        <div className="sign-ask mt-2">
          <p className="mb-2">
            Sign this note? Once signed it cannot be changed; anything later goes in a dated
            addendum under it.
          </p>
          <div className="d-flex flex-wrap gap-2">
            <Button ref={signYes} variant="primary" disabled={signing} onClick={() => void sign()}>
              {signing ? 'Signing…' : 'Yes, sign it'}
            </Button>
            <Button
              variant="outline-secondary"
              disabled={signing}
              onClick={() => {
                setAsking(false);
                requestAnimationFrame(() => signButton.current?.focus());
              }}
            >
              Not yet
            </Button>
          </div>
        </div>
      ) : (
        <Button
          ref={signButton}
          variant="outline-primary"
          className="mt-2"
          disabled={text.trim() === ''}
          onClick={() => setAsking(true)}
        >
          Sign note
        </Button>
      )}
    </div>
  );
}

/** A signed note, read-only, its addenda dated under it, and a form for one more. */
function SignedNote({
  bookingId,
  note,
  onChanged,
}: {
  bookingId: string;
  note: Note;
  onChanged: (note: Note) => void;
}) {
  const fieldId = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [news, setNews] = useState('');

  const send = async () => {
    if (text.trim() === '') {
      setProblem('Write the addendum first.');
      return;
    }
    setSending(true);
    setProblem(undefined);
    try {
      onChanged(await addAddendum(bookingId, text));
      setText('');
      setNews('Addendum added.');
    } catch (error) {
      setProblem(`Not added: ${errorSentence(error)} Your text is kept here.`);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="session-note">
      <h4 className="h6 mb-1">Session note</h4>
      <p className="small text-body-secondary mb-1">
        Signed on {note.signedAt ? when(note.signedAt) : 'an unknown date'}
      </p>
      <div className="note-text">{note.text}</div>
      {note.addenda.length > 0 && (
        <>
          <h4 className="h6 mt-3 mb-1">Addenda</h4>
          <ul className="list-unstyled note-addenda">
            {note.addenda.map((addendum, index) => (
              <li key={`${addendum.at}-${index}`}>
                <p className="small text-body-secondary mb-0">{when(addendum.at)}</p>
                <div className="note-text">{addendum.text}</div>
              </li>
            ))}
          </ul>
        </>
      )}
      <Form
        className="mt-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Form.Group controlId={fieldId}>
          <Form.Label>Add an addendum</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            maxLength={NOTE_TEXT_MAX_LENGTH}
            value={text}
            isInvalid={problem !== undefined}
            aria-describedby={problem ? `${fieldId}-problem` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          <Form.Control.Feedback type="invalid" id={`${fieldId}-problem`}>
            {problem}
          </Form.Control.Feedback>
        </Form.Group>
        <Button type="submit" variant="outline-primary" className="mt-2" disabled={sending}>
          {sending ? 'Adding…' : 'Add addendum'}
        </Button>
        <p role="status" className="small mb-0 mt-1">
          {news}
        </p>
      </Form>
    </div>
  );
}

/**
 * A session's note, the practitioner's alone: a draft that saves itself until she signs it, then
 * read-only with dated addenda. Every read is audited by the server. The words are shown as text,
 * never as HTML.
 */
export function SessionNote({ bookingId }: { bookingId: string }) {
  const { state, reload } = useResource(`note:${bookingId}`, (signal) =>
    fetchNote(bookingId, signal),
  );
  const [changed, setChanged] = useState<Note | null>(null);

  if (state.status === 'loading') return <p className="small">Loading the note…</p>;
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;
  const note = changed ?? state.data;
  return note.status === 'signed' ? (
    <SignedNote bookingId={bookingId} note={note} onChanged={setChanged} />
  ) : (
    <DraftNote bookingId={bookingId} note={note} onSigned={setChanged} />
  );
}
