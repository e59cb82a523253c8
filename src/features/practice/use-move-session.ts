import { useState } from 'react';
import type { PracticeBooking } from '../../../shared/booking';
import { describeTime } from '../../lib/practice-time';
import { showToast } from '../../lib/toast';
import { serviceOf } from './diary-layout';
import type { MoveSlotProps } from './move-slot';

/**
 * Move from the diary: the session being moved, and once it has moved the toast, a fresh diary
 * and focus back on the session (in its new place) or the week.
 */
export function useMoveSession({
  onMoved,
  requestFocus,
}: {
  onMoved: () => void;
  requestFocus: (keys: string[]) => void;
}) {
  const [moving, setMoving] = useState<PracticeBooking | null>(null);
  const backTo = (id: string) => [`event-${id}`, `day-${id}`, 'week-heading'];

  const props: MoveSlotProps = {
    session: moving,
    serviceId: moving?.serviceId ?? 0,
    serviceName: moving ? serviceOf(moving) : '',
    onClose: () => {
      if (moving) requestFocus(backTo(moving.id));
      setMoving(null);
    },
    onMoved: (moved) => {
      if (!moving) return;
      const when = describeTime(moved.start);
      void showToast(
        `Moved: ${serviceOf(moving)} with ${moving.clientName} to ${when.day}, ${when.time}. ${moving.clientName} gets an email with the new time.`,
      );
      setMoving(null);
      onMoved();
      requestFocus(backTo(moved.id));
    },
  };
  return { start: setMoving, props };
}
