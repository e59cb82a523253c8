import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { practiceFacts } from '../../../shared/practice';
import {
  INSTRUMENTS,
  QUESTIONNAIRES,
  questionnaireSentToday,
  type InstrumentId,
  type QuestionnaireResult,
} from '../../../shared/questionnaires';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { LoadFailed } from '../../components/layout/load-failed';
import { useResource } from '../../lib/use-resource';
import { fetchQuestionnaires } from './clinical-api';
import { CrisisContacts } from './crisis-contacts';
import { QuestionnaireForm } from './questionnaire-form';
import './clinical.css';

/**
 * /account/questionnaires: the questionnaires offered (three; four for a partner of a couple),
 * one after the other. The client is thanked,
 * not shown a band: the practitioner talks the scores through with them in the session.
 */
export function QuestionnairesPage() {
  const { state, reload } = useResource('questionnaires', fetchQuestionnaires);
  const [current, setCurrent] = useState<InstrumentId | null>(null);
  const [sent, setSent] = useState<QuestionnaireResult[]>([]);

  if (state.status === 'loading') return <LoadingScreen label="Loading your questionnaires…" />;
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;

  const sentIds = sent.map((result) => result.instrument);
  // One of each a day: those sent today (before this visit) show why, instead of their form.
  const doneToday = state.data.sentToday.filter((id) => !sentIds.includes(id));
  const riskSent = sent.some((result) => result.risk);
  // CSI-4 only for a partner of a couples' session: the server says which are offered.
  const offered = INSTRUMENTS.filter((id) => (state.data.offered ?? INSTRUMENTS).includes(id));
  const next = offered.find((id) => !sentIds.includes(id) && !doneToday.includes(id));

  if (current) {
    return (
      <QuestionnaireForm
        key={current}
        instrument={current}
        onSent={(result) => {
          setSent((old) => [...old, result]);
          setCurrent(null);
          window.scrollTo({ top: 0 });
        }}
      />
    );
  }

  return (
    <>
      {riskSent && <CrisisContacts id="after-help" />}
      {sent.length > 0 && (
        <p role="status" className="alert alert-success">
          Thank you: your answers are with {practiceFacts.practitioner}.
        </p>
      )}
      {sent.length === 0 && (
        <p>
          {state.data.due
            ? `Please fill in these ${offered.length === 4 ? 'four' : 'three'} short questionnaires before your next session. `
            : 'You are up to date: nothing is due before your next session, but you may fill one in at any time. '}
          Each takes two or three minutes. There are no right answers; choose what is closest to how
          you have been.
        </p>
      )}
      <ul className="list-unstyled questionnaire-list">
        {offered.map((id) => (
          <li key={id} className="mb-2">
            {doneToday.includes(id) ? (
              <p className="mb-0">
                <strong>{QUESTIONNAIRES[id].title}</strong>: {questionnaireSentToday(id)}
              </p>
            ) : (
              <Button
                variant={id === next ? 'success' : 'outline-success'}
                onClick={() => setCurrent(id)}
              >
                {sentIds.includes(id)
                  ? `Sent: ${QUESTIONNAIRES[id].title}`
                  : QUESTIONNAIRES[id].title}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
