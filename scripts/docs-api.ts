// `npm run docs:api`: writes the API's route list into docs/api.md, between the marker comments,
// from the route table itself. `docs-api.test.ts` (in `npm run test:unit`) fails when it is stale.
// The function's code uses extensionless imports, which plain Node cannot load: Vite loads it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The module that exports the route table (`routes`), from the repository's root. */
export const ROUTES_MODULE = 'functions/src/routes.ts';
export const API_DOC = 'docs/api.md';
export const BEGIN =
  '<!-- route-list: begin (written by `npm run docs:api` from the route table) -->';
export const END = '<!-- route-list: end -->';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the list needs of an endpoint: who may call it, and whether it takes a body. */
export interface RouteEndpoint {
  auth: string;
  body?: unknown;
  query?: unknown;
}
export type RouteTable = Readonly<Record<string, Partial<Record<string, RouteEndpoint>>>>;

const WHO: Record<string, string> = {
  anyone: 'anyone (`anyone`)',
  client: 'signed in (`client`)',
  verified: 'signed in, email verified (`verified`)',
  practitioner: 'the practitioner (`practitioner`)',
};

/** The route list as a markdown table, in the route table's order (the router's). */
export function routeListMarkdown(routes: RouteTable): string {
  const rows = Object.entries(routes).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, endpoint]) => {
      if (!endpoint || !(endpoint.auth in WHO))
        throw new Error(`${method} ${route}: unknown access ${String(endpoint?.auth)}`);
      const takes = [endpoint.body && 'body', endpoint.query && 'query'].filter(Boolean).join(', ');
      return `| ${method} | \`/api${route}\` | ${WHO[endpoint.auth]} | ${takes || '–'} |`;
    }),
  );
  return [
    '| Method | Path | Who may call | Checked input |',
    '| ------ | ---- | ------------ | ------------- |',
    ...rows,
  ].join('\n');
}

/** The document with the list between the markers replaced. */
export function withRouteList(doc: string, list: string): string {
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${API_DOC} lacks the markers ${BEGIN} … ${END}`);
  return `${doc.slice(0, begin + BEGIN.length)}\n\n${list}\n\n${doc.slice(end)}`;
}

/** Loads the route table through Vite, which resolves the function's extensionless imports. */
export async function loadRoutes(): Promise<RouteTable> {
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const module = await server.ssrLoadModule(path.join(root, ROUTES_MODULE));
    return module.routes as RouteTable;
  } finally {
    await server.close();
  }
}

/** docs/api.md as it should be: the file on disk with today's route list, as Prettier writes it. */
export async function expectedApiDoc(): Promise<{ actual: string; expected: string }> {
  const file = path.join(root, API_DOC);
  const actual = fs.readFileSync(file, 'utf8');
  const prettier = await import('prettier');
  const options = { ...(await prettier.resolveConfig(file)), filepath: file };
  const expected = await prettier.format(
    withRouteList(actual, routeListMarkdown(await loadRoutes())),
    options,
  );
  return { actual, expected };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { actual, expected } = await expectedApiDoc();
  if (actual === expected) console.log(`${API_DOC}: the route list is up to date.`);
  else {
    fs.writeFileSync(path.join(root, API_DOC), expected);
    console.log(`${API_DOC}: route list written from ${ROUTES_MODULE}.`);
  }
}
