import type { Endpoint } from './endpoint';

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
