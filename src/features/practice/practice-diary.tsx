import { useEffect, useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import type { Block, BookingStatus, PracticeBooking, Series } from '../../../shared/booking';
import { cadenceText } from '../../../shared/series-text';
import { isActive } from '../../../shared/booking-rules';
import { StatusBadge } from '../../components/bookings/status-badge';
import { LoadFailed } from '../../components/layout/load-failed';
import { errorSentence } from '../../lib/api';
import { addDays, dateIn, formatDayWithYear, formatTime, mondayOf } from '../../lib/practice-time';
import { showToast } from '../../lib/toast';
import { BlockTimeForm } from './block-time-form';
import { BookingDialog, type DialogState, type DialogStep } from './booking-dialog';
import {
  outsideSeries,
  seriesCadences,
  serviceOf,
  waitingRequests,
  whenText,
} from './diary-layout';
import { FailedMessages } from './failed-messages';
import {
  answerBooking,
  answerBookingOnLeave,
  answerSeries,
  removeBlock,
  type BookingAnswer,
} from './practice-api';
import { SeriesAskDialog, type SeriesQuestion } from './series-ask-dialog';
import { UndoBar } from './undo-bar';
import { useDeferredAnswer } from './use-deferred-answer';
import { useDiary, useHorizon } from './use-diary';
import {
  WaitingList,
  type RowState,
  type SeriesRowState,
  type WaitingSeries,
} from './waiting-list';
import { WeekView } from './week-view';
import '../../components/bookings/bookings.css';
import './diary.scss';

const DONE: Record<BookingAnswer, { status: BookingStatus; toast: string }> = {
  confirm: { status: 'confirmed', toast: 'Confirmed' },
  decline: { status: 'declined', toast: 'Declined' },
  cancel: { status: 'cancelled', toast: 'Cancelled' },
};
const SENDING: Record<BookingAnswer, string> = {
  confirm: 'Confirming…',
  decline: 'Declining…',
  cancel: 'Cancelling…',
};

/** An answer given on this page: what was answered, and whether the server has it yet. */
interface Outcome {
  booking: PracticeBooking;
  answer: BookingAnswer;
  state: 'sending' | 'done';
}

const dayLabel = (date: string) => formatDayWithYear(`${date}T12:00:00Z`);
const doneSentence = (booking: PracticeBooking, answer: BookingAnswer) =>
  `${DONE[answer].toast}: ${serviceOf(booking)} with ${booking.clientName}, ${formatDayWithYear(booking.start)} ${formatTime(booking.start)}.`;

/** Focuses the first element on the page carrying one of the keys that can take focus now. */
function focusFirst(keys: readonly string[]) {
  for (const key of keys) {
    const element = document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(key)}"]`);
    element?.focus();
    if (element && document.activeElement === element) return;
  }
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

/**
 * The practitioner's diary: emails that failed, the requests waiting for an answer, the week
 * (a timetable on a desktop, a day list on a phone) and blocked time. Decline and Cancel ask
 * first and are held for Undo before anything is sent.
 */
export function PracticeDiary({ notices }: { notices?: ReactNode } = {}) {
  // The page's "now": the week it opens on, and which requests are still ahead.
  const [openedAt] = useState(() => Date.now());
  const today = dateIn(openedAt);
  const thisWeek = mondayOf(today);
  const [from, setFrom] = useState(thisWeek);
  const days = Array.from({ length: 7 }, (_, index) => addDays(from, index));
  const week = useDiary(from, addDays(from, 6));
  const horizon = useHorizon();

  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const [rowProblems, setRowProblems] = useState<Record<string, string>>({});
  const [dialog, setDialog] = useState<(DialogState & { from: 'waiting' | 'week' }) | null>(null);
  const [dialogProblem, setDialogProblem] = useState<string | undefined>(undefined);
  const [restoreFocus, setRestoreFocus] = useState(true);
  const afterDialog = useRef<(() => void) | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ keys: string[] } | null>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const [removing, setRemoving] = useState(false);
  // Series answered on this page keep their item (with what became of them), like requests.
  const [seriesRows, setSeriesRows] = useState<
    Record<string, { series: Series; row: SeriesRowState; problem?: string }>
  >({});
  const [seriesQuestion, setSeriesQuestion] = useState<SeriesQuestion | null>(null);
  const [seriesSending, setSeriesSending] = useState(false);
  const [seriesProblem, setSeriesProblem] = useState<string | undefined>(undefined);
  const [seriesRestoreFocus, setSeriesRestoreFocus] = useState(true);

  useEffect(() => {
    if (focusRequest) focusFirst(focusRequest.keys);
  }, [focusRequest]);

  const reloadAll = () => {
    week.reload();
    horizon.reload();
  };

  const setOutcome = (id: string, outcome: Outcome | undefined) =>
    setOutcomes(({ [id]: _old, ...others }) => (outcome ? { ...others, [id]: outcome } : others));
  const setRowProblem = (id: string, problem: string | undefined) =>
    setRowProblems(({ [id]: _old, ...others }) =>
      problem ? { ...others, [id]: problem } : others,
    );

  /** Sends an answer and shows where it got to; `keepalive` when the page is going away. */
  const send = async (
    booking: PracticeBooking,
    answer: BookingAnswer,
    message: string,
    leaving = false,
  ): Promise<boolean> => {
    setOutcome(booking.id, { booking, answer, state: 'sending' });
    setRowProblem(booking.id, undefined);
    try {
      if (leaving) {
        if (!(await answerBookingOnLeave(booking.id, answer, message))) {
          throw new Error('not sent');
        }
      } else {
        await answerBooking(booking.id, answer, message);
      }
      setOutcome(booking.id, { booking, answer, state: 'done' });
      void showToast(doneSentence(booking, answer));
      return true;
    } catch (error) {
      setOutcome(booking.id, undefined);
      const sentence = leaving
        ? 'The answer could not be sent. Please try again.'
        : errorSentence(error);
      setRowProblem(booking.id, sentence);
      void showToast(`Not ${DONE[answer].toast.toLowerCase()}: ${sentence}`, 'error');
      return false;
    } finally {
      reloadAll();
    }
  };

  const deferred = useDeferredAnswer({
    send: (item) => {
      // The Undo button goes with the held answer: focus goes back to where the answer began.
      const focusWasOnUndo = document.activeElement === undoButton.current;
      void send(item.booking, item.answer, item.message);
      if (focusWasOnUndo) setFocusRequest({ keys: item.returnFocus });
    },
    sendOnLeave: (item) => void send(item.booking, item.answer, item.message, true),
  });

  const rowOf = (booking: PracticeBooking): RowState => {
    if (deferred.pending?.booking.id === booking.id)
      return { kind: 'held', answer: deferred.pending.answer };
    const outcome = outcomes[booking.id];
    if (!outcome) return { kind: 'open' };
    return outcome.state === 'sending'
      ? { kind: 'sending', answer: outcome.answer }
      : { kind: 'answered', status: DONE[outcome.answer].status };
  };
  const busyLabel = (booking: PracticeBooking) => {
    const row = rowOf(booking);
    return row.kind === 'held' || row.kind === 'sending' ? SENDING[row.answer] : undefined;
  };

  // Requests answered on this page keep their row (with its new status), so nothing below moves.
  const waiting = (() => {
    if (horizon.state.status !== 'ready') return [];
    const { bookings, seriesRequests = [] } = horizon.state.data;
    const inSeries = [...seriesRequests, ...Object.values(seriesRows).map((item) => item.series)];
    const open = waitingRequests(outsideSeries(bookings, inSeries), openedAt);
    const answeredHere = Object.values(outcomes)
      .map((outcome) => outcome.booking)
      .filter(
        (booking) => booking.status === 'requested' && !open.some((item) => item.id === booking.id),
      );
    return waitingRequests([...open, ...answeredHere], 0);
  })();

  const waitingSeries: WaitingSeries[] = (() => {
    if (horizon.state.status !== 'ready') return [];
    const { bookings, seriesRequests = [] } = horizon.state.data;
    const uidOf = (series: Series) =>
      bookings.find((booking) => booking.seriesId === series.id && booking.clientUid)?.clientUid;
    const listed = seriesRequests.map((series) => ({
      series,
      clientUid: uidOf(series),
      row: seriesRows[series.id]?.row ?? ({ kind: 'open' } as const),
      problem: seriesRows[series.id]?.problem,
    }));
    const answeredHere = Object.values(seriesRows)
      .filter((item) => !seriesRequests.some((series) => series.id === item.series.id))
      .map((item) => ({ ...item, clientUid: uidOf(item.series) }));
    return [...listed, ...answeredHere];
  })();

  const cadences = (() => {
    const known = [
      ...(horizon.state.status === 'ready' ? horizon.state.data.bookings : []),
      ...(week.state.status === 'ready' ? week.state.data.bookings : []),
    ];
    const series =
      horizon.state.status === 'ready' ? (horizon.state.data.seriesRequests ?? []) : [];
    return seriesCadences(known, [...series, ...Object.values(seriesRows).map((i) => i.series)]);
  })();
  const seriesTag = (booking: PracticeBooking) => {
    if (!booking.seriesId) return undefined;
    const every = cadences.get(booking.seriesId);
    return every === undefined ? 'Series' : cadenceText(every);
  };

  const setSeriesRow = (series: Series, row: SeriesRowState, problem?: string) =>
    setSeriesRows((rows) => ({ ...rows, [series.id]: { series, row, problem } }));

  const seriesSentence = (series: Pick<Series, 'serviceName' | 'clientName'>) =>
    `the series of ${series.serviceName ?? 'sessions'} with ${series.clientName ?? 'the client'}`;

  const confirmSeries = async (series: Series) => {
    setSeriesRow(series, { kind: 'sending', answer: 'confirm' });
    setFocusRequest({ keys: [`answered-series-${series.id}`] });
    try {
      await answerSeries(series.id, 'confirm');
      setSeriesRow(series, { kind: 'answered', status: 'confirmed' });
      void showToast(`Confirmed ${seriesSentence(series)}.`);
    } catch (error) {
      const sentence = errorSentence(error);
      setSeriesRow(series, { kind: 'open' }, sentence);
      setFocusRequest({ keys: [`confirm-series-${series.id}`] });
      void showToast(`Not confirmed: ${sentence}`, 'error');
    } finally {
      reloadAll();
    }
  };

  const askSeries = (question: SeriesQuestion) => {
    setSeriesProblem(undefined);
    setSeriesRestoreFocus(!question.returnFocus);
    setSeriesQuestion(question);
  };

  const answerSeriesQuestion = async ({ answer, series }: SeriesQuestion) => {
    setSeriesSending(true);
    setSeriesProblem(undefined);
    try {
      const answered = await answerSeries(series.id, answer);
      if (answer === 'decline') {
        setSeriesRow(answered.sessions.length ? answered : (series as Series), {
          kind: 'answered',
          status: 'declined',
        });
        setFocusRequest({ keys: [`answered-series-${series.id}`] });
        void showToast(`Declined ${seriesSentence(answered)}.`);
      } else {
        setFocusRequest({ keys: ['week-heading'] });
        void showToast(`Ended ${seriesSentence(answered)}: every session ahead is cancelled.`);
      }
      setSeriesRestoreFocus(false);
      setSeriesQuestion(null);
    } catch (error) {
      setSeriesProblem(errorSentence(error));
    } finally {
      setSeriesSending(false);
      reloadAll();
    }
  };

  const confirmFromList = async (booking: PracticeBooking) => {
    setFocusRequest({ keys: [`answered-${booking.id}`] });
    const sent = await send(booking, 'confirm', '');
    if (!sent) setFocusRequest({ keys: [`confirm-${booking.id}`] });
  };

  const confirmFromDialog = async (booking: PracticeBooking) => {
    setDialogProblem(undefined);
    setOutcome(booking.id, { booking, answer: 'confirm', state: 'sending' });
    try {
      await answerBooking(booking.id, 'confirm');
      setOutcome(booking.id, { booking, answer: 'confirm', state: 'done' });
      void showToast(doneSentence(booking, 'confirm'));
      setDialog(null);
      reloadAll();
    } catch (error) {
      setOutcome(booking.id, undefined);
      setDialogProblem(errorSentence(error));
    }
  };

  const openDialog = (booking: PracticeBooking, step: DialogStep, from: 'waiting' | 'week') => {
    setDialogProblem(undefined);
    setRestoreFocus(true);
    setDialog({ booking, step, from });
  };

  const answerFromDialog = (
    booking: PracticeBooking,
    answer: 'decline' | 'cancel',
    message: string,
  ) => {
    // Back where the answer began: the request's row, or the session in the week.
    const returnFocus =
      dialog?.from === 'waiting'
        ? [`decline-${booking.id}`, `answered-${booking.id}`]
        : [`event-${booking.id}`, `day-${booking.id}`];
    // Focus goes to Undo, not back to the button that opened the dialog.
    setRestoreFocus(false);
    afterDialog.current = () => undoButton.current?.focus();
    setDialog(null);
    deferred.defer({ booking, answer, message, returnFocus });
  };

  const undo = () => {
    const item = deferred.undo();
    if (!item) return;
    void showToast(
      `Not ${DONE[item.answer].toast.toLowerCase()}: nothing was sent to ${item.booking.clientName}.`,
      'info',
    );
    setFocusRequest({ keys: item.returnFocus });
  };

  const removeBlockNow = async (block: Block) => {
    setRemoving(true);
    try {
      await removeBlock(block.id);
      void showToast(
        `Removed the blocked time from ${formatDayWithYear(block.start)} ${formatTime(block.start)}.`,
      );
    } catch (error) {
      void showToast(errorSentence(error), 'error');
    } finally {
      setRemoving(false);
      reloadAll();
    }
  };

  const diary = week.state.status === 'ready' ? week.state.data : undefined;
  const inactive = diary
    ? diary.bookings
        .filter((booking) => !isActive(booking))
        .sort((a, b) => a.start.localeCompare(b.start))
    : [];
  const dialogBooking = dialog?.booking;

  return (
    <>
      {notices}
      <FailedMessages />
      <WaitingList
        state={horizon.state}
        requests={waiting}
        series={waitingSeries}
        rowOf={rowOf}
        problems={rowProblems}
        onConfirm={(booking) => void confirmFromList(booking)}
        onDecline={(booking) => openDialog(booking, 'decline', 'waiting')}
        onConfirmSeries={(series) => void confirmSeries(series)}
        onDeclineSeries={(series) =>
          askSeries({
            answer: 'decline',
            series,
            clientName: series.clientName ?? 'The client',
            serviceName: series.serviceName ?? 'sessions',
          })
        }
        onRetry={horizon.reload}
      />

      <section aria-labelledby="week-heading" className="mb-5">
        <div className="week-nav diary-week-nav mb-3">
          <Button variant="outline-secondary" onClick={() => setFrom(addDays(from, -7))}>
            Previous week
          </Button>
          <div className="text-center week-title">
            <h2 id="week-heading" className="h5 m-0" tabIndex={-1} data-focus-key="week-heading">
              Week of {dayLabel(from)}
            </h2>
            {/* Always in its place (hidden on this week), so the week below never jumps. */}
            <Button
              variant="link"
              size="sm"
              className={from === thisWeek ? 'is-hidden' : undefined}
              aria-hidden={from === thisWeek}
              tabIndex={from === thisWeek ? -1 : undefined}
              onClick={() => setFrom(thisWeek)}
            >
              Back to this week
            </Button>
          </div>
          <Button variant="outline-secondary" onClick={() => setFrom(addDays(from, 7))}>
            Next week
          </Button>
        </div>
        {week.state.status === 'loading' && <p role="status">Loading the diary…</p>}
        {week.state.status === 'failed' && (
          <LoadFailed message={week.state.message} onRetry={week.reload} />
        )}
        {diary && (
          <>
            <WeekView
              days={days}
              today={today}
              bookings={diary.bookings}
              blocks={diary.blocks}
              busy={busyLabel}
              seriesTag={seriesTag}
              onOpen={(booking) => openDialog(booking, 'details', 'week')}
            />
            {inactive.length > 0 && (
              <section aria-labelledby="inactive-heading" className="mt-4">
                <h3 id="inactive-heading" className="h6">
                  Cancelled and declined this week
                </h3>
                <ul className="list-unstyled inactive-list">
                  {inactive.map((booking) => (
                    <li key={booking.id}>
                      {whenText(booking)}: {serviceOf(booking)} with {booking.clientName}{' '}
                      <StatusBadge status={booking.status} />
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <section aria-labelledby="blocks-heading" className="mt-4">
              <h3 id="blocks-heading" className="h6">
                Blocked time this week
              </h3>
              {diary.blocks.length === 0 ? (
                <p>None.</p>
              ) : (
                <ul className="list-unstyled">
                  {diary.blocks.map((block) => (
                    <BlockItem
                      key={block.id}
                      block={block}
                      busy={removing}
                      onRemove={(item) => void removeBlockNow(item)}
                    />
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </section>

      <section className="card card-body mb-4">
        <BlockTimeForm onBlocked={reloadAll} />
      </section>

      <BookingDialog
        state={dialog}
        held={dialogBooking !== undefined && deferred.pending?.booking.id === dialogBooking.id}
        confirming={dialogBooking !== undefined && outcomes[dialogBooking.id]?.state === 'sending'}
        problem={dialogProblem}
        restoreFocus={restoreFocus}
        onStep={(step) => dialog && setDialog({ ...dialog, step })}
        onConfirm={(booking) => void confirmFromDialog(booking)}
        onAnswer={answerFromDialog}
        seriesTag={dialogBooking && seriesTag(dialogBooking)}
        onEndSeries={(booking) => {
          // The question opens once this dialog has gone, so focus is never between the two.
          setRestoreFocus(false);
          afterDialog.current = () =>
            askSeries({
              answer: 'end',
              series: { id: booking.seriesId ?? '' },
              clientName: booking.clientName,
              serviceName: serviceOf(booking),
              returnFocus: [`event-${booking.id}`, `day-${booking.id}`],
            });
          setDialog(null);
        }}
        onClose={() => setDialog(null)}
        onExited={() => {
          afterDialog.current?.();
          afterDialog.current = null;
          setRestoreFocus(true);
        }}
      />
      <SeriesAskDialog
        question={seriesQuestion}
        sending={seriesSending}
        problem={seriesProblem}
        restoreFocus={seriesRestoreFocus}
        onAnswer={(question) => void answerSeriesQuestion(question)}
        onClose={() => {
          if (seriesQuestion?.returnFocus) setFocusRequest({ keys: seriesQuestion.returnFocus });
          setSeriesQuestion(null);
        }}
      />
      <UndoBar pending={deferred.pending} onUndo={undo} undoRef={undoButton} />
    </>
  );
}
