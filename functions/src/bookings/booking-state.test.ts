import fc from 'fast-check';
import { sql } from 'kysely';
import { LAPSED_REQUEST_SENTENCE, STARTED_SENTENCES } from '../../../shared/booking-status';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS, emptyTables } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';
import { confirmedSession } from '../testing/factories/bookings';
import type { Database } from '../platform/database/database';

const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const PRACTICE_EMAIL = 'diary@practice.test';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const BANK_HOLIDAYS = ['2027-03-26', '2027-03-29'];

/** 10:00 UTC on each of the next days the practice opens, inside the bookable window. */
const openDays = Array.from(
  { length: 54 },
  (_, index) => new Date(NOW.getTime() + (index + 2) * DAY),
)
  .filter((day) => !BANK_HOLIDAYS.includes(day.toISOString().slice(0, 10)))
  .map((day) => new Date(`${day.toISOString().slice(0, 10)}T10:00:00Z`));

const { client, racer, third, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  racer: { name: 'Ben Racer' },
  third: { name: 'Cy Third' },
  practitioner: { practitioner: true, name: 'Dr Practitioner' },
});

/** Live sessions that overlap blocked time, or each other: must always be none. */
async function overlapsInDiary(db: Database) {
  const { rows } = await sql<{ problem: string }>`
    select 'inside a block' as problem from bookings b join blocks k
      on tstzrange(b.starts_at, b.ends_at, '[)') && k.during
      where b.status in ('requested', 'confirmed')
    union all
    select 'two sessions' from bookings a join bookings b
      on a.id < b.id and a.during && b.during
      where a.status in ('requested', 'confirmed') and b.status in ('requested', 'confirmed')`.execute(
    db,
  );
  return rows.map((row) => row.problem);
}

