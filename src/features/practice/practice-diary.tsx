import { useState, type ReactNode } from 'react';
import { LazyPart } from '../../components/layout/lazy-part';
import type { Diary, PracticeBooking } from '../../../shared/booking';
import { cadenceText } from '../../../shared/series-text';
import { lazyPrefetched, usePrefetchAfterFirstContent } from '../../lib/lazy-prefetched';
import { addDays, dateIn } from '../../lib/practice-time';
import { outsideSeries, seriesCadences, serviceOf, waitingRequests } from './diary-layout';
import { DiaryWeek } from './diary-week';
import { NeedsAttention } from './needs-attention';
import type { MoveSlot } from './move-slot';
import { UndoBar } from './undo-bar';
import { useBookingAnswers, type Outcome } from './use-booking-answers';
import { useBookingDialog } from './use-booking-dialog';
import { weekOf } from './diary-first-reads';
import { useDiary, useHorizon } from './use-diary';
import { useFocusRequest } from './use-focus-request';
import { useMoveSession } from './use-move-session';
import { useSeriesAnswers } from './use-series-answers';
import { WaitingList } from './waiting-list';
import { WhenAsked } from '../../lib/when-asked';
import '../../components/bookings/bookings.css';
import './diary.scss';

// The diary's first content is the waiting list and the week. What is below them, and its dialogs
// (react-bootstrap's Modal, a session's note and attendance), download after it: the sections as
// the diary first renders, the dialogs once it is on screen, so that they open at once.
const BlockTimeForm = lazyPrefetched(() =>
  import('./block-time-form').then((module) => ({ default: module.BlockTimeForm })),
);
const WaitlistSection = lazyPrefetched(() =>
  import('./waitlist-section').then((module) => ({ default: module.WaitlistSection })),
);
const CalendarFeedSection = lazyPrefetched(() =>
  import('./calendar-feed-dialog').then((module) => ({ default: module.CalendarFeedSection })),
);
const BookingDialog = lazyPrefetched(() =>
  import('./booking-dialog').then((module) => ({ default: module.BookingDialog })),
);
const SeriesAskDialog = lazyPrefetched(() =>
  import('./series-ask-dialog').then((module) => ({ default: module.SeriesAskDialog })),
);

/**
 * The requests waiting for an answer; those answered on this page keep their row (with its new
 * status), so nothing below moves.
 */
function waitingOf(
  horizon: Diary | undefined,
  answeredSeries: Diary['seriesRequests'],
  outcomes: Record<string, Outcome>,
  openedAt: number,
) {
  if (!horizon) return [];
  const { bookings, seriesRequests = [] } = horizon;
  const inSeries = [...seriesRequests, ...(answeredSeries ?? [])];
  const open = waitingRequests(outsideSeries(bookings, inSeries), openedAt);
  const answeredHere = Object.values(outcomes)
    .map((outcome) => outcome.booking)
    .filter(
      (booking) => booking.status === 'requested' && !open.some((item) => item.id === booking.id),
    );
  return waitingRequests([...open, ...answeredHere], 0);
}

/**
 * The practitioner's diary: what needs her attention (given up), the requests waiting for an answer, the week
 * (a timetable on a desktop, a day list on a phone) and blocked time. Decline and Cancel ask
 * first and are held for Undo before anything is sent; Move opens `moveDialog`, the app's time
 * picker (no notice period applies to the practitioner). Each concern lives in its own hook or
 * component; this one only puts them together.
 */
