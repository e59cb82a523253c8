import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { BUSY_CALENDAR_RULES, type BusyTime } from '../../../shared/busy-calendar';
import { LoadFailed } from '../../components/layout/load-failed';
import { errorSentence } from '../../lib/api';
import { formatDay, formatTime } from '../../lib/practice-time';
import { showToast } from '../../lib/toast';
import { useResource } from '../../lib/use-resource';
import { staleSentence } from './calendar-busy';
import { connectBusyCalendar, disconnectBusyCalendar, fetchBusyCalendar } from './practice-api';

const busyText = (busy: BusyTime) =>
  `${formatDay(busy.start)} ${formatTime(busy.start)}–${formatTime(busy.end)}`;

/** "Read 42 events, next busy: Tuesday 8 December 10:00–11:30". */
export const readSentence = (read: { events: number; nextBusy: BusyTime | null }) =>
  `Read ${read.events} ${read.events === 1 ? 'event' : 'events'}, next busy: ${
    read.nextBusy ? busyText(read.nextBusy) : 'nothing in the coming weeks'
  }.`;

/**
 * Her own calendar in "Your hours": she pastes its private iCal address, sees what was read, and
 * may disconnect it (asked first: its busy times stop keeping her free).
 */
export function BusyCalendarForm() {
  const { state, reload } = useResource('busy-calendar', fetchBusyCalendar);
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const fieldId = useId();
  const helpId = useId();
  const problemId = useId();

  if (state.status === 'loading') return <p role="status">Loading your calendar…</p>;
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;
  const view = state.data;

  const connect = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setProblem(undefined);
    try {
      const read = await connectBusyCalendar(address);
      setAddress('');
      void showToast(`Your calendar is connected. ${readSentence(read)}`);
      reload();
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setSaving(false);
    }
  };

  const disconnect = async () => {
    setSaving(true);
    try {
      await disconnectBusyCalendar();
      setConfirming(false);
      void showToast('Your calendar is disconnected: its busy times no longer keep you free.');
      reload();
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="busy-calendar-heading" className="mt-4">
      <h2 id="busy-calendar-heading" className="h5">
        Your own calendar
      </h2>
      {view.connected ? (
        <>
          <p data-testid="busy-calendar-read">
            Connected to {view.host}.{' '}
            {view.lastReadAt ? readSentence(view) : 'It has not been read yet.'}
          </p>
          {view.stale && <Alert variant="warning">{staleSentence(view)}</Alert>}
          {confirming ? (
            <div role="group" aria-label="Disconnect your calendar?" className="mb-3">
              <p>Disconnect it? Clients may then be offered times it shows you busy.</p>
              <div className="d-flex flex-wrap gap-2">
                <Button variant="danger" disabled={saving} onClick={() => void disconnect()}>
                  Disconnect
                </Button>
                <Button variant="outline-secondary" onClick={() => setConfirming(false)}>
                  Keep it
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="outline-danger" className="mb-3" onClick={() => setConfirming(true)}>
              Disconnect your calendar
            </Button>
          )}
        </>
      ) : (
        <p>
          Not connected: clients are offered every time within your hours that the diary shows free.
        </p>
      )}
      <Form noValidate onSubmit={(event) => void connect(event)}>
        <Form.Group controlId={fieldId} className="mb-3">
          <Form.Label>
            {view.connected
              ? 'Replace with another address'
              : 'Your calendar’s private iCal address'}
          </Form.Label>
          <Form.Control
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            aria-describedby={`${helpId}${problem ? ` ${problemId}` : ''}`}
            isInvalid={Boolean(problem)}
          />
          <Form.Text id={helpId}>
            Google: Settings, your calendar, “Secret address in iCal format”. Outlook: Publish a
            calendar, the ICS link. Apple: a public calendar’s webcal:// link. Only the times are
            kept, never titles or places; it is read again every{' '}
            {BUSY_CALENDAR_RULES.refreshMinutes} minutes.
          </Form.Text>
          {problem && (
            <Form.Control.Feedback type="invalid" id={problemId} role="alert">
              {problem}
            </Form.Control.Feedback>
          )}
        </Form.Group>
        <Button type="submit" disabled={saving || address.trim() === ''}>
          {saving ? 'Reading your calendar…' : 'Connect calendar'}
        </Button>
      </Form>
    </section>
  );
}
