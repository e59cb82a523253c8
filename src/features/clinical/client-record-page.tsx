import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { ATTENDANCE, ATTENDANCE_LABELS } from '../../../shared/booking';
import type { RecordNote } from '../../../shared/clinical-api';
import { INSTRUMENTS, type InstrumentId } from '../../../shared/questionnaires';
import { participantState } from '../../components/bookings/party-line';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { LoadFailed } from '../../components/layout/load-failed';
import { PageHeading } from '../../components/layout/page-heading';
import { formatDayWithYear, formatTime } from '../../lib/practice-time';
import { useResource } from '../../lib/use-resource';
import { AskAnotherQuestionnaire } from './ask-another-questionnaire';
import { fetchAudit, fetchClientRecord, type RecordBooking } from './clinical-api';
import { clientRecordKey } from './client-record-first-reads';
import { ExportRecordButton } from './export-record-button';
import { RecordPayments } from './record-payments';
import { RiskFollowUpForm, RiskFollowUps } from './risk-follow-up';
import { ScoreChart, ScoreTable } from './score-chart';
import './clinical.css';

const when = (instant: string) => `${formatDayWithYear(instant)}, ${formatTime(instant)}`;

/** Each instrument as the practitioner names it (the client's forms speak to the client). */
const PRACTICE_TITLES: Record<InstrumentId, string> = {
  'PHQ-9': 'PHQ-9: depression',
  'GAD-7': 'GAD-7: anxiety',
  'CORE-10': 'CORE-10: psychological distress',
  'CSI-4': 'CSI-4: relationship satisfaction',
};

