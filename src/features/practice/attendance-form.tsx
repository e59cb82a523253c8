import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ATTENDANCE, ATTENDANCE_LABELS, type Attendance } from '../../../shared/booking';
import { errorSentence } from '../../lib/api';
import { markAttendance } from './session-note-api';

/** Whether the session has ended, so there is something to mark. */
export const sessionEnded = (session: { end: string }, now = Date.now()) =>
  Date.parse(session.end) <= now;

/**
 * What happened to a session that has ended: attended, late cancellation, no-show or cancelled by
 * the practice. The current mark is shown and checked; the server refuses a mark before the end
 * (422) with a sentence, shown here.
 */
export function AttendanceForm({
  bookingId,
  current,
  onMarked,
}: {
  bookingId: string;
  current: Attendance | null | undefined;
  onMarked?: (attendance: Attendance) => void;
}) {
  const nameId = useId();
  const [marked, setMarked] = useState<Attendance | null>(current ?? null);
  const [chosen, setChosen] = useState<Attendance | null>(current ?? null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [news, setNews] = useState('');

  const save = async () => {
    if (chosen === null) {
      setProblem('Choose what happened to the session.');
      return;
    }
    setSaving(true);
    setProblem(undefined);
    setNews('');
    try {
      const booking = await markAttendance(bookingId, chosen);
      const now = booking.attendance ?? chosen;
      setMarked(now);
      setNews(`Saved: ${ATTENDANCE_LABELS[now]}.`);
      onMarked?.(now);
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      noValidate
      className="attendance-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset aria-describedby={problem ? `${nameId}-problem` : undefined}>
        <legend className="h6 mb-1">Attendance</legend>
        <p className="small mb-2">
          {marked ? `Marked: ${ATTENDANCE_LABELS[marked]}.` : 'Not marked yet.'}
        </p>
        {ATTENDANCE.map((value) => (
          <Form.Check
            key={value}
            type="radio"
            id={`${nameId}-${value}`}
            name={`${nameId}-attendance`}
            label={ATTENDANCE_LABELS[value]}
            checked={chosen === value}
            isInvalid={problem !== undefined}
            onChange={() => setChosen(value)}
          />
        ))}
        {problem && (
          <p id={`${nameId}-problem`} className="text-danger small mb-0 mt-1" role="alert">
            {problem}
          </p>
        )}
      </fieldset>
      <Button type="submit" variant="outline-primary" className="mt-2" disabled={saving}>
        {saving ? 'Saving…' : 'Save attendance'}
      </Button>
      <p role="status" className="small mb-0 mt-1">
        {news}
      </p>
    </Form>
  );
}
