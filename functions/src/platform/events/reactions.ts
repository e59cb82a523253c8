import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../database/database';
import { ProblemError } from '../http/problems';

/**
 * A change a capability publishes (a session cancelled, a series ended): data only, named by its
 * type and stamped with when it happened, so a reaction decides from that instant however late
 * it runs. The publisher owns its type (exported from its index.ts).
 */
export interface PublishedEvent {
  type: string;
  /** ISO instant of the change. */
  occurredAt: string;
}

/** What the publishing endpoint holds: publish inside its transaction, run after the commit. */
export interface Reactions {
  /** Runs the in-transaction reactions on `db`, and writes a durable row for each other one. */
  publish<E extends PublishedEvent>(db: Database, event: E): Promise<void>;
  /** Runs the durable reactions that are due (this event's and any left to retry): the minute job. */
  run(): Promise<void>;
  /**
   * What a request runs after its commit: the reactions it published (withRequestReactions; outside
   * one, those never tried yet), within the request's time budget. Those the budget leaves unstarted are left to the minute job as they
   * were; one it cuts off is tried again later, as any failure.
   */
  runInRequest(): Promise<void>;
  /**
   * One reaction by its id, if due and unclaimed, within the request's time budget (Try again):
   * what its try failed with, undefined when it did not fail (done, or not run).
   */
  runOne(id: string): Promise<{ failed: unknown } | undefined>;
}

/**
 * The request's time budget, as the wiring file binds it (payments' Stripe budget): `within`
 * runs work inside it, `spent` says nothing useful can start any more.
 */
export interface RequestBudget {
  within<T>(work: () => Promise<T>): Promise<T>;
  spent(): boolean;
}

/**
 * The reactions each request published, by id. A request runs its own and no other's: another
 * request's run (a webhook arriving meanwhile) taking one would leave its own answering before
 * the refund its caller asked for was made.
 */
const publishedInRequest = new AsyncLocalStorage<Set<string>>();

/** Runs one request with its own list of the reactions it publishes (the router wraps each). */
export function withRequestReactions<T>(work: () => Promise<T>): Promise<T> {
  return publishedInRequest.run(new Set(), work);
}

/** How long to wait before the next try of a failed reaction, and when to give up. */
export const REACTION_RETRY = { firstWaitMinutes: 1, factor: 4, attempts: 8, claimMinutes: 5 };

type Handler<E, C> = (event: E, context: C) => Promise<void>;
type InTransaction<E, C> = (db: Database, event: E, context: C) => Promise<void>;

/**
 * The generic runner: knows no capability. Subscribers are listed once, at start-up, in the
 * wiring file (functions/src/reactions.ts). A durable reaction (one that calls another service)
 * is a row written with the change: claimed with `skip locked` (a claim lapses if its runner
 * dies), retried with a growing wait, and given up with a note after its last try. A handler
 * must be safe to run again: it may have done its work just before a failure was recorded.
 */
export function createReactions<
  E extends PublishedEvent,
  C extends { db: Database; now: () => Date },
