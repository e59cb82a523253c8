import { sql } from 'kysely';
import { createAccount } from '../../testing/accounts';
import { API_TESTS_LINK_SECRET } from '../../testing/api-server';
import { useApiStack } from '../../testing/api-stack';
import { DATABASE_KINDS } from '../../testing/databases';
import { signedQuery } from './signed-links';

const NOW = new Date('2027-03-01T09:00:00Z');
const PAID = new Date('2027-02-22T10:00:00Z');

describe.each(DATABASE_KINDS)('revoking the emailed receipt links on %s', (kind) => {
  const { db, request, api } = useApiStack(kind, {
    now: () => NOW,
    // No call reaches Stripe here: the signed PDF is drawn from our own rows.
    stripe: { apiUrl: 'http://127.0.0.1:9', webhookSecret: 'whsec_revocation_tests' },
  });

  /** A paid payment of a new client, and its emailed link as issued at `at`. */
  async function paidReceipt() {
    const client = await createAccount({ name: 'Ada Client' });
    const [payment] = (
      await sql<{ id: string }>`
        insert into payments (client_uid, client_email, client_name, service_id, amount, currency,
          status, paid_at, receipt_year, receipt_sequence, created_at, updated_at)
        values (${client.uid}, ${client.email}, 'Ada Client', 1, 6000, 'GBP', 'paid',
          ${PAID}, 2027, 1, ${PAID}, ${PAID})
        returning id`.execute(db)
    ).rows;
    const id = payment!.id;
    const linkAt = (at: Date) =>
      `${api.url}/payments/${id}/signed-receipt.pdf?${signedQuery(API_TESTS_LINK_SECRET, 'receipt', id, at)}`;
    return { client, linkAt };
  }

  it('stops every link of a deleted account (404)', async () => {
    const { client, linkAt } = await paidReceipt();
    const link = linkAt(PAID);
    expect((await fetch(link)).status).toBe(200);
    expect((await request('POST', '/account/deletion', client)).status).toBe(200);
    expect((await fetch(link)).status).toBe(404);
  });

  it('stops the links sent so far when the client asks; a link sent later opens', async () => {
    const { client, linkAt } = await paidReceipt();
    const old = linkAt(PAID);
    expect((await fetch(old)).status).toBe(200);
    const revoked = await request('POST', '/account/receipt-links/revocation', client);
    expect(revoked).toMatchObject({ status: 200, json: { revokedAt: NOW.toISOString() } });
    const answer = await fetch(old);
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { detail: string }).detail).toMatch(/Sign in and open/);
    expect((await fetch(linkAt(new Date('2027-03-01T10:00:00Z')))).status).toBe(200);
  });
});
