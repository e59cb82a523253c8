import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZES, measure, sizesFromEnv, type BenchSizes } from './measure';

// npm run bench:api at its smallest, so that a new table, route or rule cannot break it unseen
// (it once stopped at a truncate that a new table's foreign key refused).
const SMALLEST: BenchSizes = { calls: 2, bookings: 4, messages: 1, series: 1 };

describe('npm run bench:api', () => {
  it('runs every timed path at its smallest sizes on PGlite, each call answered', async () => {
    const result = await measure('PGlite (embedded)', { memory: true }, SMALLEST);
    expect(result.availability.answered).toBe('2×200');
    // Each booking request a different client and a free hour: every one taken.
    expect(result.booking.answered).toMatch(/^1×20[01]$/);
    expect(result.bookingMailPaused.answered).toMatch(/^1×20[01]$/);
    // The first weekly series is taken; the next asks for the same hour a week later, which the
    // first already holds: a conflict, answered as one (as at the bench's full size).
    expect(result.seriesRequest.answered).toBe('1×201 1×409');
    expect(result.rolled.booked).toBe(SMALLEST.series);
    expect(result.sent).toBe(SMALLEST.messages);
    expect(result.webhook.answered).toBe('2×200');
    expect(result.receipts).toBe(SMALLEST.calls); // each webhook paid one session, once
  }, 120_000);
});

describe("the bench's sizes", () => {
  it('are the defaults unless the environment sets them', () => {
    expect(sizesFromEnv({})).toEqual(DEFAULT_SIZES);
    expect(
      sizesFromEnv({
        BENCH_CALLS: '2',
        BENCH_BOOKINGS: '4',
        BENCH_MESSAGES: '1',
        BENCH_SERIES: '1',
      }),
    ).toEqual(SMALLEST);
  });

  it('refuse a size the bench cannot run with, saying which', () => {
    expect(() => sizesFromEnv({ BENCH_CALLS: '1' })).toThrow(
      'BENCH_CALLS needs a whole number of at least 2, not 1',
    );
    expect(() => sizesFromEnv({ BENCH_CALLS: '10', BENCH_BOOKINGS: '19' })).toThrow(
      /BENCH_BOOKINGS/,
    );
    expect(() => sizesFromEnv({ BENCH_SERIES: 'many' })).toThrow(/BENCH_SERIES/);
  });
});
