import { Link, useParams } from 'react-router';
import { INSTRUMENTS } from '../../../shared/questionnaires';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { LoadFailed } from '../../components/layout/load-failed';
import { PageHeading } from '../../components/layout/page-heading';
import { paths, retainedRecordPath } from '../../config/routes';
import { formatDayWithYear, formatTime } from '../../lib/practice-time';
import { useResource } from '../../lib/use-resource';
import { fetchRetainedRecord, fetchRetainedRecords } from './records-api';
import { RiskFollowUps } from './risk-follow-up';
import { ScoreTable } from './score-chart';
import './clinical.css';

const when = (instant: string) => `${formatDayWithYear(instant)}, ${formatTime(instant)}`;

/** /practice/retained-records: the kept records of deleted accounts, each read audited. */
export function RetainedRecordsPage() {
  const { id } = useParams();
  return id ? <RetainedRecord uid={id} /> : <RetainedList />;
}

function RetainedList() {
  const { state, reload } = useResource('retained-records', fetchRetainedRecords);
  return (
    <>
      <PageHeading>Retained records</PageHeading>
      <p>
        The records of clients who deleted their account, kept read-only until their retention
        period ends and then deleted. Opening one is recorded in its log.
      </p>
      {state.status === 'loading' && <LoadingScreen label="Loading the retained records…" />}
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={reload} />}
      {state.status === 'ready' &&
        (state.data.records.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul className="list-unstyled">
            {state.data.records.map((record) => (
              <li key={record.client.uid} className="mb-3">
                <Link to={retainedRecordPath(record.client.uid)}>
                  {record.client.name || record.client.email || record.client.uid}
                </Link>
                <br />
                Account deleted {formatDayWithYear(record.accountDeletedAt)}; last session{' '}
                {formatDayWithYear(record.lastSessionAt)}; kept until{' '}
                {formatDayWithYear(record.keptUntil)}.
              </li>
            ))}
          </ul>
        ))}
    </>
  );
}

function RetainedRecord({ uid }: { uid: string }) {
  const { state, reload } = useResource(`retained:${uid}`, (signal) =>
    fetchRetainedRecord(uid, signal),
  );
  if (state.status === 'loading') return <LoadingScreen label="Loading the retained record…" />;
  if (state.status === 'failed') {
    return (
      <>
        <PageHeading>Retained record</PageHeading>
        <LoadFailed message={state.message} onRetry={reload} />
      </>
    );
  }
  const record = state.data;
  const who = record.client.name || record.client.email || 'A former client';
  return (
    <>
      <PageHeading>{`${who}’s retained record`}</PageHeading>
      <p>
        <Link to={paths.practiceRetained}>All retained records</Link>
      </p>
      <p className="alert alert-secondary">
        Read-only: the account was deleted on {formatDayWithYear(record.accountDeletedAt)}. The
        record is kept until {formatDayWithYear(record.keptUntil)} (the last session was on{' '}
        {formatDayWithYear(record.lastSessionAt)}), then deleted.
      </p>
      <section aria-labelledby="retained-intake" className="mb-4">
        <h2 id="retained-intake">Intake</h2>
        {record.intake ? (
          <dl className="row intake-facts">
            <dt className="col-sm-4">Date of birth</dt>
            <dd className="col-sm-8">
              {formatDayWithYear(`${record.intake.dateOfBirth}T12:00:00Z`)}
            </dd>
            <dt className="col-sm-4">Address</dt>
            <dd className="col-sm-8 text-pre-line">{record.intake.address}</dd>
            <dt className="col-sm-4">Phone</dt>
            <dd className="col-sm-8">{record.intake.phone}</dd>
            <dt className="col-sm-4">GP</dt>
            <dd className="col-sm-8">
              {record.intake.gp.name}, {record.intake.gp.surgery}
            </dd>
            <dt className="col-sm-4">Agreement</dt>
            <dd className="col-sm-8">
              Version {record.intake.agreement.version}, given{' '}
              {when(record.intake.agreement.agreedAt)}
            </dd>
          </dl>
        ) : (
          <p>None.</p>
        )}
      </section>
      <section aria-labelledby="retained-scores" className="mb-4">
        <h2 id="retained-scores">Questionnaires</h2>
        {record.questionnaires.length === 0 && <p>None.</p>}
        {INSTRUMENTS.map((instrument) => {
          const results = record.questionnaires.filter((each) => each.instrument === instrument);
          return results.length === 0 ? null : (
            <ScoreTable key={instrument} instrument={instrument} results={results} />
          );
        })}
      </section>
      <section aria-labelledby="retained-notes" className="mb-4">
        <h2 id="retained-notes">Session notes</h2>
        {record.notes.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul className="list-unstyled">
            {record.notes.map((note) => (
              <li key={`${note.start}-${note.bookingId}`} className="mb-3">
                <h3 className="h6">
                  {note.serviceName}, {when(note.start)}
                  {note.status === 'draft' ? ' (draft, never signed)' : ''}
                </h3>
                <p className="text-pre-line">{note.text}</p>
                {note.addenda.map((addendum) => (
                  <p key={addendum.at} className="text-pre-line small">
                    Added {when(addendum.at)}: {addendum.text}
                  </p>
                ))}
              </li>
            ))}
          </ul>
        )}
      </section>
      <RiskFollowUps followUps={record.riskFollowUps} />
    </>
  );
}
