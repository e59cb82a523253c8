import { useRef, useState } from 'react';
import type { PracticeBooking } from '../../../shared/booking';
import { errorSentence } from '../../lib/api';
import type { DialogState, DialogStep } from './booking-dialog';
import type { useBookingAnswers } from './use-booking-answers';

export type DialogOrigin = 'waiting' | 'week';

/**
 * The booking dialog: which booking and step is open and from where (focus goes back there),
 * the problem of a failed confirm, and what runs once it has gone (Undo's focus, the series
 * question), so focus is never between two dialogs.
 */
export function useBookingDialog(
  answers: ReturnType<typeof useBookingAnswers>,
  onChanged: () => void,
) {
  const [dialog, setDialog] = useState<(DialogState & { from: DialogOrigin }) | null>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [restoreFocus, setRestoreFocus] = useState(true);
  const afterDialog = useRef<(() => void) | null>(null);

  const open = (booking: PracticeBooking, step: DialogStep, from: DialogOrigin) => {
    setProblem(undefined);
    setRestoreFocus(true);
    setDialog({ booking, step, from });
  };

  const confirm = async (booking: PracticeBooking) => {
    setProblem(undefined);
    try {
      await answers.confirmNow(booking);
      setDialog(null);
      onChanged();
    } catch (error) {
      setProblem(errorSentence(error));
    }
  };

  const answer = (booking: PracticeBooking, answer: 'decline' | 'cancel', message: string) => {
    // Back where the answer began: the request's row, or the session in the week.
    const returnFocus =
      dialog?.from === 'waiting'
        ? [`decline-${booking.id}`, `answered-${booking.id}`]
        : [`event-${booking.id}`, `day-${booking.id}`];
    // Focus goes to Undo, not back to the button that opened the dialog.
    setRestoreFocus(false);
    afterDialog.current = () => answers.undoButton.current?.focus();
    setDialog(null);
    answers.hold({ booking, answer, message, returnFocus });
  };

  /** Closes the dialog without giving focus back, and runs `next` once it has gone. */
  const closeThen = (next: () => void) => {
    setRestoreFocus(false);
    afterDialog.current = next;
    setDialog(null);
  };

  const exited = () => {
    afterDialog.current?.();
    afterDialog.current = null;
    setRestoreFocus(true);
  };

  return {
    state: dialog,
    booking: dialog?.booking,
    problem,
    restoreFocus,
    open,
    step: (step: DialogStep) => dialog && setDialog({ ...dialog, step }),
    confirm,
    answer,
    closeThen,
    close: () => setDialog(null),
    exited,
  };
}