>() {
  const inTransaction = new Map<string, InTransaction<E, C>[]>();
  const durable = new Map<string, { name: string; type: string }[]>();
  const handlers = new Map<string, Handler<E, C>>();

  return {
    /** A reaction that commits or fails with the change (a message, an offer). */
    within<T extends E['type']>(type: T, react: InTransaction<Extract<E, { type: T }>, C>) {
      inTransaction.set(type, [...(inTransaction.get(type) ?? []), react as InTransaction<E, C>]);
    },
    /** A reaction that calls another service: from the durable queue, after the commit. */
    durably<T extends E['type']>(
      type: T,
      name: string,
      react: Handler<Extract<E, { type: T }>, C>,
    ) {
      if (handlers.has(name)) throw new Error(`Two reactions named ${name}`);
      handlers.set(name, react as Handler<E, C>);
      durable.set(type, [...(durable.get(type) ?? []), { name, type }]);
    },
    /** Binds the reactions to the API's context: what an endpoint holds. */
    bind(context: () => C, budget?: RequestBudget): Reactions {
      return {
        publish: async (db, event) => {
          for (const react of inTransaction.get(event.type) ?? [])
            await react(db, event as unknown as E, context());
          const now = context().now();
          for (const { name } of durable.get(event.type) ?? []) {
            const { id } = await db
              .insertInto('session_reactions')
              .values({
                handler: name,
                event: JSON.stringify(event),
                next_attempt_at: now,
                created_at: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            // A transaction tried again publishes again: the rolled-back ids are simply not found.
            publishedInRequest.getStore()?.add(String(id));
          }
        },
        run: async () => {
          await runDueReactions(context(), handlers);
        },
        runInRequest: async () => {
          const mine = publishedInRequest.getStore();
          if (mine?.size === 0) return;
          const ids = mine ? [...mine] : undefined;
          mine?.clear();
          const run = () =>
            runDueReactions(context(), handlers, {
              budget,
              neverTried: true,
              ...(ids && { ids }),
            });
          await (budget ? budget.within(run) : run());
        },
        runOne: async (id) => {
          const run = () => runDueReactions(context(), handlers, { budget, only: id });
          const failures = await (budget ? budget.within(run) : run());
          return failures.has(id) ? { failed: failures.get(id) } : undefined;
        },
      };
    },
  };
}

/**
 * Claims the due reactions, runs each, and records done, the next try, or giving up. Answers
 * what each that failed this time failed with, by its id.
 */
async function runDueReactions<E, C extends { db: Database; now: () => Date }>(
  context: C,
  handlers: Map<string, Handler<E, C>>,
  options: {
    budget?: RequestBudget | undefined;
    neverTried?: boolean;
    only?: string;
    ids?: readonly string[];
  } = {},
): Promise<Map<string, unknown>> {
  const failures = new Map<string, unknown>();
  const now = context.now();
  const claimed = await context.db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('session_reactions')
      .select(['id', 'handler', 'event', 'attempts'])
      .where('done_at', 'is', null)
      .where('given_up_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      // A request runs only what was just published: retries are the minute job's.
      .$if(options.neverTried === true, (query) => query.where('attempts', '=', 0))
      .$if(options.only !== undefined, (query) => query.where('id', '=', options.only ?? ''))
      .$if(options.ids !== undefined, (query) => query.where('id', 'in', options.ids ?? []))
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('created_at')
      .limit(20)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return due;
    await trx
      .updateTable('session_reactions')
      .set({
        claimed_until: new Date(now.getTime() + REACTION_RETRY.claimMinutes * 60_000),
        attempts: (eb) => eb('attempts', '+', 1),
      })
      .where(
        'id',
        'in',
        due.map((row) => row.id),
      )
      .execute();
    return due;
  });
  for (const [index, row] of claimed.entries()) {
    if (options.budget?.spent()) {
      await releaseClaims(context.db, claimed.slice(index));
      return failures;
    }
    const handler = handlers.get(row.handler);
    const event = (typeof row.event === 'string' ? JSON.parse(row.event) : row.event) as E;
    try {
      if (!handler) throw new Error(`No reaction named ${row.handler}`);
      await handler(event, context);
      await context.db
        .updateTable('session_reactions')
        .set({ done_at: context.now(), claimed_until: null })
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      failures.set(row.id, error);
      // Logged and noted by its kind only: a service's message can echo what was sent.
      const kind = error instanceof Error ? error.name : 'unknown';
      console.error(`Reaction ${row.handler} failed:`, kind);
      const attempts = row.attempts + 1;
      const last = attempts >= REACTION_RETRY.attempts;
      const wait = REACTION_RETRY.firstWaitMinutes * REACTION_RETRY.factor ** (attempts - 1);
      await context.db
        .updateTable('session_reactions')
        .set({
          claimed_until: null,
          next_attempt_at: new Date(context.now().getTime() + wait * 60_000),
          ...(last && { given_up_at: context.now() }),
          note: `${last ? 'Given up' : 'Will try again'} after ${attempts} tries: ${kind}`,
          // A problem's detail is a sentence of ours, with no data in it: she reads it.
          reason: error instanceof ProblemError ? error.problem.detail : null,
        })
        .where('id', '=', row.id)
        .execute();
    }
  }
  return failures;
}

/** Claims given back untried (the request's budget is spent): as they were, for the minute job. */
async function releaseClaims(db: Database, rows: readonly { id: string; attempts: number }[]) {
  for (const row of rows)
    await db
      .updateTable('session_reactions')
      .set({ claimed_until: null, attempts: row.attempts })
      .where('id', '=', row.id)
      .execute();
}
