import { getApps, initializeApp } from 'firebase-admin/app';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { practiceFacts } from '../../shared/practice';
import { PRACTICE_TIME_ZONE } from '../../shared/time';
import { serverConfig } from './platform/settings';
import { openDatabase } from './platform/database/database';
import { loadServices } from './platform/services';
import { toApiRequest, writeApiResponse } from './platform/http/adapters';
import {
  firebaseIdentityDeletion,
  firebaseAccountAdmin,
  firebaseTokenVerifier,
  firebaseUserLookup,
} from './platform/http/caller';
import { internalError, problemResponse } from './platform/http/problems';
import { handleRequests, type RouteTable } from './platform/http/router';
import { withRequestReactions } from './platform/events/reactions';
import { routes } from './routes';
import { sessionReactions } from './reactions';
import { seedingRoutes } from './seeding';
import { keepPracticeSessionAlive } from './passkeys';
import type { ApiContext, CalendarReadingSettings } from './platform/http/types';
import { applyRetention } from './retention';
import { declineLapsedRequests } from './bookings';
import { rollSeries } from './series';
import { lapseWaitlist } from './waitlist';
import { refreshBusyCalendar } from './busy-calendar';
import { deliveryKick, runOutbox, type OutboxSettings } from './messages';
import { releaseStaleOpenings, requestBudget, retryPendingRefunds } from './payments';
import { smtpMailer } from './platform/mail/transport';

/**
 * The whole API as one function of a request; any server (Functions, node:http) can carry it.
 * `extra`: the browser tests' seeding routes, on their stack only. The session events' reactions
 * are bound to its context (reactions.ts); `reactions.run` is also the scheduled retry.
 */
export function createApi(
  settings: Omit<ApiContext, 'reactions' | 'practiceActivity'>,
  extra: RouteTable = {},
) {
  const context: ApiContext = {
    ...settings,
    practiceActivity: keepPracticeSessionAlive,
    // A request's run of the queue keeps to its Stripe budget; the minute job's does not.
    reactions: sessionReactions.bind(
      () => context,
      requestBudget(() => context),
    ),
  };
  const handle = handleRequests({ ...routes, ...extra }, context);
  // Each request runs the reactions it published, and no other request's.
  const handleEach = (request: Parameters<typeof handle>[0]) =>
    withRequestReactions(() => handle(request));
  return Object.assign(handleEach, {
    reactions: context.reactions,
    /** What the handlers are given (the scheduled jobs that need the API's settings take it). */
    context,
  });
}

interface Runtime {
  api: ReturnType<typeof createApi>;
  outbox: OutboxSettings;
  context: ApiContext;
  calendarReading: CalendarReadingSettings;
}
let runtimePromise: Promise<Runtime> | undefined;

/** Built on the first call (module load stays quick); the migrations run then. */
async function productionRuntime(): Promise<Runtime> {
  const config = serverConfig(process.env, process.cwd());
  if (getApps().length === 0) initializeApp();
  const services = loadServices();
  const db = await openDatabase(config.database);
  const now = () => new Date();
  const outbox: OutboxSettings = {
    db,
    mailer: smtpMailer(config.smtpUrl, config.mailFrom),
    practiceEmail: config.practiceEmail,
    siteUrl: config.siteUrl,
    services,
    meetingHost: config.meetingHost,
    ...(config.texts && { texts: config.texts }),
  };
  const kick = deliveryKick(outbox, now);
  const calendarReading: CalendarReadingSettings = {
    ...(config.allowLocalCalendarFeeds && { allowLocalFeeds: true }),
  };
  // The emulators run no schedule: the local stacks ask for the same work on a timer instead.
  if (config.outboxTimerSeconds) {
    setInterval(() => {
      rollSeries({ ...outbox, reactions: api.reactions }, now())
        .then(() => declineLapsedRequests({ ...outbox, reactions: api.reactions }, now()))
        .then(() => lapseWaitlist(outbox, now()))
        .then(() => applyRetention(outbox.db, now()))
        .then(() => runOutbox(outbox, now))
        .then(() => api.reactions.run())
        .then(() => retryPendingRefunds(api.context, now()))
        .then(() => releaseStaleOpenings(outbox.db, now()))
        .then(() => refreshBusyCalendar(outbox.db, calendarReading, now()))
        .catch((error: unknown) =>
          console.error(
            'Scheduled work failed:',
            error instanceof Error ? error.message : 'unknown',
          ),
        );
    }, config.outboxTimerSeconds * 1000).unref();
  }
  const settings: Omit<ApiContext, 'reactions' | 'practiceActivity'> = {
    db,
    services,
    hours: practiceFacts.openingHours,
    now,
    verifyToken: firebaseTokenVerifier(),
    findUser: firebaseUserLookup(),
    deleteIdentity: firebaseIdentityDeletion(),
    accounts: firebaseAccountAdmin(),
    passkeys: { ...config.passkeys, rpName: practiceFacts.name },
    outbox: { practiceEmail: config.practiceEmail, deliver: kick.deliver },
    siteUrl: config.siteUrl,
    meetingHost: config.meetingHost,
    calendarReading,
    ...(config.texts && { texts: config.texts }),
    ...(config.stripe && {
      payments: {
        secretKey: config.stripe.secretKey,
        ...(config.stripe.apiUrl && { apiUrl: config.stripe.apiUrl }),
        webhookSecret: config.stripe.webhookSecret,
        linkSecret: config.stripe.linkSecret,
        siteUrl: config.siteUrl,
      },
    }),
  };
  const api = createApi(settings, config.browserTestSeeding ? seedingRoutes : {});
  return { api, outbox, context: api.context, calendarReading };
}

