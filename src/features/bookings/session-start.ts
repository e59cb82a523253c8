import { describeTime } from '../../lib/practice-time';

/** A session that can be moved or skipped: its id and its times. */
export interface MovableSession {
  id: string;
  start: string;
  end: string;
}

/** "Tuesday 14 April, 18:00": a session's start as the buttons and questions say it. */
export const startText = (start: string) => {
  const when = describeTime(start);
  return `${when.day}, ${when.time}`;
};