function AuditList({ uid }: { uid: string }) {
  const { state, reload } = useResource(`audit:${uid}`, (signal) => fetchAudit(uid, signal));
  if (state.status === 'loading') return <p>Loading the record’s log…</p>;
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;
  return (
    <ul className="small">
      {state.data.entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`}>
          {when(entry.at)}: {entry.what}
        </li>
      ))}
    </ul>
  );
}

/** Whether a session has its note yet; a shared session's note is on every participant's record. */
function NoteState({ note, shared }: { note: RecordNote | undefined; shared: boolean }) {
  if (!note) return null;
  const state = note.signedAt
    ? `signed ${formatDayWithYear(note.signedAt)}`
    : note.text
      ? 'draft'
      : undefined;
  if (!state) return null;
  return (
    <span className="d-block small">
      Session note: {state}
      {shared && ' (the session’s note, on the record of everyone in the room)'}
    </span>
  );
}

/** /practice/clients/<uid>: one client's intake, agreement and questionnaires, for the practitioner. */
export function ClientRecordPage({
  sessionTools,
}: {
  /** The note, attendance and Join of one session (composed in by the route). */
  sessionTools?: (booking: RecordBooking, name: string, onMarked: () => void) => ReactNode;
} = {}) {
  const { id = '' } = useParams();
  // After a change the record stays on screen (and open notes open) until the new one arrives.
  const { state, reload } = useResource(
    clientRecordKey(id),
    (signal) => fetchClientRecord(id, signal),
    { keepWhileReloading: true },
  );
  const [news, setNews] = useState<string | undefined>(undefined);
  // Each change is audited: the log below is read again with the record.
  const [round, setRound] = useState(0);
  const refresh = () => {
    setRound((n) => n + 1);
    reload();
  };

  if (state.status === 'loading') return <LoadingScreen label="Loading the client’s record…" />;
  if (state.status === 'failed') {
    return (
      <>
        <PageHeading>Client record</PageHeading>
        <LoadFailed message={state.message} onRetry={reload} />
      </>
    );
  }
  const { client, intake, questionnaires, bookings, riskFollowUps, attendance, notes } = state.data;
  const who = client.name || client.email;
  const unseen = questionnaires.filter((result) => result.risk && !result.riskSeenAt);

  return (
    <>
      <PageHeading>{who ? `${who}’s record` : 'Client record'}</PageHeading>
      {client.email && client.email !== who && <p>{client.email}</p>}
      <ExportRecordButton uid={client.uid} onExported={() => setRound((n) => n + 1)} />
      {unseen.length > 0 && (
        <section className="alert alert-danger" aria-labelledby="risk-heading">
          <h2 id="risk-heading" className="h5">
            Risk answer{unseen.length > 1 ? 's' : ''} to see
          </h2>
          <p>
            {unseen
              .map(
                (result) =>
                  `${result.instrument} on ${when(result.submittedAt)}, item ${result.riskItems.join(', ')}`,
              )
              .join('; ')}
            .
          </p>
          <RiskFollowUpForm
            uid={client.uid}
            onRecorded={(sentence) => {
              setNews(sentence);
              refresh();
            }}
          />
        </section>
      )}
      <RiskFollowUps followUps={riskFollowUps} />
      <p role="status">{news}</p>
      <section aria-labelledby="intake-heading" className="mb-4">
        <h2 id="intake-heading">Intake</h2>
        {intake ? (
          <dl className="row intake-facts">
            <dt className="col-sm-4">Date of birth</dt>
            <dd className="col-sm-8">{formatDayWithYear(`${intake.dateOfBirth}T12:00:00Z`)}</dd>
            <dt className="col-sm-4">Address</dt>
            <dd className="col-sm-8 text-pre-line">{intake.address}</dd>
            <dt className="col-sm-4">Phone</dt>
            <dd className="col-sm-8">{intake.phone}</dd>
            <dt className="col-sm-4">GP</dt>
            <dd className="col-sm-8">
              {intake.gp.name}, {intake.gp.surgery}
            </dd>
            <dt className="col-sm-4">Emergency contact</dt>
            <dd className="col-sm-8">
              {intake.emergencyContact.name} ({intake.emergencyContact.relationship}),{' '}
              {intake.emergencyContact.phone}
            </dd>
            <dt className="col-sm-4">Agreement</dt>
            <dd className="col-sm-8">
              Version {intake.agreement.version}, given {when(intake.agreement.agreedAt)}
              {intake.agreement.current ? '' : ' (an older version: the client is asked again)'}
            </dd>
          </dl>
        ) : (
          <p>Not filled in yet.</p>
        )}
      </section>
      <section aria-labelledby="scores-heading" className="mb-4">
        <h2 id="scores-heading">Questionnaires</h2>
        {INSTRUMENTS.map((instrument) => {
          const results = questionnaires.filter((result) => result.instrument === instrument);
          // CSI-4 is only for the partners of a couples' session: shown once they have sent one.
          if (instrument === 'CSI-4' && results.length === 0) return null;
          return (
            <section key={instrument} aria-labelledby={`${instrument}-heading`} className="mb-4">
              <h3 id={`${instrument}-heading`} className="h4">
                {PRACTICE_TITLES[instrument]}
              </h3>
              {results.length === 0 ? (
                <p>None yet.</p>
              ) : (
                <div className="score-pair">
                  <ScoreChart instrument={instrument} results={results} />
                  <ScoreTable instrument={instrument} results={results} />
                </div>
              )}
              {/* Another one today only makes sense once there is one. */}
              {results.length > 0 && (
                <AskAnotherQuestionnaire uid={client.uid} instrument={instrument} />
              )}
            </section>
          );
        })}
      </section>
      <section aria-labelledby="sessions-heading" className="mb-4">
        <h2 id="sessions-heading">Bookings</h2>
        {attendance && (
          <p className="attendance-counts">
            Attendance:{' '}
            {ATTENDANCE.map((mark) => `${ATTENDANCE_LABELS[mark]} ${attendance[mark]}`).join(', ')}.
          </p>
        )}
        {bookings.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul>
            {bookings.map((booking) => (
              <li key={booking.id}>
                {booking.serviceName}, {when(booking.start)}: {booking.status}
                {booking.bookedBy && ` (booked by ${booking.bookedBy})`}
                {(booking.participants ?? []).length > 0 &&
                  `, with ${(booking.participants ?? [])
                    .map((each) => `${each.name} (${participantState(each)})`)
                    .join(', ')}`}
                <NoteState
                  note={notes.find((note) => note.bookingId === booking.id)}
                  shared={booking.bookedBy !== undefined || (booking.participants ?? []).length > 0}
                />
                {sessionTools?.(booking, `${booking.serviceName}, ${when(booking.start)}`, refresh)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <RecordPayments bookings={bookings} />
      <section aria-labelledby="log-heading">
        <h2 id="log-heading">Who has read this record</h2>
        <AuditList key={round} uid={client.uid} />
      </section>
    </>
  );
}
