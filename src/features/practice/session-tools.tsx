import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { Attendance } from '../../../shared/booking';
import { VideoJoin } from '../../components/bookings/video-join';
import { AttendanceForm, sessionEnded } from './attendance-form';
import { SessionNote } from './session-note';

export interface SessionFacts {
  id: string;
  start: string;
  end: string;
  status: string;
  attendance?: Attendance | null;
  mode?: 'in-person' | 'video';
  joinUrl?: string;
}

/** A session that happened or was due to (not a request or a declined one) has a note and a mark. */
const heldOrCancelled = (session: SessionFacts) =>
  session.status === 'confirmed' || session.status === 'cancelled';

/** Whether the session has started, so a note can be written. */
const sessionStarted = (session: { start: string }, now = Date.now()) =>
  Date.parse(session.start) <= now;

/**
 * What the practitioner does with one session once it has started: its note, and once it has
 * ended, its attendance. Used in the diary's session dialog (open at once) and on the client's
 * record (behind a button, so a long record does not open every note).
 */
export function SessionTools({
  session,
  collapsed = false,
  name,
  onMarked,
}: {
  session: SessionFacts;
  collapsed?: boolean;
  /** Which session, for a screen reader's list of buttons ("Couples, 3 March 2027"). */
  name?: string;
  onMarked?: (attendance: Attendance) => void;
}) {
  const panelId = useId();
  const [open, setOpen] = useState(!collapsed);
  // When the dialog or record opened: what it offers is settled then.
  const [now] = useState(() => Date.now());
  const started = heldOrCancelled(session) && sessionStarted(session, now);
  const ended = started && sessionEnded(session, now);
  return (
    <>
      <VideoJoin session={session} className="mb-2 mt-2" />
      {started && (
        <div className="session-tools mt-2">
          {collapsed && (
            <Button
              variant="outline-primary"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen((was) => !was)}
            >
              {open ? 'Close the note' : 'Note and attendance'}
              {name && <span className="visually-hidden">: {name}</span>}
            </Button>
          )}
          {open && (
            <div id={panelId} className="d-grid gap-3 mt-2">
              <SessionNote bookingId={session.id} />
              {ended && (
                <AttendanceForm
                  bookingId={session.id}
                  current={session.attendance}
                  onMarked={onMarked}
                />
              )}
            </div>
          )}
        </div>
      )}
    </>
  );
}
