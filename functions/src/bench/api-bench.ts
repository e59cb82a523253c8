/**
 * npm run bench:api — the API's busy paths over HTTP (measure.ts), on PGlite and on a real
 * PostgreSQL, printed as tables. Sizes: BENCH_CALLS (200), BENCH_BOOKINGS (10 000),
 * BENCH_MESSAGES (500), BENCH_SERIES (500).
 */
import { BOOKING_RULES, daysText } from '../../../shared/booking-rules';
import { localEnv } from '../testing/local-env';
import { startPostgres } from '../testing/postgres-server';
import { measure, sizesFromEnv } from './measure';

const sizes = sizesFromEnv(process.env);
const server = startPostgres(localEnv.postgresPort());
try {
  const rows = [
    await measure('PGlite (embedded)', { memory: true }, sizes),
    await measure('PostgreSQL (Debian)', { url: server.url }, sizes),
  ];
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
  console.log(`\nAPI over HTTP, ${sizes.calls} calls each, ${sizes.bookings} bookings stored\n`);
  console.log(
    `| database            | ${`availability ${daysText(BOOKING_RULES.horizonDays)} p50`.padEnd(24)} | p95       | booking request p50 | p95       | mail paused: p50 | p95       | sender      |`,
  );
  console.log(
    '| ------------------- | ------------------------ | --------- | ------------------- | --------- | ---------------- | --------- | ----------- |',
  );
  for (const row of rows) {
    console.log(
      `| ${row.label.padEnd(19)} | ${ms(row.availability.p50).padEnd(24)} | ${ms(row.availability.p95)} | ${ms(row.booking.p50).padEnd(19)} | ${ms(row.booking.p95)} | ${ms(row.bookingMailPaused.p50).padEnd(16)} | ${ms(row.bookingMailPaused.p95)} | ${`${row.perSecond.toFixed(0)} msg/s`.padEnd(11)} |`,
    );
  }
  console.log(
    `\nSeries: a request over HTTP (weekly, up to ${daysText(BOOKING_RULES.horizonDays)} of sessions), and the rolling job over ${sizes.series} series\n`,
  );
  console.log(
    '| database            | series request p50 | p95       | rolling job, all series | per series |',
  );
  console.log(
    '| ------------------- | ------------------ | --------- | ----------------------- | ---------- |',
  );
  for (const row of rows) {
    console.log(
      `| ${row.label.padEnd(19)} | ${ms(row.seriesRequest.p50).padEnd(18)} | ${ms(row.seriesRequest.p95)} | ${ms(row.rollMs).padEnd(23)} | ${ms(row.rollMs / sizes.series).padEnd(10)} |`,
    );
  }
  console.log(
    `\nPayments: a signed Stripe webhook (checkout.session.completed) per call, ${sizes.bookings} bookings stored\n`,
  );
  console.log('| database            | webhook p50 | p95       | receipts numbered |');
  console.log('| ------------------- | ----------- | --------- | ----------------- |');
  for (const row of rows) {
    console.log(
      `| ${row.label.padEnd(19)} | ${ms(row.webhook.p50).padEnd(11)} | ${ms(row.webhook.p95)} | ${String(row.receipts).padEnd(17)} |`,
    );
  }
  console.log('\nAnswers:');
  for (const row of rows)
    console.log(
      `  ${row.label}: webhook ${row.webhook.answered}; availability ${row.availability.answered}; booking ${row.booking.answered}; booking with mail paused ${row.bookingMailPaused.answered}; sender ${row.sent} messages to a local SMTP sink; series ${row.seriesRequest.answered}; rolling job booked ${row.rolled.booked}, skipped ${row.rolled.skipped}`,
    );
} finally {
  server.stop();
}
