/**
 * npm run bench:api — the API's two busy paths over HTTP, on PGlite and on a real PostgreSQL:
 * the booking horizon's availability and a booking request (with the mail server up, and paused:
 * it accepts and never answers), each timed over many calls with 10 000 bookings already stored;
 * then the outbox's sender alone, delivering 500 messages to a local SMTP sink. Tokens are
 * checked by a stand-in verifier: this measures our code and
 * the database, not the Auth emulator.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { openDatabase, type Database, type DatabaseTarget } from '../platform/database/database';
import { call, startApiServer } from '../testing/api-server';
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { bookingsStartingWithin } from '../bookings/queries';
import { queueMessages } from '../messages/outbox';
import { rollSeries } from '../series/roll-series';
import { deliverDueMessages } from '../messages/sender';
import { localEnv } from '../testing/local-env';
import { startPostgres } from '../testing/postgres-server';
import { BOOKING_RULES, daysText } from '../../../shared/booking-rules';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const EXISTING_BOOKINGS = 10_000;
const SENDER_MESSAGES = 500;
const SERIES_STORED = 500;
const NOW = new Date('2030-01-07T09:00:00Z');
const WEBHOOK_SECRET = 'whsec_bench_signing_secret';

/**
 * 10 000 bookings two hours apart, ending about the booking horizon from now: the availability window holds
 * ~670 of them, and every other hour stays free for the booking requests.
 */
