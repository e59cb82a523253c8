import { useCallback, useEffect, useRef, useState } from 'react';
import type { PracticeBooking } from '../../../shared/booking';

/** How long Undo is offered after a decline or a cancellation, before anything is sent. */
export const UNDO_MS = 6_000;

export interface DeferredAnswer {
  booking: PracticeBooking;
  answer: 'decline' | 'cancel';
  /** The practitioner's word for the client's email ('' for none). */
  message: string;
  /** Where focus goes back to once Undo is gone (first one found on the page). */
  returnFocus: string[];
}

interface Handlers<T> {
  /** Sends the answer (the undo window is over, or another answer takes its place). */
  send: (item: T) => void;
  /** Sends it as the page goes away or is hidden: the request must outlive the page. */
  sendOnLeave: (item: T) => void;
}

/**
 * Undo that is honest: the answer is held, not sent, for `delayMs`; Undo then means the server
 * and the client never heard of it. A second answer sends the first at once; leaving the page
 * (another route, closing the tab, hiding it) sends what is held at once too.
 */
export function useDeferredAnswer<T = DeferredAnswer>(handlers: Handlers<T>, delayMs = UNDO_MS) {
  const [pending, setPending] = useState<T | null>(null);
  const held = useRef<{ item: T; timer: ReturnType<typeof setTimeout> } | null>(null);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  const take = useCallback(() => {
    const current = held.current;
    if (!current) return null;
    clearTimeout(current.timer);
    held.current = null;
    setPending(null);
    return current.item;
  }, []);

  const sendNow = useCallback(() => {
    const item = take();
    if (item) latest.current.send(item);
  }, [take]);

  const defer = useCallback(
    (item: T) => {
      sendNow();
      held.current = { item, timer: setTimeout(sendNow, delayMs) };
      setPending(item);
    },
    [delayMs, sendNow],
  );

  /** Drops the held answer: nothing is sent. Returns it, or null when it had already gone. */
  const undo = useCallback(() => take(), [take]);

  useEffect(() => {
    const leave = () => {
      const item = take();
      if (item) latest.current.sendOnLeave(item);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onVisibility);
      // The diary is left for another page of the site: what is held goes now.
      sendNow();
    };
  }, [take, sendNow]);

  return { pending, defer, undo, sendNow };
}
