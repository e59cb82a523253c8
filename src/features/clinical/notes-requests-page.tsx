import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { PracticeNotesRequest } from '../../../shared/records-api';
import { SECOND_FACTOR_RULES } from '../../../shared/second-factor';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { LoadFailed } from '../../components/layout/load-failed';
import { errorSentence } from '../../lib/api';
import { withFreshPasskey } from '../../lib/passkeys';
import { formatDayWithYear } from '../../lib/practice-time';
import { useResource } from '../../lib/use-resource';
import { NoteUnderReview, when } from './note-under-review';
import { fetchNotesRequests, releaseNotes, reviewNotes } from './records-api';
import './clinical.css';

const day = (date: string) => formatDayWithYear(`${date}T12:00:00Z`);

/**
 * /practice/notes-requests: each client's request for their session notes with its deadline (one
 * calendar month, as the ICO counts it). She reads the signed notes (a shared session's too),
 * marks each reviewed, withholds any the law's exemptions cover with her reason, and releases the
 * rest with her passkey; drafts are never offered. A note signed or added to since her review
 * waits for another review.
 */
export function NotesRequestsPage() {
  // Kept on screen while a review reloads the list: what she ticked and typed stays.
  const { state, reload } = useResource('notes-requests', fetchNotesRequests, {
    keepWhileReloading: true,
  });
  const [news, setNews] = useState<string | undefined>(undefined);
  if (state.status === 'loading') return <LoadingScreen label="Loading the requests…" />;
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;
  const open = state.data.requests.filter((request) => request.releasedAt === null);
  const answered = state.data.requests.filter((request) => request.releasedAt !== null);
  return (
    <>
      <p role="status">{news}</p>
      <h2>Open</h2>
      {open.length === 0 ? (
        <p>No request is waiting.</p>
      ) : (
        open.map((request) => (
          <OpenRequest
            key={request.id}
            request={request}
            onChanged={reload}
            onReleased={(sentence) => {
              setNews(sentence);
              reload();
            }}
          />
        ))
      )}
      <h2 className="mt-4">Answered</h2>
      {answered.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ul className="notes-request-who">
          {answered.map((request) => (
            <li key={request.id}>
              {request.client.name
                ? `${request.client.name} (${request.client.email})`
                : request.client.email}
              : asked {when(request.receivedAt)}, released{' '}
              {when(request.releasedAt ?? request.receivedAt)}
              {request.withheld.length > 0 &&
                `; ${request.withheld.length} withheld (${request.withheld.map((each) => each.reason).join('; ')})`}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function OpenRequest({
  request,
  onChanged,
  onReleased,
}: {
  request: PracticeNotesRequest;
  onChanged: () => void;
  onReleased: (sentence: string) => void;
}) {
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [withholding, setWithholding] = useState<Record<string, boolean>>({});
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const who = request.client.name || request.client.email;
  const headingId = `request-${request.id}`;
  const withheld = request.notes
    .filter((note) => withholding[note.noteId])
    .map((note) => ({ noteId: note.noteId, reason: (reasons[note.noteId] ?? '').trim() }));
  const missingReason = withheld.some((each) => each.reason === '');
  const toReview = request.notes.filter((note) => note.review !== 'reviewed').length;

  const review = async (note: PracticeNotesRequest['notes'][number]) => {
    setSending(true);
    setProblem(undefined);
    try {
      await reviewNotes(request.id, { notes: [{ noteId: note.noteId, version: note.version }] });
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setSending(false);
      onChanged();
    }
  };

  const release = async () => {
    setSending(true);
    setProblem(undefined);
    try {
      const answer = await withFreshPasskey(() => releaseNotes(request.id, { withheld }));
      onReleased(
        `Released ${answer.released} note${answer.released === 1 ? '' : 's'} to ${who}${answer.withheld ? `, ${answer.withheld} withheld` : ''}.`,
      );
    } catch (error) {
      setProblem(errorSentence(error));
      setConfirming(false);
      // A note may have been signed or added to since her review: show which.
      onChanged();
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="card card-body mb-4">
      <h3 id={headingId} className="h5 notes-request-who">
        {who}
      </h3>
      {request.client.email !== who && <p className="notes-request-who">{request.client.email}</p>}
      <p>
        Asked {when(request.receivedAt)}. <strong>Answer by {day(request.dueOn)}.</strong>
        {request.draftsLeftOut > 0 &&
          ` ${request.draftsLeftOut} unsigned draft${request.draftsLeftOut === 1 ? ' is' : 's are'} never released.`}
      </p>
      {request.notes.length === 0 && <p>No signed notes: releasing tells the client so.</p>}
      {request.notes.map((note) => (
        <NoteUnderReview
          key={note.noteId}
          note={note}
          withholding={withholding[note.noteId] ?? false}
          reason={reasons[note.noteId] ?? ''}
          busy={sending}
          onWithhold={(checked) => setWithholding((now) => ({ ...now, [note.noteId]: checked }))}
          onReason={(text) => setReasons((now) => ({ ...now, [note.noteId]: text }))}
          onReview={() => void review(note)}
        />
      ))}
      {problem && (
        <p className="text-danger" role="alert">
          {problem}
        </p>
      )}
      {missingReason && <p>Give the reason for each note you withhold.</p>}
      {toReview > 0 && (
        <p>
          Review each note before releasing: {toReview} to review. Only what you reviewed is
          released.
        </p>
      )}
      {confirming ? (
        <div role="group" aria-label={`Release the notes to ${who}?`}>
          <p>
            Release {request.notes.length - withheld.length} note
            {request.notes.length - withheld.length === 1 ? '' : 's'} to {who}
            {withheld.length ? `, withholding ${withheld.length}` : ''}? This cannot be undone. Your
            passkey is asked for if you last used it over {SECOND_FACTOR_RULES.freshMinutes} minutes
            ago.
          </p>
          <Button variant="primary" disabled={sending} onClick={() => void release()}>
            Yes, release them
          </Button>{' '}
          <Button variant="outline-secondary" onClick={() => setConfirming(false)}>
            Not yet
          </Button>
        </div>
      ) : (
        <Button
          variant="primary"
          disabled={missingReason || toReview > 0}
          onClick={() => setConfirming(true)}
        >
          Release notes
        </Button>
      )}
    </section>
  );
}