async function seed(db: Database) {
  const spacing = 7200;
  const first = NOW.getTime() / 1000 - (EXISTING_BOOKINGS - 670) * spacing;
  await sql`
    insert into bookings (client_uid, client_email, client_name, service_id, starts_at, ends_at, during, status, note)
    select 'seed-' || (n % 500), 'seed' || (n % 500) || '@example.test', 'Seed client', 1,
           to_timestamp(${first}::float8 + n * ${spacing}), to_timestamp(${first}::float8 + n * ${spacing} + 3000),
           tstzrange(to_timestamp(${first}::float8 + n * ${spacing}), to_timestamp(${first}::float8 + n * ${spacing} + 3600)),
           case when n % 4 = 0 then 'cancelled' else 'confirmed' end, ''
    from generate_series(0, ${EXISTING_BOOKINGS - 1}) as n`.execute(db);
  await sql`analyze`.execute(db);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function time(calls: number, run: (index: number) => Promise<number>) {
  const durations: number[] = [];
  const statuses = new Map<number, number>();
  for (let index = 0; index < calls; index += 1) {
    const started = performance.now();
    const status = await run(index);
    durations.push(performance.now() - started);
    if (status >= 500) throw new Error(`call ${index} answered ${status}`);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  durations.sort((a, b) => a - b);
  const answered = [...statuses].map(([status, count]) => `${count}×${status}`).join(' ');
  return { p50: percentile(durations, 50), p95: percentile(durations, 95), answered };
}

/** An SMTP server that takes every message and keeps none (the mail server "up"). */
async function smtpSink() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, localEnv.host(), resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://${localEnv.host()}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A mail server that accepts connections and never answers, like MailDev under SIGSTOP. */
async function pausedSmtp() {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, localEnv.host(), resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://${localEnv.host()}:${port}`,
    close: () => {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

const benchCaller = async (token: string) => ({
  uid: token,
  email: `${token}@example.test`,
  emailVerified: true,
  name: 'Bench',
  practitioner: false,
  authTime: new Date(),
  secondFactor: null,
});

async function measure(label: string, target: DatabaseTarget) {
  const db = await openDatabase(target);
  await sql`truncate messages, payment_refunds, payments, payment_plans, payment_events, payment_customers, receipt_counters, busy_times, bookings, blocks, series, series_skips`.execute(
    db,
  );
  await seed(db);
  const sink = await smtpSink();
  const paused = await pausedSmtp();
  const up = await startApiServer({
    db,
    now: () => NOW,
    smtpUrl: sink.url,
    verifyToken: benchCaller,
  });
  // Webhooks need no Stripe call here (no card to look up): the stand-in's address is never used.
  const paying = await startApiServer({
    db,
    now: () => NOW,
    smtpUrl: sink.url,
    verifyToken: benchCaller,
    stripe: { apiUrl: 'http://127.0.0.1:9', webhookSecret: WEBHOOK_SECRET },
  });
  const stalled = await startApiServer({
    db,
    now: () => NOW,
    smtpUrl: paused.url,
    verifyToken: benchCaller,
  });
  let caller = 0;
  // Each request is a different client and a different free hour (10:00 to 20:00 UTC, even hours).
  const requestSession = (url: string, slot: number) => {
    caller += 1;
    const day = new Date(Date.UTC(2030, 0, 9 + Math.floor(slot / 6)));
    const start = new Date(day.getTime() + (10 + 2 * (slot % 6)) * 3_600_000);
    return call(url, 'POST', '/bookings', {
      authorization: `Bearer bench-client-${caller}-padding-to-look-like-a-token`,
      body: { serviceId: 1, start: start.toISOString() },
    });
  };
  const quietError = console.error;
  console.error = () => {};
  try {
    const from = '2030-01-08';
    const availability = await time(
      CALLS,
      async () =>
        (
          await call(
            up.url,
            'GET',
            `/availability?service=1&from=${from}&days=${BOOKING_RULES.horizonDays}`,
          )
        ).status,
    );
    const half = Math.floor(CALLS / 2);
    const booking = await time(half, async (index) => (await requestSession(up.url, index)).status);
    const bookingMailPaused = await time(
      half,
      async (index) => (await requestSession(stalled.url, half + index)).status,
    );
    paused.close();
    await stalled.deliveryIdle();
    await up.deliveryIdle();

    // Series: requests over HTTP (weekly, Thursdays at a different hour each), then the rolling
    // job over SERIES_STORED confirmed series that each have a week to add.
    const seriesRequest = await time(Math.min(CALLS, 100), async (index) => {
      caller += 1;
      const start = new Date(Date.UTC(2030, 0, 10 + 7 * (index % 7), 8 + Math.floor(index / 7)));
      return (
        await call(up.url, 'POST', '/series', {
          authorization: `Bearer bench-client-${caller}-padding-to-look-like-a-token`,
          body: { serviceId: 1, start: start.toISOString() },
        })
      ).status;
    });
    await sql`
      insert into series (client_uid, client_email, service_id, every_weeks, first_start, local_time,
                          status, booked_through, created_at, updated_at)
      select 'rolling-' || n, 'rolling' || n || '@example.test', 1, 1,
             ${NOW}::timestamptz + make_interval(days => 1 + n % 7, mins => 30 * (n / 7)),
             to_char(${NOW}::timestamptz + make_interval(mins => 30 * (n / 7)), 'HH24:MI'),
             'confirmed', ${NOW}::timestamptz + make_interval(days => 49 + n % 7, mins => 30 * (n / 7)),
             ${NOW}, ${NOW}
      from generate_series(0, ${SERIES_STORED - 1}) as n`.execute(db);
    const rollStarted = performance.now();
    const rolled = await rollSeries(
      { db, services: up.outbox.services, practiceEmail: 'practice@example.test' },
      NOW,
    );
    const rollMs = performance.now() - rollStarted;
    await up.deliveryIdle();
    await sql`truncate messages`.execute(db);

    // The sender alone: messages written for sessions already booked, delivered to the sink.
    await sql`truncate messages`.execute(db);
    const sessions = await bookingsStartingWithin(db, {
      start: new Date('2000-01-01T00:00:00Z'),
      end: new Date('2100-01-01T00:00:00Z'),
    });
    const batch = sessions.slice(0, SENDER_MESSAGES);
    await queueMessages(
      db,
      batch.map((each) => ({ kind: 'confirmed', to: 'client', booking: each })),
      { now: NOW, practiceEmail: 'practice@example.test' },
    );
    const started = performance.now();
    const delivered = await deliverDueMessages(up.outbox, () => NOW);
    const perSecond = delivered.sent / ((performance.now() - started) / 1000);

    // Webhooks: each a signed checkout.session.completed for a pending one-off payment of one of
    // the stored confirmed sessions (the receipt number, the state change and the email, once).
    await sql`
      insert into payments (client_uid, client_email, client_name, booking_id, service_id,
                            checkout_session_id, amount, currency, status, created_at, updated_at)
      select client_uid, client_email, client_name, id, service_id, 'cs_bench_' || row_number() over (order by starts_at),
             6000, 'GBP', 'pending', ${NOW}, ${NOW}
      from bookings where status = 'confirmed' and series_id is null
      order by starts_at limit ${CALLS}`.execute(db);
    const signer = new Stripe('sk_test_bench');
    const webhook = await time(CALLS, async (index) => {
      const payload = JSON.stringify({
        id: `evt_bench_${index}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(NOW.getTime() / 1000),
        data: {
          object: {
            id: `cs_bench_${index + 1}`,
            object: 'checkout.session',
            mode: 'payment',
            payment_status: 'paid',
          },
        },
      });
      const response = await fetch(`${paying.url}/payments/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
          }),
        },
        body: payload,
      });
      await response.text();
      return response.status;
    });
    await paying.deliveryIdle();
    const receipts = await db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    return {
      label,
      webhook,
      receipts: Number(receipts.n),
      availability,
      booking,
      bookingMailPaused,
      perSecond,
      sent: delivered.sent,
      seriesRequest,
      rollMs,
      rolled,
    };
  } finally {
    console.error = quietError;
    await up.close();
    await paying.close();
    await stalled.close();
    await sink.close();
    await db.destroy();
  }
}

const server = startPostgres(localEnv.postgresPort());
try {
  const rows = [
    await measure('PGlite (embedded)', { memory: true }),
    await measure('PostgreSQL (Debian)', { url: server.url }),
  ];
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
  console.log(`\nAPI over HTTP, ${CALLS} calls each, ${EXISTING_BOOKINGS} bookings stored\n`);
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
    `\nSeries: a request over HTTP (weekly, up to ${daysText(BOOKING_RULES.horizonDays)} of sessions), and the rolling job over ${SERIES_STORED} series\n`,
  );
  console.log(
    '| database            | series request p50 | p95       | rolling job, all series | per series |',
  );
  console.log(
    '| ------------------- | ------------------ | --------- | ----------------------- | ---------- |',
  );
  for (const row of rows) {
    console.log(
      `| ${row.label.padEnd(19)} | ${ms(row.seriesRequest.p50).padEnd(18)} | ${ms(row.seriesRequest.p95)} | ${ms(row.rollMs).padEnd(23)} | ${ms(row.rollMs / SERIES_STORED).padEnd(10)} |`,
    );
  }
  console.log(
    `\nPayments: a signed Stripe webhook (checkout.session.completed) per call, ${EXISTING_BOOKINGS} bookings stored\n`,
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
