import { sql } from 'kysely';
import type { MailMessage, Mailer } from '../platform/mail/transport';
import type { TestAccount } from '../testing/accounts';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';

// An email the outbox could not deliver for a day is given up; she sees it beside the refunds
// given up, newest first, and can send it again: once.
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const HOUR = 3_600_000;
const PRACTICE_EMAIL = 'diary@practice.test';

const { client, secondClient, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  secondClient: { name: 'Ben Client' },
  practitioner: { practitioner: true },
});

/** A mail server the test can turn off: refusing, every send throws an SMTP-like error. */
function switchableMailer() {
  const sent: MailMessage[] = [];
  let refusing = false;
  const mailer: Mailer = {
    async send(message) {
      if (refusing) throw new Error('421 4.3.2 Service not available, closing channel');
      sent.push(message);
    },
  };
  return { mailer, sent, refuse: (value: boolean) => (refusing = value) };
}

interface Item {
  kind: string;
  id: string;
  givenUpAt: string;
  what: string;
  why: string;
  tries: number;
}

describe.each(DATABASE_KINDS)('an email given up, on %s', (kind) => {
  let clock = NOW;
  const mail = switchableMailer();
  const { db, api, request } = useApiStack(kind, {
    now: () => clock,
    practiceEmail: PRACTICE_EMAIL,
    mailer: mail.mailer,
    beforeEach: () => {
      clock = NOW;
      mail.sent.length = 0;
      mail.refuse(false);
    },
  });
  const givenUp = async () => {
    const answer = await request('GET', '/practice/given-up', practitioner);
    expect(answer.status).toBe(200);
    return (answer.json as { items: Item[] }).items;
  };

  /** A request whose two emails the mail server refuses for a day, until the outbox gives up. */
  async function requestNobodyHears(who: TestAccount, start: string) {
    mail.refuse(true);
    expect((await request('POST', '/bookings', who, { serviceId: 1, start })).status).toBe(201);
    await api.deliveryIdle();
    for (let round = 0; round < 100; round += 1) {
      const due = await sql<{
        next_attempt_at: Date;
      }>`select next_attempt_at from messages where status = 'pending' order by next_attempt_at limit 1`.execute(
        db,
      );
      const next = due.rows[0]?.next_attempt_at;
      if (!next) break;
      clock = new Date(next);
      await api.runOutbox();
    }
    mail.refuse(false);
  }

  it('appears newest first, and trying again sends it once', async () => {
    await requestNobodyHears(client, '2027-03-10T10:00:00Z');
    clock = new Date(clock.getTime() + HOUR);
    await requestNobodyHears(secondClient, '2027-03-11T10:00:00Z');
    const items = await givenUp();
    expect(items.map((item) => item.what)).toEqual([
      expect.stringMatching(
        /^The (new request email to diary@practice\.test|request received email to client-)/,
      ),
      expect.stringMatching(
        /^The (new request email to diary@practice\.test|request received email to client-)/,
      ),
      expect.stringMatching(
        /^The (new request email to diary@practice\.test|request received email to client-)/,
      ),
      expect.stringMatching(
        /^The (new request email to diary@practice\.test|request received email to client-)/,
      ),
    ]);
    expect(items.slice(0, 2).map((item) => item.what)).toContain(
      `The request received email to ${secondClient.email}`,
    );
    expect(items.slice(2).map((item) => item.what)).toContain(
      `The request received email to ${client.email}`,
    );
    expect(items.map((item) => item.givenUpAt)).toEqual(
      items
        .map((item) => item.givenUpAt)
        .sort()
        .reverse(),
    );
    const toAda = items.find((item) => item.what.endsWith(client.email));
    expect(toAda).toEqual({
      kind: 'email',
      id: expect.any(String),
      givenUpAt: expect.any(String),
      what: `The request received email to ${client.email}`,
      why: expect.stringMatching(/^it could not be delivered; given up after \d+ tries\.$/),
      tries: expect.any(Number),
    });
    expect((await request('GET', '/practice/given-up', client)).status).toBe(403);

    const again = await request(
      'POST',
      `/practice/given-up/email/${toAda?.id}/try-again`,
      practitioner,
    );
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ outcome: 'sending' });
    await api.deliveryIdle();
    clock = new Date(clock.getTime() + HOUR);
    await api.runOutbox();
    expect(mail.sent.map((message) => [message.to, message.subject])).toEqual([
      [client.email, expect.stringMatching(/^We have your request: Individual Therapy/)],
    ]);
    expect((await givenUp()).map((item) => item.id)).not.toContain(toAda?.id);
    expect((await givenUp()).length).toBe(3);
    const twice = await request(
      'POST',
      `/practice/given-up/email/${toAda?.id}/try-again`,
      practitioner,
    );
    expect(twice.status).toBe(404);
    expect(twice.json.detail).toMatch(/no longer waiting for you/);
  });

  it('marked as dealt with, it is no longer listed and is not sent; undone, it is back', async () => {
    await requestNobodyHears(client, '2027-03-10T10:00:00Z');
    const [first, second] = await givenUp();
    const path = `/practice/given-up/email/${first?.id}/dealt-with`;
    expect((await request('POST', path, practitioner)).status).toBe(200);
    expect(await givenUp()).toEqual([second]);
    await api.runOutbox();
    expect(mail.sent).toEqual([]);
    expect((await request('DELETE', path, practitioner)).status).toBe(200);
    expect((await givenUp()).map((item) => item.id).sort()).toEqual([first?.id, second?.id].sort());
    const undoTwice = await request('DELETE', path, practitioner);
    expect(undoTwice.status).toBe(404);
    expect(undoTwice.contentType).toMatch(/^application\/problem\+json/);
  });
});
