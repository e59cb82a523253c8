import { getApps, initializeApp } from 'firebase-admin/app';
import { onRequest } from 'firebase-functions/v2/https';
import { practice } from '../../src/content/practice';
import { serverConfig } from './config';
import { openDatabase } from './data/database';
import { loadServices } from './domain/services';
import { toApiRequest, writeApiResponse } from './http/adapters';
import { confirmBooking, declineBooking } from './http/answer-request';
import { availability } from './http/availability';
import { cancelBooking } from './http/cancel-booking';
import { firebaseTokenVerifier } from './http/caller';
import { createBlock } from './http/create-block';
import { createBooking } from './http/create-booking';
import { deleteBlock } from './http/delete-block';
import { deleteMyBookings } from './http/delete-my-bookings';
import { health } from './http/health';
import { myBookings } from './http/my-bookings';
import { practiceDiary } from './http/practice-diary';
import {
  internalError,
  methodNotAllowed,
  ProblemError,
  problemResponse,
  problems,
} from './http/problems';
import type { ApiContext, ApiRequest, ApiResponse, Handler } from './http/types';
import { createNotifier } from './mail/notifier';
import { smtpMailer } from './mail/transport';

/** Paths after /api; `:id` is one path segment. */
const routes: Record<string, Partial<Record<string, Handler>>> = {
  '/health': { GET: health },
  '/availability': { GET: availability },
  '/bookings': { GET: myBookings, POST: createBooking },
  '/bookings/:id/cancel': { POST: cancelBooking },
  '/bookings/:id/confirm': { POST: confirmBooking },
  '/bookings/:id/decline': { POST: declineBooking },
  '/practice/bookings': { GET: practiceDiary },
  '/practice/blocks': { POST: createBlock },
  '/practice/blocks/:id': { DELETE: deleteBlock },
  '/account/bookings': { DELETE: deleteMyBookings },
};

function match(
  path: string,
): { methods: Partial<Record<string, Handler>>; params: Record<string, string> } | undefined {
  const segments = path.split('/');
  for (const [pattern, methods] of Object.entries(routes)) {
    const parts = pattern.split('/');
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = parts.every((part, index) => {
      const segment = segments[index] ?? '';
      if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(segment);
      return part.startsWith(':') ? segment !== '' : part === segment;
    });
    if (fits) return { methods, params };
  }
  return undefined;
}

/** The whole API as one function of a request; any server (Functions, node:http) can carry it. */
export function createApi(context: ApiContext) {
  return async (request: ApiRequest): Promise<ApiResponse> => {
    try {
      const route = match(request.path);
      if (!route) throw problems.notFound('There is nothing at this address. Check the link.');
      const handler = route.methods[request.method === 'HEAD' ? 'GET' : request.method];
      if (!handler) throw methodNotAllowed(Object.keys(route.methods));
      return await handler(request, context, route.params);
    } catch (error) {
      if (error instanceof ProblemError) return problemResponse(error);
      // Name and message only: a database error's details could quote the client's note.
      console.error(
        'API error:',
        error instanceof Error ? `${error.name}: ${error.message}` : 'unknown',
      );
      return problemResponse(internalError());
    }
  };
}

let apiPromise: Promise<ReturnType<typeof createApi>> | undefined;

/** Built on the first request (module load stays quick); the migrations run then. */
async function productionApi() {
  const config = serverConfig(process.env, process.cwd());
  if (getApps().length === 0) initializeApp();
  const services = loadServices();
  const db = await openDatabase(config.database);
  return createApi({
    db,
    services,
    hours: practice.openingHours,
    now: () => new Date(),
    verifyToken: firebaseTokenVerifier(),
    notify: createNotifier({
      mailer: smtpMailer(config.smtpUrl, config.mailFrom),
      practiceEmail: config.practiceEmail,
      siteUrl: config.siteUrl,
      services,
    }),
  });
}

export const api = onRequest(
  { region: 'europe-west2', invoker: 'public' },
  async (request, response) => {
    apiPromise ??= productionApi().catch((error: unknown) => {
      apiPromise = undefined;
      throw error;
    });
    try {
      const handle = await apiPromise;
      writeApiResponse(response, await handle(toApiRequest(request, request.rawBody)));
    } catch (error) {
      console.error('API not ready:', error instanceof Error ? error.message : 'unknown');
      writeApiResponse(response, problemResponse(internalError()));
    }
  },
);
