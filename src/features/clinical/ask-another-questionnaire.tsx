import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { InstrumentId } from '../../../shared/questionnaires';
import { errorSentence } from '../../lib/api';
import { requestQuestionnaire } from './clinical-api';

/**
 * One of each questionnaire a day is the client's limit; this lets them send one more today, when
 * the practitioner wants a fresh score (after a hard session, say). The answer is said in words.
 */
export function AskAnotherQuestionnaire({
  uid,
  instrument,
}: {
  uid: string;
  instrument: InstrumentId;
}) {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const ask = async () => {
    setBusy(true);
    try {
      await requestQuestionnaire(uid, instrument);
      setSaid(`They can send one more ${instrument} today.`);
    } catch (error) {
      setSaid(errorSentence(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center mt-2">
      <Button size="sm" variant="outline-primary" disabled={busy} onClick={() => void ask()}>
        Ask for another {instrument} today
      </Button>
      <span role="status" className="small">
        {said}
      </span>
    </div>
  );
}
