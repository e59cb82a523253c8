import { LIMIT_SENTENCES } from '../../../../shared/limits';
import { callEndpoint, type Endpoint } from './endpoint';
import {
  internalError,
  methodNotAllowed,
  ProblemError,
  problemResponse,
  problems,
} from './problems';
import type { ApiContext, ApiRequest, ApiResponse } from './types';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Endpoints by path after /api (`:id` is one path segment) and method; the first pattern that fits wins. */
export type RouteTable = Readonly<Record<string, Partial<Record<Method, Endpoint>>>>;

export function matchRoute(
  routes: RouteTable,
  path: string,
): { methods: Partial<Record<Method, Endpoint>>; params: Record<string, string> } | undefined {
  const segments = path.split('/');
  for (const [pattern, methods] of Object.entries(routes)) {
    const parts = pattern.split('/');
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = parts.every((part, index) => {
      const segment = segments[index] ?? '';
      if (!part.startsWith(':')) return part === segment;
      params[part.slice(1)] = safeDecode(segment);
      return segment !== '';
    });
    if (fits) return { methods, params };
  }
  return undefined;
}

/** A malformed escape (`%E0%A4`) is kept as it is: the handler then finds no such id. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Requests to the route table's endpoints: unknown paths, methods and oversized bodies answered here. */
export function handleRequests(routes: RouteTable, context: ApiContext) {
  return async (request: ApiRequest): Promise<ApiResponse> => {
    try {
      const route = matchRoute(routes, request.path);
      if (!route) throw problems.notFound('There is nothing at this address. Check the link.');
      const method = (request.method === 'HEAD' ? 'GET' : request.method) as Method;
      const target = Object.hasOwn(route.methods, method) ? route.methods[method] : undefined;
      if (!target) throw methodNotAllowed(Object.keys(route.methods));
      if (request.bodyTooLarge)
        throw problems.bodyTooLarge(LIMIT_SENTENCES.bodyTooLarge(request.bodyTooLarge));
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