export function PracticeDiary({
  notices,
  moveDialog,
}: { notices?: ReactNode; moveDialog?: MoveSlot } = {}) {
  // The page's "now": the week it opens on, and which requests are still ahead.
  const [openedAt] = useState(() => Date.now());
  const today = dateIn(openedAt);
  const thisWeek = weekOf(openedAt);
  const [from, setFrom] = useState(thisWeek);
  const week = useDiary(from, addDays(from, 6));
  const horizon = useHorizon();
  const reloadAll = () => {
    week.reload();
    horizon.reload();
  };

  const requestFocus = useFocusRequest();
  const answers = useBookingAnswers({ onSent: reloadAll, requestFocus });
  const dialog = useBookingDialog(answers, reloadAll);
  const series = useSeriesAnswers({ onSent: reloadAll, requestFocus });
  const move = useMoveSession({ onMoved: reloadAll, requestFocus });

  const horizonDiary = horizon.state.status === 'ready' ? horizon.state.data : undefined;
  const cadences = seriesCadences(
    [
      ...(horizonDiary?.bookings ?? []),
      ...(week.state.status === 'ready' ? week.state.data.bookings : []),
    ],
    [...(horizonDiary?.seriesRequests ?? []), ...series.answered],
  );
  const seriesTag = (booking: PracticeBooking) => {
    if (!booking.seriesId) return undefined;
    const every = cadences.get(booking.seriesId);
    return every === undefined ? 'Series' : cadenceText(every);
  };
  const dialogBooking = dialog.booking;
  usePrefetchAfterFirstContent(BookingDialog.prefetch, SeriesAskDialog.prefetch);

  return (
    <>
      {notices}
      <NeedsAttention />
      <WaitingList
        state={horizon.state}
        requests={waitingOf(horizonDiary, series.answered, answers.outcomes, openedAt)}
        series={series.waiting(horizonDiary)}
        rowOf={answers.rowOf}
        problems={answers.rowProblems}
        onConfirm={(booking) => void answers.confirmFromList(booking)}
        onDecline={(booking) => dialog.open(booking, 'decline', 'waiting')}
        onConfirmSeries={(item) => void series.confirm(item)}
        onDeclineSeries={(item) =>
          series.ask({
            answer: 'decline',
            series: item,
            clientName: item.clientName ?? 'The client',
            serviceName: item.serviceName ?? 'sessions',
          })
        }
        onRetry={horizon.reload}
      />

      <DiaryWeek
        from={from}
        thisWeek={thisWeek}
        today={today}
        state={week.state}
        onWeek={setFrom}
        onRetry={week.reload}
        onChanged={reloadAll}
        busy={answers.busyLabel}
        seriesTag={seriesTag}
        onOpen={(booking) => dialog.open(booking, 'details', 'week')}
      />

      <section className="card card-body mb-4">
        <LazyPart
          loading={
            <p role="status" className="mb-0">
              Loading…
            </p>
          }
        >
          <BlockTimeForm onBlocked={reloadAll} />
        </LazyPart>
      </section>

      <LazyPart>
        <WaitlistSection />
      </LazyPart>
      <LazyPart>
        <CalendarFeedSection />
      </LazyPart>

      <WhenAsked asking={dialog.state !== null}>
        <BookingDialog
          state={dialog.state}
          held={dialogBooking !== undefined && answers.isHeld(dialogBooking)}
          confirming={dialogBooking !== undefined && answers.isConfirming(dialogBooking)}
          problem={dialog.problem}
          restoreFocus={dialog.restoreFocus}
          onStep={dialog.step}
          onConfirm={(booking) => void dialog.confirm(booking)}
          onAnswer={dialog.answer}
          seriesTag={dialogBooking && seriesTag(dialogBooking)}
          onEndSeries={(booking) =>
            // The question opens once this dialog has gone, so focus is never between the two.
            dialog.closeThen(() =>
              series.ask({
                answer: 'end',
                series: { id: booking.seriesId ?? '' },
                clientName: booking.clientName,
                serviceName: serviceOf(booking),
                returnFocus: [`event-${booking.id}`, `day-${booking.id}`],
              }),
            )
          }
          onMove={
            moveDialog &&
            ((booking) =>
              // The picker opens once this dialog has gone, like the series question.
              dialog.closeThen(() => move.start(booking)))
          }
          onMarked={reloadAll}
          onClose={dialog.close}
          onExited={dialog.exited}
        />
      </WhenAsked>
      <WhenAsked asking={series.question !== null}>
        <SeriesAskDialog
          question={series.question}
          sending={series.sending}
          problem={series.problem}
          restoreFocus={series.restoreFocus}
          onAnswer={(question) => void series.answer(question)}
          onClose={series.close}
        />
      </WhenAsked>
      {moveDialog?.(move.props)}
      <UndoBar pending={answers.pending} onUndo={answers.undo} undoRef={answers.undoButton} />
    </>
  );
}
