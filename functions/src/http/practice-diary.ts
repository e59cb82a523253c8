import { Temporal } from 'temporal-polyfill';
import { DiaryQuerySchema, type Diary } from '../../../shared/booking';
import { blocksOverlapping } from '../data/blocks';
import { bookingsStartingWithin } from '../data/bookings';
import { practiceDate, startOfPracticeDay } from '../domain/opening-hours';
import { authenticate, requirePractitioner } from './caller';
import { parse, queryObject } from './input';
import { problems } from './problems';
import { json, type Handler } from './types';
import { blockView, practiceBookingView } from './views';

const MAX_DIARY_DAYS = 366;

/** GET /api/practice/bookings?from=&to= (dates, `to` included; by default the bookable 8 weeks). */
export const practiceDiary: Handler = async (request, context) => {
  const caller = await authenticate(request, context);
  requirePractitioner(caller);
  const query = parse(DiaryQuerySchema, queryObject(request));
  const now = context.now();
  const from = query.from ? Temporal.PlainDate.from(query.from) : practiceDate(now);
  const to = query.to ? Temporal.PlainDate.from(query.to) : from.add({ days: 56 });
  const days = from.until(to).days + 1;
  if (days < 1 || days > MAX_DIARY_DAYS) {
    throw problems.invalidInput(
      `Choose a "to" date on or after "from", at most ${MAX_DIARY_DAYS} days later.`,
    );
  }
  const within = { start: startOfPracticeDay(from), end: startOfPracticeDay(to.add({ days: 1 })) };
  const [bookings, blocks] = await Promise.all([
    bookingsStartingWithin(context.db, within),
    blocksOverlapping(context.db, within),
  ]);
  const body: Diary = {
    bookings: bookings.map((booking) => practiceBookingView(booking, context.services, now)),
    blocks: blocks.map(blockView),
  };
  return json(200, body);
};