function runtime(): Promise<Runtime> {
  runtimePromise ??= productionRuntime().catch((error: unknown) => {
    runtimePromise = undefined;
    throw error;
  });
  return runtimePromise;
}

export const api = onRequest(
  { region: 'europe-west2', invoker: 'public' },
  async (request, response) => {
    try {
      const { api: handle } = await runtime();
      writeApiResponse(response, await handle(toApiRequest(request, request.rawBody)));
    } catch (error) {
      console.error('API not ready:', error instanceof Error ? error.message : 'unknown');
      writeApiResponse(response, problemResponse(internalError()));
    }
  },
);

/**
 * Cloud Scheduler, every hour: standing series booked to the end of the horizon (each new week,
 * or the word that it is not free), requests not answered by their start declined (the client
 * told), and waiting-list entries warned before they lapse and ended when they have.
 * Idempotent: a second run, even at once, books and deletes nothing twice.
 */
export const series = onSchedule(
  { schedule: 'every 60 minutes', region: 'europe-west2', timeZone: PRACTICE_TIME_ZONE },
  async () => {
    const { outbox: settings, api: handle } = await runtime();
    await rollSeries({ ...settings, reactions: handle.reactions }, new Date());
    await declineLapsedRequests({ ...settings, reactions: handle.reactions }, new Date());
    await lapseWaitlist(settings, new Date());
    // A skipped week's money (the minute's run would also take it).
    await handle.reactions.run();
  },
);

/**
 * Cloud Scheduler, every hour: the retention schedule (shared/retention.ts) applied, each kind of
 * data deleted once its period has passed. Idempotent: a second run at once deletes nothing more.
 */
export const retention = onSchedule(
  { schedule: 'every 60 minutes', region: 'europe-west2', timeZone: PRACTICE_TIME_ZONE },
  async () => {
    const { outbox: settings } = await runtime();
    await applyRetention(settings.db, new Date());
  },
);

/**
 * Cloud Scheduler, every minute: reminders that have come due, messages never sent or due for
 * another try, and the pruning of old ones; refunds Stripe has not yet made asked again;
 * Checkout openings left unfinished released.
 * Idempotent: a second run at once finds nothing to do.
 */
export const outbox = onSchedule(
  { schedule: 'every 1 minutes', region: 'europe-west2', timeZone: PRACTICE_TIME_ZONE },
  async () => {
    const { outbox: settings, api: handle, context } = await runtime();
    await runOutbox(settings, () => new Date());
    // Session events' reactions left to retry, then refunds Stripe has not settled yet.
    await handle.reactions.run();
    await retryPendingRefunds(context, new Date());
    // Checkouts whose opening request never finished: the next Pay may open one at once.
    await releaseStaleOpenings(context.db, new Date());
  },
);

/**
 * Cloud Scheduler, every 15 minutes (BUSY_CALENDAR_RULES.refreshMinutes): her own calendar read
 * again, its busy times replacing the last good ones; a failed read keeps them. Idempotent: a
 * second run at once reads nothing.
 */
export const busyCalendar = onSchedule(
  { schedule: 'every 15 minutes', region: 'europe-west2', timeZone: PRACTICE_TIME_ZONE },
  async () => {
    const { outbox: settings, calendarReading } = await runtime();
    await refreshBusyCalendar(settings.db, calendarReading, new Date());
  },
);
