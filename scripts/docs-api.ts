// `npm run docs:api`: writes the API's route list into docs/api.md, and the table of who may do
// what to whom into docs/api.md and docs/passkeys.md, between the marker comments, from the code.
// `docs-api.test.ts` (in `npm run test:unit`) fails when either is stale.
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
/** The table of who may do what to whom, in docs/api.md and docs/passkeys.md. */
export const ACCESS_MODULE = 'functions/src/platform/http/access-table.ts';
export const ACCESS_DOCS = ['docs/api.md', 'docs/passkeys.md'];
export const ACCESS_BEGIN =
  '<!-- access-table: begin (written by `npm run docs:api` from platform/http/access-table.ts) -->';
export const ACCESS_END = '<!-- access-table: end -->';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the list needs of an endpoint: who may call it, and whether it takes a body. */
export interface RouteEndpoint {
  auth: string;
  body?: unknown;
  query?: unknown;
  /** What the caller must be to the thing a client route names. */
  relation?: { thing: string; who: readonly string[] };
}
export type RouteTable = Readonly<Record<string, Partial<Record<string, RouteEndpoint>>>>;

const WHO: Record<string, string> = {
  anyone: 'anyone (`anyone`)',
  client: 'signed in (`client`)',
  verified: 'signed in, email verified (`verified`)',
  practitioner: 'the practitioner (`practitioner`)',
};

/** "the booking's booker or participant" */
const relationText = (relation: NonNullable<RouteEndpoint['relation']>) =>
  `the ${relation.thing}'s ${relation.who.join(' or ')}`;

/** The route list as a markdown table, in the route table's order (the router's). */
export function routeListMarkdown(routes: RouteTable): string {
  const rows = Object.entries(routes).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, endpoint]) => {
      if (!endpoint || !(endpoint.auth in WHO))
        throw new Error(`${method} ${route}: unknown access ${String(endpoint?.auth)}`);
      const takes = [endpoint.body && 'body', endpoint.query && 'query'].filter(Boolean).join(', ');
      const who = endpoint.relation
        ? `${WHO[endpoint.auth]}: ${relationText(endpoint.relation)}`
        : WHO[endpoint.auth];
      return `| ${method} | \`/api${route}\` | ${who} | ${takes || '–'} |`;
    }),
  );
  return [
    '| Method | Path | Who may call | Checked input |',
    '| ------ | ---- | ------------ | ------------- |',
    ...rows,
  ].join('\n');
}

/** The document with the list between the markers replaced. */
export function withRouteList(doc: string, list: string, markers = { begin: BEGIN, end: END }) {
  const begin = doc.indexOf(markers.begin);
  const end = doc.indexOf(markers.end);
  if (begin < 0 || end < begin)
    throw new Error(`the document lacks the markers ${markers.begin} … ${markers.end}`);
  return `${doc.slice(0, begin + markers.begin.length)}\n\n${list}\n\n${doc.slice(end)}`;
}

/** What the docs need of platform/http/access-table.ts. */
export interface AccessTable {
  CALLER_KINDS: Readonly<Record<string, string>>;
  declaredRefusal: (access: never, kind: never) => { status: number; type: string } | null;
  related: (kind: never, who: readonly never[], thing: never) => boolean;
}

/**
 * Who may do what to whom: a row per kind of caller, a column per declared access and per
 * relation a client route declares (the route test walks the same table).
 */
export function accessTableMarkdown(routes: RouteTable, table: AccessTable): string {
  const kinds = Object.keys(table.CALLER_KINDS);
  const accesses = Object.keys(WHO);
  const relations = new Map<string, { auth: string; who: readonly string[] }>();
  for (const methods of Object.values(routes))
    for (const endpoint of Object.values(methods))
      if (endpoint?.relation)
        relations.set(`${WHO[endpoint.auth]}: ${relationText(endpoint.relation)}`, {
          auth: endpoint.auth,
          who: endpoint.relation.who,
        });
  const refusalText = (access: string, kind: string) => {
    const refused = table.declaredRefusal(access as never, kind as never);
    return refused ? `no: ${refused.status} \`${refused.type}\`` : 'yes';
  };
  const relationCell = (kind: string, relation: { auth: string; who: readonly string[] }) => {
    const refused = refusalText(relation.auth, kind);
    if (refused !== 'yes') return refused;
    const is = (thing: string) =>
      table.related(kind as never, relation.who as never, thing as never);
    if (is('session ahead') && is('session held')) return 'yes';
    if (is('session ahead')) return 'sessions from when they joined';
    return 'no: 404 or 403 `not-yours`';
  };
  const columns = [...accesses.map((access) => WHO[access] ?? access), ...relations.keys()];
  return [
    `| Caller | ${columns.join(' | ')} |`,
    `| ------ | ${columns.map(() => '---').join(' | ')} |`,
    ...kinds
      .map((kind) =>
        [
          table.CALLER_KINDS[kind],
          ...accesses.map((access) => refusalText(access, kind)),
          ...[...relations.values()].map((relation) => relationCell(kind, relation)),
        ].join(' | '),
      )
      .map((row) => `| ${row} |`),
  ].join('\n');
}

/** Loads the route table and the access table through Vite (the function's extensionless imports). */
export async function loadRoutes(): Promise<{ routes: RouteTable; access: AccessTable }> {
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
    const access = await server.ssrLoadModule(path.join(root, ACCESS_MODULE));
    return { routes: module.routes as RouteTable, access: access as unknown as AccessTable };
  } finally {
    await server.close();
  }
}

/** Each document as it should be: on disk with today's tables, as Prettier writes it. */
export async function expectedDocs(): Promise<
  { file: string; actual: string; expected: string }[]
> {
  const { routes, access } = await loadRoutes();
  const prettier = await import('prettier');
  const accessTable = accessTableMarkdown(routes, access);
  return Promise.all(
    [...new Set([API_DOC, ...ACCESS_DOCS])].map(async (name) => {
      const file = path.join(root, name);
      const actual = fs.readFileSync(file, 'utf8');
      let doc = withRouteList(actual, accessTable, { begin: ACCESS_BEGIN, end: ACCESS_END });
      if (name === API_DOC) doc = withRouteList(doc, routeListMarkdown(routes));
      const options = { ...(await prettier.resolveConfig(file)), filepath: file };
      return { file: name, actual, expected: await prettier.format(doc, options) };
    }),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const { file, actual, expected } of await expectedDocs()) {
    if (actual === expected)
      console.log(`${file}: the route list and access table are up to date.`);
    else {
      fs.writeFileSync(path.join(root, file), expected);
      console.log(`${file}: written from ${ROUTES_MODULE} and ${ACCESS_MODULE}.`);
    }
  }
}
