import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import type { MyNotes } from '../../../shared/records-api';
import { LoadFailed } from '../../components/layout/load-failed';
import { paths } from '../../config/routes';
import { useGateAccount } from '../../lib/gate-account';
import { errorSentence } from '../../lib/api';
import { formatDayWithYear, formatTime } from '../../lib/practice-time';
import { useResource } from '../../lib/use-resource';
import { askForMyNotes, fetchMyNotes } from './records-api';
import { MY_NOTES } from './my-data-first-reads';

const when = (instant: string) => `${formatDayWithYear(instant)}, ${formatTime(instant)}`;
const day = (date: string) => formatDayWithYear(`${date}T12:00:00Z`);

function download(notes: MyNotes) {
  const blob = new Blob([JSON.stringify(notes, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `my-session-notes-${(notes.releasedAt ?? '').slice(0, 10)}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The client's session notes: asked for here, released by the practitioner within a month after
 * she has reviewed them, then shown and downloadable. A withheld note says so, without its words.
 * The API answers an address not yet verified with a refusal, so such an account is told what to
 * do first and nothing is asked.
 */
export function MyNotesSection({ sentence }: { sentence: string }) {
  const { emailVerified } = useGateAccount();
  return (
    <section aria-labelledby="data-notes" className="mb-4">
      <h2 id="data-notes">Your session notes</h2>
      <p>{sentence}</p>
      {emailVerified ? (
        <NotesRequests />
      ) : (
        <p>
          Verify your email address first: open the link in the email we sent you, or send it again
          from <Link to={paths.account}>My account</Link>. Once it is verified, open this page again
          to ask for your notes.
        </p>
      )}
    </section>
  );
}

function NotesRequests() {
  const { state, reload } = useResource(MY_NOTES, fetchMyNotes);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);

  const ask = async () => {
    setSending(true);
    setProblem(undefined);
    try {
      await askForMyNotes();
      reload();
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      {state.status === 'loading' && <p>Loading your requests…</p>}
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={reload} />}
      {state.status === 'ready' && (
        <>
          {state.data.requests.map((request) => (
            <p key={request.id}>
              You asked on {when(request.receivedAt)}.{' '}
              {request.releasedAt
                ? `Released ${when(request.releasedAt)}.`
                : `The practitioner will answer by ${day(request.dueOn)}.`}
            </p>
          ))}
          {!state.data.requests.some((request) => request.releasedAt === null) && (
            <Button variant="outline-primary" disabled={sending} onClick={() => void ask()}>
              Ask for my session notes
            </Button>
          )}
          {problem && (
            <p className="text-danger" role="alert">
              {problem}
            </p>
          )}
          {state.data.releasedAt && (
            <>
              <p className="mt-3">
                <Button variant="success" onClick={() => download(state.data)}>
                  Download my session notes (JSON)
                </Button>
              </p>
              <ul className="list-unstyled">
                {state.data.notes.map((note) => (
                  <li key={note.start} className="mb-3">
                    <h3 className="h6">
                      {note.serviceName}, {when(note.start)}
                    </h3>
                    {note.withheld ? (
                      <p>
                        This note is withheld under an exemption of the Data Protection Act 2018
                        (for example, to protect someone’s health or another person’s information).
                        You may ask the practice why, or complain to the ICO.
                      </p>
                    ) : (
                      <>
                        <p className="text-pre-line">{note.text}</p>
                        {note.addenda.map((addendum) => (
                          <p key={addendum.at} className="text-pre-line small">
                            Added {when(addendum.at)}: {addendum.text}
                          </p>
                        ))}
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </>
  );
}