describe.each(DATABASE_KINDS)('booking state on %s', (kind) => {
  let clock = NOW;
  const { db, api, sent, request, mailTo } = useApiStack(kind, {
    now: () => clock,
    practiceEmail: PRACTICE_EMAIL,
    beforeEach: () => (clock = NOW),
  });
  const ask = (start: Date, who = client) =>
    request('POST', '/bookings', who, { serviceId: 1, start: start.toISOString(), note: '' });

  it('a request not answered by its start cannot be confirmed, and the scheduled job declines it, telling the client', async () => {
    const start = openDays[0]!;
    const asked = await ask(start);
    expect(asked.status).toBe(201);
    clock = new Date(start.getTime() + MINUTE);
    const late = await request('POST', `/bookings/${asked.json.id}/confirm`, practitioner);
    expect(late.status).toBe(409);
    expect(late.contentType).toContain('application/problem+json');
    expect(late.json.detail).toBe(STARTED_SENTENCES.confirm);
    const { declineLapsedRequests } = await import('./lapsed-requests');
    const settings = {
      db,
      services: api.outbox.services,
      practiceEmail: PRACTICE_EMAIL,
      reactions: api.context.reactions,
    };
    // Twice, and twice at once: declined and told once.
    const runs = await Promise.all([
      declineLapsedRequests(settings, clock),
      declineLapsedRequests(settings, clock),
    ]);
    expect(runs.reduce((sum, run) => sum + run.declined, 0)).toBe(1);
    expect(await declineLapsedRequests(settings, clock)).toEqual({ declined: 0 });
    const mine = await request('GET', '/bookings', client);
    expect(mine.json.bookings.map((each: { status: string }) => each.status)).toEqual(['declined']);
    await api.runOutbox();
    const told = await mailTo(client.email, /^Your session request/);
    expect(told.text).toContain(LAPSED_REQUEST_SENTENCE);
    expect(sent.filter((message) => /^Your session request/.test(message.subject))).toHaveLength(1);
  });

  it('a request one minute before its start is not declined by the job, and can still be confirmed', async () => {
    const start = openDays[1]!;
    const asked = await ask(start);
    clock = new Date(start.getTime() - MINUTE);
    const { declineLapsedRequests } = await import('./lapsed-requests');
    const settings = {
      db,
      services: api.outbox.services,
      practiceEmail: PRACTICE_EMAIL,
      reactions: api.context.reactions,
    };
    expect(await declineLapsedRequests(settings, clock)).toEqual({ declined: 0 });
    expect((await request('POST', `/bookings/${asked.json.id}/confirm`, practitioner)).status).toBe(
      200,
    );
  });

  it('a block racing a request (50 tries, at once) never holds a session inside it', async () => {
    for (const [index, start] of openDays.slice(0, 50).entries()) {
      const who = index % 2 === 0 ? client : racer;
      const block = {
        start: new Date(start.getTime() - 30 * MINUTE).toISOString(),
        end: new Date(start.getTime() + HOUR).toISOString(),
        reason: 'Training',
        // Half the blocks decline what they find; the others are refused over a live request.
        cancelCovered: index % 4 < 2,
      };
      const [asked, blocked] = await Promise.all([
        ask(start, who),
        request('POST', '/practice/blocks', practitioner, block),
      ]);
      expect([201, 409]).toContain(asked.status);
      expect([201, 409]).toContain(blocked.status);
      expect(await overlapsInDiary(db), `try ${index}`).toEqual([]);
      // Each client keeps under the open-request limit, and everyone under the write limit.
      await db
        .updateTable('bookings')
        .set({ status: 'cancelled' })
        .where('status', '=', 'requested')
        .execute();
      await db.deleteFrom('write_limits').execute();
    }
  });

  it('the database refuses blocked time over a live session, and a session inside blocked time', async () => {
    const session = await confirmedSession(db, client, openDays[2]!.toISOString());
    await expect(
      sql`insert into blocks (during) values (tstzrange(${session.start}, ${session.end}, '[)'))`.execute(
        db,
      ),
    ).rejects.toThrow(/blocked_time_clear_of_sessions/);
    const over = await request('POST', '/practice/blocks', practitioner, {
      start: session.start.toISOString(),
      end: session.end.toISOString(),
    });
    expect(over.status).toBe(409);
    expect(over.json.detail).toBe(
      'This time holds 1 session. Decline and cancel them with the block (each client is told), or block a different time.',
    );
    const later = openDays[3]!;
    await sql`insert into blocks (during) values (tstzrange(${later}, ${new Date(later.getTime() + HOUR)}, '[)'))`.execute(
      db,
    );
    await expect(
      sql`insert into bookings (client_uid, client_email, service_id, starts_at, ends_at, during)
          values ('someone', 'someone@example.test', 1, ${later}, ${new Date(later.getTime() + 50 * MINUTE)},
          tstzrange(${later}, ${new Date(later.getTime() + HOUR)}, '[)'))`.execute(db),
    ).rejects.toThrow(/blocked_time_clear_of_sessions/);
    // A block may begin as a session ends, and a cancelled session holds no time.
    const after = await request('POST', '/practice/blocks', practitioner, {
      start: session.end.toISOString(),
      end: new Date(session.end.getTime() + HOUR).toISOString(),
    });
    expect(after.status).toBe(201);
  });

  it('moving a session that has begun (attended) answers 409 with a sentence, and it stays', async () => {
    const session = await confirmedSession(db, client, '2027-02-26T10:00:00Z');
    clock = new Date('2027-02-26T11:00:00Z');
    const marked = await request(
      'POST',
      `/practice/bookings/${session.id}/attendance`,
      practitioner,
      {
        attendance: 'attended',
      },
    );
    expect(marked.status).toBe(200);
    clock = NOW;
    const moved = await request('POST', `/practice/bookings/${session.id}/move`, practitioner, {
      start: openDays[4]!.toISOString(),
    });
    expect(moved.status).toBe(409);
    expect(moved.contentType).toContain('application/problem+json');
    expect(moved.json.detail).toBe(STARTED_SENTENCES.move);
    const row = await db
      .selectFrom('bookings')
      .select(['starts_at', 'attendance'])
      .where('id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.starts_at).toISOString()).toBe('2027-02-26T10:00:00.000Z');
    expect(row.attendance).toBe('attended');
  });

  it('a session that has begun cannot be cancelled, by her or its client', async () => {
    const start = openDays[5]!;
    const session = await confirmedSession(db, client, start.toISOString());
    clock = new Date(start.getTime() + 5 * MINUTE);
    const byHer = await request(
      'POST',
      `/practice/bookings/${session.id}/cancel`,
      practitioner,
      {},
    );
    expect(byHer.status).toBe(409);
    expect(byHer.json.detail).toBe(STARTED_SENTENCES.cancel);
    expect((await request('POST', `/bookings/${session.id}/cancel`, client, {})).status).toBe(409);
    const diary = await request(
      'GET',
      `/practice/bookings?from=${start.toISOString().slice(0, 10)}&days=1`,
      practitioner,
    );
    const shown = diary.json.bookings.find((each: { id: string }) => each.id === session.id);
    expect(shown).toMatchObject({ status: 'confirmed', actions: [] });
  });

  it('a cancel racing her move is judged on the new start (20 tries)', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const session = await confirmedSession(db, client, openDays[6 + attempt]!.toISOString());
      // Her move brings it inside the client's notice period: from then on they cannot cancel here.
      const soon = new Date(NOW.getTime() + (3 + (attempt % 6)) * HOUR);
      const [moved, cancelled] = await Promise.all([
        request('POST', `/practice/bookings/${session.id}/move`, practitioner, {
          start: soon.toISOString(),
        }),
        request('POST', `/bookings/${session.id}/cancel`, client, {}),
      ]);
      const outcome = `${moved.status} ${cancelled.status}`;
      // Either the cancel came first (and there is nothing left to move), or the move did (and
      // the cancel is too late for the new time): never both.
      expect(['409 200', '200 422'], `try ${attempt}`).toContain(outcome);
      if (outcome === '200 422')
        expect(cancelled.json.detail).toMatch(/until 24 hours before they start/);
      await db.deleteFrom('bookings').execute();
    }
  });

  it('a confirm checks her hours as they are now, one-off and series alike', async () => {
    const start = openDays[7]!; // a Tuesday
    const asked = await ask(start);
    const series = await request('POST', '/series', racer, {
      serviceId: 1,
      start: new Date(start.getTime() + 2 * HOUR).toISOString(),
      note: '',
    });
    expect(series.status).toBe(201);
    const weeks = series.json.sessions.map((each: { start: string }) => each.start);
    // She takes the day of the first session and the third week's day off.
    const third = weeks[2] as string;
    const hours = await request('GET', '/practice/hours', practitioner);
    const saved = await request('PUT', '/practice/hours', practitioner, {
      ...hours.json.hours,
      daysOff: [start.toISOString().slice(0, 10), third.slice(0, 10)],
    });
    expect(saved.status).toBe(200);
    const confirm = await request('POST', `/bookings/${asked.json.id}/confirm`, practitioner);
    expect(confirm.status).toBe(409);
    expect(confirm.json.detail).toBe(
      'This request is outside your hours as they are now. Decline it, or change your hours first.',
    );
    const confirmed = await request('POST', `/series/${series.json.id}/confirm`, practitioner);
    expect(confirmed.status).toBe(200);
    const held = confirmed.json.sessions.filter(
      (each: { status: string }) => each.status === 'confirmed',
    );
    expect(held.map((each: { start: string }) => each.start)).toEqual(
      weeks.filter(
        (week: string) => week.slice(0, 10) !== start.toISOString().slice(0, 10) && week !== third,
      ),
    );
    expect(confirmed.json.skipped).toContain(third);
    expect(await overlapsInDiary(db)).toEqual([]);
  });

  it('no sequence of requests, confirms, cancels, moves and blocks leaves a live session inside a block or over another', async () => {
    // Half-hour starts on one day, so that sessions, moves and blocks run into one another.
    const day = openDays[12]!;
    const slot = (index: number) => new Date(day.getTime() + index * 30 * MINUTE);
    const clients = [client, racer, third];
    const pick = fc.nat({ max: 20 });
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('request' as const),
        who: fc.nat({ max: 2 }),
        at: fc.nat({ max: 11 }),
      }),
      fc.record({ kind: fc.constant('confirm' as const), pick }),
      fc.record({ kind: fc.constant('decline' as const), pick }),
      fc.record({ kind: fc.constant('cancel' as const), pick, byHer: fc.boolean() }),
      fc.record({
        kind: fc.constant('move' as const),
        pick,
        at: fc.nat({ max: 11 }),
        byHer: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('block' as const),
        at: fc.nat({ max: 11 }),
        halfHours: fc.integer({ min: 1, max: 4 }),
        cancelCovered: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('unblock' as const), pick }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        await emptyTables(db);
        const bookings: { id: string; who: (typeof clients)[number] }[] = [];
        const blocks: string[] = [];
        for (const each of steps) {
          const booking = bookings[('pick' in each ? each.pick : 0) % Math.max(1, bookings.length)];
          let answer: { status: number; json: { id?: string; block?: { id: string } } } | undefined;
          if (each.kind === 'request') {
            const who = clients[each.who]!;
            answer = await ask(slot(each.at), who);
            if (answer.status === 201 && answer.json.id) bookings.push({ id: answer.json.id, who });
          } else if (each.kind === 'block') {
            answer = await request('POST', '/practice/blocks', practitioner, {
              start: slot(each.at).toISOString(),
              end: slot(each.at + each.halfHours).toISOString(),
              cancelCovered: each.cancelCovered,
            });
            if (answer.status === 201 && answer.json.block) blocks.push(answer.json.block.id);
          } else if (each.kind === 'unblock') {
            const id = blocks[each.pick % Math.max(1, blocks.length)];
            if (id) answer = await request('DELETE', `/practice/blocks/${id}`, practitioner);
          } else if (booking) {
            const by = 'byHer' in each && !each.byHer ? booking.who : practitioner;
            // Her cancel and move are her own routes; confirm and decline are hers alone anyway.
            const path =
              by === practitioner && (each.kind === 'move' || each.kind === 'cancel')
                ? `/practice/bookings/${booking.id}/${each.kind}`
                : `/bookings/${booking.id}/${each.kind}`;
            answer =
              each.kind === 'move'
                ? await request('POST', path, by, { start: slot(each.at).toISOString() })
                : await request('POST', path, by, {});
          }
          if (answer) expect(answer.status, JSON.stringify(each)).toBeLessThan(500);
          expect(await overlapsInDiary(db), JSON.stringify(each)).toEqual([]);
        }
      }),
      // Each run is a dozen API calls: no shrinking, the first sequence that breaks it is told.
      { numRuns: 25, endOnFailure: true },
    );
  }, 120_000);
});
