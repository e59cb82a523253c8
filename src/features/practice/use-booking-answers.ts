import { useRef, useState } from 'react';
import type { BookingStatus, PracticeBooking } from '../../../shared/booking';
import { errorSentence } from '../../lib/api';
import { formatDayWithYear, formatTime } from '../../lib/practice-time';
import { showToast } from '../../lib/toast';
import { serviceOf } from './diary-layout';
import { answerBooking, answerBookingOnLeave, type BookingAnswer } from './practice-api';
import { useDeferredAnswer, type DeferredAnswer } from './use-deferred-answer';
import type { RowState } from './waiting-list';

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
export interface Outcome {
  booking: PracticeBooking;
  answer: BookingAnswer;
  state: 'sending' | 'done';
}

const doneSentence = (booking: PracticeBooking, answer: BookingAnswer) =>
  `${DONE[answer].toast}: ${serviceOf(booking)} with ${booking.clientName}, ${formatDayWithYear(booking.start)} ${formatTime(booking.start)}.`;

/**
 * Answers to single bookings given on this page (confirm, decline, cancel): what each row shows
 * while an answer is held for Undo, being sent or done, and the problem when one failed.
 * `onSent` runs after every attempt (the diary is read again); `requestFocus` moves focus back
 * where an answer began.
 */
export function useBookingAnswers({
  onSent,
  requestFocus,
}: {
  onSent: () => void;
  requestFocus: (keys: string[]) => void;
}) {
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const [rowProblems, setRowProblems] = useState<Record<string, string>>({});
  const undoButton = useRef<HTMLButtonElement>(null);

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
      onSent();
    }
  };

  const deferred = useDeferredAnswer({
    send: (item) => {
      // The Undo button goes with the held answer: focus goes back to where the answer began.
      const focusWasOnUndo = document.activeElement === undoButton.current;
      void send(item.booking, item.answer, item.message);
      if (focusWasOnUndo) requestFocus(item.returnFocus);
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

  const confirmFromList = async (booking: PracticeBooking) => {
    requestFocus([`answered-${booking.id}`]);
    const sent = await send(booking, 'confirm', '');
    if (!sent) requestFocus([`confirm-${booking.id}`]);
  };

  /** Confirms from the booking's dialog; throws (with nothing else changed) when it failed. */
  const confirmNow = async (booking: PracticeBooking) => {
    setOutcome(booking.id, { booking, answer: 'confirm', state: 'sending' });
    try {
      await answerBooking(booking.id, 'confirm');
      setOutcome(booking.id, { booking, answer: 'confirm', state: 'done' });
      void showToast(doneSentence(booking, 'confirm'));
    } catch (error) {
      setOutcome(booking.id, undefined);
      throw error;
    }
  };

  /** Holds a decline or a cancellation for Undo: nothing is sent until its time is up. */
  const hold = (item: DeferredAnswer) => deferred.defer(item);

  const undo = () => {
    const item = deferred.undo();
    if (!item) return;
    void showToast(
      `Not ${DONE[item.answer].toast.toLowerCase()}: nothing was sent to ${item.booking.clientName}.`,
      'info',
    );
    requestFocus(item.returnFocus);
  };

  return {
    outcomes,
    rowProblems,
    rowOf,
    busyLabel,
    pending: deferred.pending,
    isHeld: (booking: PracticeBooking) => deferred.pending?.booking.id === booking.id,
    isConfirming: (booking: PracticeBooking) => outcomes[booking.id]?.state === 'sending',
    confirmFromList,
    confirmNow,
    hold,
    undo,
    undoButton,
  };
}
