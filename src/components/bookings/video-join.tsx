import { useEffect, useState } from 'react';
import { joinOpen, nextJoinChange } from '../../../shared/booking-rules';

interface VideoSession {
  start: string;
  end: string;
  mode?: 'in-person' | 'video';
  joinUrl?: string;
}

/** "By video" or "In person"; nothing for an older answer that does not say. */
export function modeText(session: VideoSession): string | null {
  if (session.mode === 'video') return 'By video';
  if (session.mode === 'in-person') return 'In person';
  return null;
}

/**
 * Whether the Join link is open now, re-rendering by itself when it opens or closes: one timer to
 * the next boundary, not a tick every second.
 */
function useJoinOpen(session: VideoSession): boolean {
  const [now, setNow] = useState(() => Date.now());
  const { start, end } = session;
  useEffect(() => {
    const next = nextJoinChange({ start, end }, now);
    if (next === null) return;
    // setTimeout holds at most about 24.8 days; a later boundary is reached in steps.
    const wait = Math.min(Math.max(next - Date.now(), 0), 2 ** 31 - 1);
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [start, end, now]);
  return joinOpen({ start, end }, now);
}

/**
 * The "Join video session" link-button of a confirmed video session, from shortly before its start
 * to its end; it opens the meeting in a new tab.
 */
export function VideoJoin({
  session,
  className,
}: {
  session: VideoSession & { status?: string };
  /** The paragraph's class around the link (nothing at all is drawn while it is closed). */
  className?: string;
}) {
  const open = useJoinOpen(session);
  if (session.mode !== 'video' || !session.joinUrl || !open) return null;
  if (session.status !== undefined && session.status !== 'confirmed') return null;
  const link = (
    <a className="btn btn-success" href={session.joinUrl} target="_blank" rel="noopener noreferrer">
      Join video session
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
  return className === undefined ? link : <p className={className}>{link}</p>;
}
