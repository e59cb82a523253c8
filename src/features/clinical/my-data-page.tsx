import Button from 'react-bootstrap/Button';
import type { AccountExport } from '../../../shared/intake';
import { INSTRUMENTS, QUESTIONNAIRES } from '../../../shared/questionnaires';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { LoadFailed } from '../../components/layout/load-failed';
import { formatDayWithYear, formatTime } from '../../lib/practice-time';
import { useResource } from '../../lib/use-resource';
import { fetchMyData } from './clinical-api';
import { MY_DATA } from './my-data-first-reads';
import { MyDataSections } from './my-data-sections';
import { MyNotesSection } from './my-notes';
import { ScoreChart, ScoreTable } from './score-chart';
import './clinical.css';

const when = (instant: string) => `${formatDayWithYear(instant)}, ${formatTime(instant)}`;

function download(data: AccountExport) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `my-data-${data.exportedAt.slice(0, 10)}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** /account/data: everything held about the visitor, to read here or download as JSON. */
export function MyDataPage() {
  const { state, reload } = useResource(MY_DATA, fetchMyData);
  if (state.status === 'loading') return <LoadingScreen label="Gathering your data…" />;
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;
  const data = state.data;
  return (
    <>
      <p>
        This is everything we hold about you, as of {when(data.exportedAt)}.{' '}
        <Button variant="success" onClick={() => download(data)}>
          Download my data (JSON)
        </Button>
      </p>
      <section aria-labelledby="data-account" className="mb-4">
        <h2 id="data-account">Your account</h2>
        <p>
          {data.account.name || 'No name given'}, {data.account.email}
        </p>
      </section>
      <section aria-labelledby="data-bookings" className="mb-4">
        <h2 id="data-bookings">Your bookings</h2>
        {data.bookings.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul>
            {data.bookings.map((booking) => (
              <li key={booking.id}>
                {booking.serviceName}, {when(booking.start)}: {booking.status}
                {booking.note && ` (your note: ${booking.note})`}
              </li>
            ))}
          </ul>
        )}
      </section>
      <MyDataSections data={data} />
      <section aria-labelledby="data-intake" className="mb-4">
        <h2 id="data-intake">Your intake and agreement</h2>
        {data.intake ? (
          <>
            <p>
              Born {formatDayWithYear(`${data.intake.dateOfBirth}T12:00:00Z`)}; {data.intake.phone};
              GP {data.intake.gp.name}, {data.intake.gp.surgery}; emergency contact{' '}
              {data.intake.emergencyContact.name} ({data.intake.emergencyContact.relationship}),{' '}
              {data.intake.emergencyContact.phone}.
            </p>
            <p className="text-pre-line">{data.intake.address}</p>
            <p>
              You agreed to version {data.intake.agreement.version} on{' '}
              {when(data.intake.agreement.agreedAt)}.
            </p>
          </>
        ) : (
          <p>None.</p>
        )}
      </section>
      <section aria-labelledby="data-questionnaires" className="mb-4">
        <h2 id="data-questionnaires">Your questionnaires</h2>
        {data.questionnaires.length === 0 ? (
          <p>None.</p>
        ) : (
          <>
            {INSTRUMENTS.map((instrument) => {
              const results = data.questionnaires.filter(
                (result) => result.instrument === instrument,
              );
              if (results.length === 0) return null;
              return (
                <section
                  key={instrument}
                  aria-labelledby={`data-${instrument}`}
                  className="mb-4 score-pair"
                >
                  <h3 id={`data-${instrument}`} className="h5">
                    {QUESTIONNAIRES[instrument].title}
                  </h3>
                  <ScoreChart instrument={instrument} results={results} audience="client" />
                  <ScoreTable instrument={instrument} results={results} audience="client" />
                </section>
              );
            })}
            <h3 className="h5">Every answer you gave</h3>
            <ul>
              {data.questionnaires.map((result) => (
                <li key={result.id}>
                  {result.instrument}, {when(result.submittedAt)}: total {result.total} (
                  {result.band}
                  ); your answers {result.answers.join(', ')}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <MyNotesSection sentence={data.sessionNotes} />
      <section aria-labelledby="data-audit">
        <h2 id="data-audit">Who has read your record</h2>
        {data.audit.length === 0 ? (
          <p>Nobody yet.</p>
        ) : (
          <ul>
            {data.audit.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                {when(entry.at)}: {entry.actor}. {entry.what}.
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
