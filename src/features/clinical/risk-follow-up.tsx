import { useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  RISK_FOLLOW_UP_ACTIONS,
  RISK_FOLLOW_UP_TEXT_MAX_LENGTH,
  type RiskFollowUp,
  type RiskFollowUpAction,
} from '../../../shared/clinical-api';
import { errorSentence } from '../../lib/api';
import { formatDayWithYear, formatTime } from '../../lib/practice-time';
import { markRiskSeen, recordRiskFollowUp } from './clinical-api';

const FOLLOW_UP_WORDS: Record<RiskFollowUpAction, string> = {
  contacted: 'Contacted the client',
  'safety-plan': 'Made or reviewed a safety plan',
  referred: 'Referred on (GP, crisis team, other service)',
};

const when = (instant: string) => `${formatDayWithYear(instant)}, ${formatTime(instant)}`;

/**
 * What she did about a risk answer: contacted, safety plan or referred, with free text; recorded
 * (and audited) by the API, and the answers then count as seen, so the diary's flag goes.
 */
export function RiskFollowUpForm({
  uid,
  onRecorded,
}: {
  uid: string;
  onRecorded: (sentence: string) => void;
}) {
  const textId = useId();
  const [action, setAction] = useState<RiskFollowUpAction | undefined>(undefined);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const firstChoice = useRef<HTMLInputElement>(null);

  const submit = async () => {
    if (!action) {
      setProblem('Choose what you did.');
      firstChoice.current?.focus();
      return;
    }
    setSending(true);
    setProblem(undefined);
    try {
      const recorded = await recordRiskFollowUp(uid, { action, text });
      await markRiskSeen(uid);
      onRecorded(
        `Recorded: ${FOLLOW_UP_WORDS[recorded.action].toLowerCase()}, ${when(recorded.at)}. The flag is gone from the diary.`,
      );
    } catch (error) {
      // What she typed stays in the form.
      setProblem(errorSentence(error));
      setSending(false);
    }
  };

  return (
    <Form
      noValidate
      aria-label="Record your follow-up"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset className="mb-3" aria-describedby={problem ? `${textId}-problem` : undefined}>
        <legend className="h6">What did you do?</legend>
        {RISK_FOLLOW_UP_ACTIONS.map((each, index) => (
          <Form.Check
            key={each}
            type="radio"
            id={`${textId}-${each}`}
            name="risk-follow-up"
            label={FOLLOW_UP_WORDS[each]}
            checked={action === each}
            ref={index === 0 ? firstChoice : undefined}
            onChange={() => {
              setAction(each);
              setProblem(undefined);
            }}
          />
        ))}
      </fieldset>
      <Form.Group controlId={textId} className="mb-3">
        <Form.Label>What happened (optional)</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          maxLength={RISK_FOLLOW_UP_TEXT_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </Form.Group>
      <div role="alert" id={`${textId}-problem`}>
        {problem && <p className="text-danger fw-semibold">{problem}</p>}
      </div>
      <Button type="submit" variant="danger" disabled={sending}>
        {sending ? 'Recording…' : 'Record follow-up'}
      </Button>
    </Form>
  );
}

/** The follow-ups recorded so far, newest first. */
export function RiskFollowUps({ followUps }: { followUps: readonly RiskFollowUp[] }) {
  if (followUps.length === 0) return null;
  return (
    <section aria-labelledby="follow-ups-heading" className="mb-4">
      <h2 id="follow-ups-heading" className="h5">
        Risk follow-ups
      </h2>
      <ul>
        {followUps.map((each) => (
          <li key={each.id}>
            {when(each.at)}: {FOLLOW_UP_WORDS[each.action]}
            {each.text && <>: {each.text}</>}
          </li>
        ))}
      </ul>
    </section>
  );
}
