import type { Ref } from 'react';
import Button from 'react-bootstrap/Button';
import { formatDay, formatTime } from '../../lib/practice-time';
import { serviceOf } from './diary-layout';
import type { DeferredAnswer } from './use-deferred-answer';

const DOING = { decline: 'Declining', cancel: 'Cancelling' };
const WHAT = { decline: 'request', cancel: 'session' };

/**
 * What is held for Undo, at the bottom of the screen where it covers nothing that moves. The
 * live region is always on the page, so its new text is announced.
 */
export function UndoBar({
  pending,
  onUndo,
  undoRef,
}: {
  pending: DeferredAnswer | null;
  onUndo: () => void;
  undoRef: Ref<HTMLButtonElement>;
}) {
  return (
    <div className="undo-bar" role="status">
      {pending && (
        <div className="undo-bar-inner">
          <span>
            {DOING[pending.answer]} {pending.booking.clientName}’s {WHAT[pending.answer]}:{' '}
            {serviceOf(pending.booking)}, {formatDay(pending.booking.start)}{' '}
            {formatTime(pending.booking.start)}.
          </span>
          <Button ref={undoRef} variant="light" onClick={onUndo}>
            Undo
          </Button>
        </div>
      )}
    </div>
  );
}
