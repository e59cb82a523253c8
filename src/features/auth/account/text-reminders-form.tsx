import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { BOOKING_RULES } from '../../../../shared/booking-rules';
import { TEXT_SENTENCES, checkMobile } from '../../../../shared/text-reminders';
import { LoadFailed } from '../../../components/layout/load-failed';
import { errorSentence } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { opensForVerifiedEmail, readWhenSignedIn } from '../../../lib/early-reads';
import { useResource } from '../../../lib/use-resource';
import { TEXT_REMINDERS_LOADING } from './text-reminders-loading';
import {
  fetchTextReminders,
  turnOffTextReminders,
  turnOnTextReminders,
} from './text-reminders-api';

// Asked as the session is restored, while the account page hydrates (src/lib/early-reads.ts).
readWhenSignedIn('text-reminders', fetchTextReminders, opensForVerifiedEmail);

/**
 * Reminders by text: off until the client adds a mobile number and ticks that they agree. A
 * STOP reply turns them off, and this section says so.
 */
export function TextRemindersForm() {
  const { state, reload } = useResource('text-reminders', fetchTextReminders);
  const [phone, setPhone] = useState('');
  const [consent, setConsent] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const phoneId = useId();
  const consentId = useId();
  const problemId = useId();

  if (state.status === 'loading') return <p role="status">{TEXT_REMINDERS_LOADING}</p>;
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;
  const view = state.data;

  const turnOn = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkMobile(phone);
    if (!checked.ok) return setProblem(checked.problem);
    if (!consent) return setProblem(TEXT_SENTENCES.consent);
    setSaving(true);
    setProblem(undefined);
    try {
      await turnOnTextReminders(phone);
      setPhone('');
      setConsent(false);
      void showToast('Text reminders are on.');
      reload();
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setSaving(false);
    }
  };

  const turnOff = async () => {
    setSaving(true);
    try {
      await turnOffTextReminders();
      void showToast('Text reminders are off, and your number is deleted.');
      reload();
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="account-section" aria-labelledby="texts-heading">
      <h2 id="texts-heading">Reminders by text</h2>
      {view.phone ? (
        <>
          <p>
            Text reminders are on: we text {view.phone} {BOOKING_RULES.reminderHoursBefore} hours
            before each session, saying only the day and time.
          </p>
          <Button variant="outline-secondary" disabled={saving} onClick={() => void turnOff()}>
            Turn off text reminders
          </Button>
        </>
      ) : (
        <>
          {view.stoppedByReply && <Alert variant="info">{TEXT_SENTENCES.stoppedByReply}</Alert>}
          <p>
            Reminders come by email. We can also text you {BOOKING_RULES.reminderHoursBefore} hours
            before each session; the text says only the day and time, never what the session is.
          </p>
          <Form noValidate onSubmit={(event) => void turnOn(event)}>
            <Form.Group controlId={phoneId} className="mb-3">
              <Form.Label>Mobile number</Form.Label>
              <Form.Control
                type="tel"
                autoComplete="tel"
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
                isInvalid={Boolean(problem)}
                aria-describedby={problem ? problemId : undefined}
              />
            </Form.Group>
            <Form.Check
              id={consentId}
              className="mb-3"
              checked={consent}
              onChange={(event) => setConsent(event.target.checked)}
              label="I agree to get appointment reminders by text at this number. I can reply STOP at any time."
            />
            {problem && (
              <p id={problemId} className="text-danger" role="alert">
                {problem}
              </p>
            )}
            <Button type="submit" disabled={saving}>
              Turn on text reminders
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}
