import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { REASON_MAX_LENGTH } from '../../../shared/booking';
import { errorSentence } from '../../lib/api';
import { formatDayWithYear, formatTime, zonedTimeToInstant } from '../../lib/practice-time';
import { showToast } from '../../lib/toast';
import { blockTime } from './practice-api';

const EMPTY = { startDate: '', startTime: '', endDate: '', endTime: '', reason: '' };

/** Block time (a day off, a holiday): London dates and times in, UTC instants to the server. */
export function BlockTimeForm({ onBlocked }: { onBlocked: () => void }) {
  const [fields, setFields] = useState(EMPTY);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const set = (name: keyof typeof EMPTY) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { startDate, startTime, endDate, endTime, reason } = fields;
    if (!startDate || !startTime || !endDate || !endTime) {
      setProblem('Fill in the start and end, each with a date and a time.');
      return;
    }
    const start = zonedTimeToInstant(startDate, startTime);
    const end = zonedTimeToInstant(endDate, endTime);
    if (end <= start) {
      setProblem('The end must be after the start.');
      return;
    }
    setPending(true);
    setProblem(undefined);
    try {
      await blockTime({ start: start.toISOString(), end: end.toISOString(), reason });
      void showToast(
        `Blocked ${formatDayWithYear(start)} ${formatTime(start)} to ${formatDayWithYear(end)} ${formatTime(end)}.`,
      );
      setFields(EMPTY);
      onBlocked();
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setPending(false);
    }
  };

  const field = (name: keyof typeof EMPTY, label: string, type: 'date' | 'time') => (
    <Form.Group controlId={`block-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        required
        value={fields[name]}
        onChange={(event) => set(name)(event.target.value)}
      />
    </Form.Group>
  );

  return (
    <Form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="block-time-heading">
      <h3 id="block-time-heading" className="h5">
        Block time
      </h3>
      <p className="small">
        UK time (Europe/London). Blocked time is no longer offered to clients.
      </p>
      <div className="row g-3 mb-3">
        <div className="col-7 col-md-3">{field('startDate', 'Start date', 'date')}</div>
        <div className="col-5 col-md-3">{field('startTime', 'Start time', 'time')}</div>
        <div className="col-7 col-md-3">{field('endDate', 'End date', 'date')}</div>
        <div className="col-5 col-md-3">{field('endTime', 'End time', 'time')}</div>
      </div>
      <Form.Group controlId="block-reason" className="mb-3">
        <Form.Label>Reason (optional)</Form.Label>
        <Form.Control
          value={fields.reason}
          maxLength={REASON_MAX_LENGTH}
          onChange={(event) => set('reason')(event.target.value)}
        />
      </Form.Group>
      <div role="alert">{problem && <div className="alert alert-danger">{problem}</div>}</div>
      <Button type="submit" variant="success" disabled={pending}>
        {pending ? 'Blocking…' : 'Block this time'}
      </Button>
    </Form>
  );
}
