import { useCallback, useEffect, useRef, useState } from 'react';
import { SESSION_NOTE_DRAFT_PREFIX } from '../../lib/session-drafts';
import { ApiError, errorSentence } from '../../lib/api';

/** How long typing pauses before the draft is saved. */
const AUTOSAVE_DELAY_MS = 800;

export const CONNECTION_LOST = 'Not saved: check your connection. Your text is kept here.';

export type AutosaveStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; at: Date }
  | { state: 'failed'; message: string };

/** The unsaved words of a session's note, kept in this tab until the server has them. */
export const unsavedKey = (bookingId: string) => `${SESSION_NOTE_DRAFT_PREFIX}${bookingId}`;

function readUnsaved(bookingId: string): string | null {
  try {
    return sessionStorage.getItem(unsavedKey(bookingId));
  } catch {
    return null;
  }
}

function writeUnsaved(bookingId: string, text: string | null) {
  try {
    if (text === null) sessionStorage.removeItem(unsavedKey(bookingId));
    else sessionStorage.setItem(unsavedKey(bookingId), text);
  } catch {
    // Storage full or refused: the text is still on screen and in the next save.
  }
}

/** The note is on the server for good (signed): nothing unsaved is left to restore. */
export const forgetUnsaved = (bookingId: string) => writeUnsaved(bookingId, null);

function failure(error: unknown): string {
  if (error instanceof ApiError && (error.status === 0 || error.status >= 500))
    return CONNECTION_LOST;
  return `Not saved: ${errorSentence(error)} Your text is kept here.`;
}

/**
 * A draft that saves itself a moment after typing stops. Nothing typed is lost: the text stays on
 * screen and in sessionStorage until the server has it; a failed save says so and is tried again
 * on the next edit or by `retry`. Text left unsaved by a reload is restored and saved.
 */
export function useSessionNote({
  bookingId,
  saved,
  save,
  delayMs = AUTOSAVE_DELAY_MS,
}: {
  bookingId: string;
  /** The draft as the server has it. */
  saved: string;
  save: (bookingId: string, text: string) => Promise<unknown>;
  delayMs?: number;
}) {
  const [restored] = useState(() => {
    const unsaved = readUnsaved(bookingId);
    return unsaved !== null && unsaved !== saved ? unsaved : null;
  });
  const [text, setTextState] = useState(restored ?? saved);
  const [status, setStatus] = useState<AutosaveStatus>({ state: 'idle' });
  const latest = useRef(text);
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const serverText = useRef(saved);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    if (inFlight.current) return;
    inFlight.current = true;
    let saved = false;
    try {
      // Typed on while it was saving: save again what is there now.
      while (latest.current !== serverText.current) {
        const sending = latest.current;
        setStatus({ state: 'saving' });
        await save(bookingId, sending);
        serverText.current = sending;
        saved = true;
      }
      writeUnsaved(bookingId, null);
      if (saved) setStatus({ state: 'saved', at: new Date() });
    } catch (error) {
      setStatus({ state: 'failed', message: failure(error) });
    } finally {
      inFlight.current = false;
    }
  }, [bookingId, save]);

  const setText = useCallback(
    (next: string) => {
      latest.current = next;
      setTextState(next);
      writeUnsaved(bookingId, next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), delayMs);
    },
    [bookingId, delayMs, flush],
  );

  useEffect(() => {
    // Words a reload interrupted go to the server at once.
    if (restored !== null) timer.current = setTimeout(() => void flush(), 0);
    return () => {
      clearTimeout(timer.current);
      // Closed (or left) within the autosave's moment: what was typed is saved now, not left.
      if (latest.current !== serverText.current) void flush();
    };
  }, [restored, flush]);

  return { text, setText, status, retry: () => void flush(), flush };
}
