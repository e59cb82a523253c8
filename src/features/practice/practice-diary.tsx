import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { Block, PracticeBooking } from '../../../shared/booking';
import { StatusBadge } from '../../components/bookings/status-badge';
import { LoadFailed } from '../../components/layout/load-failed';
import { errorSentence } from '../../lib/api';
import { addDays, dateIn, formatDayWithYear, formatTime, mondayOf } from '../../lib/practice-time';
import { showToast } from '../../lib/toast';
import { BlockTimeForm } from './block-time-form';
import { answerBooking, removeBlock, type BookingAnswer } from './practice-api';
import { useDiary } from './use-diary';
import '../../components/bookings/bookings.css';

const ANSWERS: Record<BookingAnswer, { button: string; done: string }> = {
  confirm: { button: 'Confirm', done: 'Confirmed' },
  decline: { button: 'Decline', done: 'Declined' },
  cancel: { button: 'Cancel', done: 'Cancelled' },
};

const dayLabel = (date: string) => formatDayWithYear(`${date}T12:00:00Z`);
const span = (item: { start: string; end: string }) =>
  `${formatTime(item.start)} to ${formatTime(item.end)}`;

function DiaryBooking({
  booking,
  busy,
  onAnswer,
}: {
  booking: PracticeBooking;
  busy: boolean;
  onAnswer: (booking: PracticeBooking, answer: BookingAnswer) => void;
}) {
  // The server decides what the practitioner may do with each booking; the page only shows it.
  const answers = booking.actions ?? [];
  const who = `${booking.clientName} at ${formatTime(booking.start)}`;
  return (
    <li className="card diary-booking">
      <div className="card-body">
        <h4 className="h6 card-title">
          {span(booking)}: {booking.serviceName ?? 'Session'}
        </h4>
        <p className="mb-1">
          {booking.clientName} ·{' '}
          <a href={`mailto:${booking.clientEmail}`} className="text-break">
            {booking.clientEmail}
          </a>
        </p>
        {booking.note && <p className="small mb-1 booking-note">Note: {booking.note}</p>}
        <p className="mb-2">
          <StatusBadge status={booking.status} />
        </p>
        {answers.length > 0 && (
          <div className="d-flex flex-wrap gap-2">
            {answers.map((answer) => (
              <Button
                key={answer}
                size="sm"
                disabled={busy}
                variant={answer === 'confirm' ? 'success' : 'outline-danger'}
                aria-label={`${ANSWERS[answer].button} ${who}`}
                onClick={() => onAnswer(booking, answer)}
              >
                {ANSWERS[answer].button}
              </Button>
            ))}
          </div>
        )}
      </div>
    </li>
  );
}

function BlockItem({
  block,
  busy,
  onRemove,
}: {
  block: Block;
  busy: boolean;
  onRemove: (block: Block) => void;
}) {
  const text = `${formatDayWithYear(block.start)} ${formatTime(block.start)} to ${formatDayWithYear(block.end)} ${formatTime(block.end)}`;
  return (
    <li className="d-flex flex-wrap gap-2 align-items-center mb-2">
      <span>
        {text}
        {block.reason && <> ({block.reason})</>}
      </span>
      <Button
        size="sm"
        variant="outline-danger"
        disabled={busy}
        aria-label={`Remove blocked time ${text}`}
        onClick={() => onRemove(block)}
      >
        Remove
      </Button>
    </li>
  );
}

/** The practitioner's week: bookings by day with their answers, and blocked time. */
export function PracticeDiary() {
  const [thisWeek] = useState(() => mondayOf(dateIn(Date.now())));
  const [from, setFrom] = useState(thisWeek);
  const to = addDays(from, 6);
  const { state, reload } = useDiary(from, to);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const problemRegion = useRef<HTMLDivElement>(null);

  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await run();
      void showToast(done);
    } catch (error) {
      setProblem(errorSentence(error));
      problemRegion.current?.scrollIntoView({ block: 'nearest' });
    } finally {
      setBusy(false);
      reload();
    }
  };

  const onAnswer = (booking: PracticeBooking, answer: BookingAnswer) =>
    void act(
      () => answerBooking(booking.id, answer),
      `${ANSWERS[answer].done}: ${booking.serviceName ?? 'session'} with ${booking.clientName}, ${formatDayWithYear(booking.start)} ${formatTime(booking.start)}.`,
    );
  const onRemove = (block: Block) =>
    void act(
      () => removeBlock(block.id),
      `Removed the blocked time from ${formatDayWithYear(block.start)} ${formatTime(block.start)}.`,
    );

  const days = Array.from({ length: 7 }, (_, index) => addDays(from, index));
  const diary = state.status === 'ready' ? state.data : undefined;

  return (
    <>
      <div className="week-nav mb-3">
        <Button variant="outline-secondary" onClick={() => setFrom(addDays(from, -7))}>
          Previous week
        </Button>
        <h2 className="h5 m-0 text-center">Week of {dayLabel(from)}</h2>
        <Button variant="outline-secondary" onClick={() => setFrom(addDays(from, 7))}>
          Next week
        </Button>
      </div>
      {from !== thisWeek && (
        <p className="text-center">
          <Button variant="link" onClick={() => setFrom(thisWeek)}>
            Back to this week
          </Button>
        </p>
      )}
      <div role="alert" ref={problemRegion}>
        {problem && <div className="alert alert-danger">{problem}</div>}
      </div>
      {state.status === 'loading' && <p role="status">Loading the diary…</p>}
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={reload} />}
      {diary && (
        <>
          <section aria-label="Bookings this week" className="mb-5">
            {days.map((date) => {
              const bookings = diary.bookings
                .filter((booking) => dateIn(booking.start) === date)
                .sort((a, b) => a.start.localeCompare(b.start));
              return (
                <section key={date} aria-labelledby={`day-${date}`} className="mb-4">
                  <h3 id={`day-${date}`} className="h5 border-bottom pb-1">
                    {dayLabel(date)}
                  </h3>
                  {bookings.length === 0 ? (
                    <p className="text-body-secondary">No bookings.</p>
                  ) : (
                    <ul className="list-unstyled diary-day">
                      {bookings.map((booking) => (
                        <DiaryBooking
                          key={booking.id}
                          booking={booking}
                          busy={busy}
                          onAnswer={onAnswer}
                        />
                      ))}
                    </ul>
                  )}
                </section>
              );
            })}
          </section>
          <section aria-labelledby="blocks-heading" className="mb-4">
            <h3 id="blocks-heading" className="h5">
              Blocked time this week
            </h3>
            {diary.blocks.length === 0 ? (
              <p>None.</p>
            ) : (
              <ul className="list-unstyled">
                {diary.blocks.map((block) => (
                  <BlockItem key={block.id} block={block} busy={busy} onRemove={onRemove} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <section className="card card-body mb-4">
        <BlockTimeForm onBlocked={reload} />
      </section>
    </>
  );
}
