import type { Database } from '../platform/database/database';
import type { MailMessage, Mailer } from '../platform/mail/transport';
import type { TestAccount } from './accounts';
import { call, startApiServer, type ApiServerOptions } from './api-server';
import { emptyTables, freshDatabase, type DatabaseKind } from './databases';
import { localEnv } from './local-env';

export type ApiServer = Awaited<ReturnType<typeof startApiServer>>;

export interface ApiStackOptions extends Omit<ApiServerOptions, 'db' | 'smtpUrl' | 'mailer'> {
  /** Instead of collecting every message in `sent` (a mail server that fails on purpose). */
  mailer?: Mailer;
  /** Runs before each test once the last test's mail is out and the tables are empty. */
  beforeEach?: () => void;
}

/**
 * Something a hook makes before the tests run, usable from the start: each property is read
 * from the real thing when it is used (inside a hook or a test), so `const { db } = …` works.
 */
function madeInHook<T extends object>(what: string, current: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_, key) {
      const real = current();
      if (!real) throw new Error(`The ${what} is made in beforeAll: use it in a hook or a test.`);
      const value: unknown = Reflect.get(real, key, real);
      return typeof value === 'function' ? value.bind(real) : value;
    },
  });
}

/**
 * The API tests' stack for one database kind, as hooks of the enclosing describe: a fresh
 * database and the API over it (beforeAll); before each test the last test's mail delivered,
 * every table emptied, `sent` cleared and then `options.beforeEach` (e.g. the clock back to
 * its start); the server and database closed after all.
 */
export function useApiStack(kind: DatabaseKind, options: ApiStackOptions) {
  let db: Database | undefined;
  let api: ApiServer | undefined;
  const sent: MailMessage[] = [];
  const { mailer, beforeEach: reset, ...serverOptions } = options;
  const collecting: Mailer = {
    async send(message) {
      sent.push(message);
    },
  };
  const stack = {
    db: madeInHook<Database>('database', () => db),
    api: madeInHook<ApiServer>('API server', () => api),
    /** Every message the API has handed to the mailer since the test began. */
    sent,
    /** A call to the API as `who` (signed out without one), with a JSON body if given. */
    request: (method: string, path: string, who?: TestAccount, body?: unknown) =>
      call(stack.api.url, method, path, {
        ...(who && { token: who.idToken }),
        ...(body !== undefined && { body }),
      }),
    /** The last message to `to` whose subject matches, once delivery is idle (fails if none). */
    mailTo: async (to: string, subject: RegExp) => {
      await stack.api.deliveryIdle();
      const found = sent.filter((message) => message.to === to && subject.test(message.subject));
      expect(found.length, `an email to ${to} matching ${subject}`).toBeGreaterThan(0);
      return found.at(-1) as MailMessage;
    },
  };

  beforeAll(async () => {
    db = await freshDatabase(kind);
    api = await startApiServer({
      ...serverOptions,
      db,
      smtpUrl: localEnv.smtpUrl(),
      mailer: mailer ?? collecting,
    });
  });
  afterAll(async () => {
    await api?.deliveryIdle();
    await api?.close();
    await db?.destroy();
  });
  beforeEach(async () => {
    await stack.api.deliveryIdle();
    await emptyTables(stack.db);
    sent.length = 0;
    reset?.();
  });
  return stack;
}

export type ApiStack = ReturnType<typeof useApiStack>;
