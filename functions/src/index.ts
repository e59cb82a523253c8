import { getApps, initializeApp } from 'firebase-admin/app';
import { onRequest } from 'firebase-functions/v2/https';
import { practiceFacts } from '../../shared/practice';
import { serverConfig } from './config';
import { openDatabase } from './data/database';
import { loadServices } from './domain/services';
import { toApiRequest, writeApiResponse } from './http/adapters';
import { firebaseTokenVerifier } from './http/caller';
import { callEndpoint } from './http/endpoint';
import {
  internalError,
  methodNotAllowed,
  ProblemError,
  problemResponse,
  problems,
} from './http/problems';
import { matchRoute, type Method } from './http/routes';
import type { ApiContext, ApiRequest, ApiResponse } from './http/types';
import { createNotifier } from './mail/notifier';
import { smtpMailer } from './mail/transport';

/** The whole API as one function of a request; any server (Functions, node:http) can carry it. */
export function createApi(context: ApiContext) {
  return async (request: ApiRequest): Promise<ApiResponse> => {
    try {
      const route = matchRoute(request.path);
      if (!route) throw problems.notFound('There is nothing at this address. Check the link.');
      const method = (request.method === 'HEAD' ? 'GET' : request.method) as Method;
      const target = Object.hasOwn(route.methods, method) ? route.methods[method] : undefined;
      if (!target) throw methodNotAllowed(Object.keys(route.methods));
      return await callEndpoint(target, request, context, route.params);
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
    hours: practiceFacts.openingHours,
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
