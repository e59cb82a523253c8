import { PRACTICE_TIME_ZONE } from '../../../shared/time';

/** How emails write an instant, in the practice's time: "Tuesday, 9 March 2027 at 18:00 GMT". */
export const emailDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: PRACTICE_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
