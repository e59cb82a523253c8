// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  accessTableMarkdown,
  BEGIN,
  END,
  expectedDocs,
  routeListMarkdown,
  withRouteList,
} from './docs-api.ts';

describe('the route list in docs/api.md', () => {
  it('is the route table and the access table as they are today (else run `npm run docs:api`)', async () => {
    const docs = await expectedDocs();
    expect(docs.map((doc) => doc.file)).toEqual(['docs/api.md', 'docs/passkeys.md']);
    for (const { file, actual, expected } of docs)
      expect(actual, `${file} is stale: run \`npm run docs:api\``).toBe(expected);
  }, 180_000);

  it('lists each method of each path with who may call it and what is checked', () => {
    const list = routeListMarkdown({
      '/health': { GET: { auth: 'anyone' } },
      '/bookings/:id/move': { POST: { auth: 'verified', body: {} } },
      '/practice/hours': { GET: { auth: 'practitioner' }, PUT: { auth: 'practitioner', body: {} } },
    });
    expect(list.split('\n').slice(2)).toEqual([
      '| GET | `/api/health` | anyone (`anyone`) | – |',
      '| POST | `/api/bookings/:id/move` | signed in, email verified (`verified`) | body |',
      '| GET | `/api/practice/hours` | the practitioner (`practitioner`) | – |',
      '| PUT | `/api/practice/hours` | the practitioner (`practitioner`) | body |',
    ]);
    expect(() => routeListMarkdown({ '/x': { GET: { auth: 'everyone' } } })).toThrow(/access/);
  });

  it('names what the caller must be to the thing a client route names', () => {
    const list = routeListMarkdown({
      '/bookings/:id/move': {
        POST: { auth: 'client', body: {}, relation: { thing: 'booking', who: ['booker'] } },
      },
    });
    expect(list.split('\n')[2]).toBe(
      "| POST | `/api/bookings/:id/move` | signed in (`client`): the booking's booker | body |",
    );
  });

  it('writes who may do what to whom: a row per caller, a column per access and relation', () => {
    const table = accessTableMarkdown(
      {
        '/a': { GET: { auth: 'practitioner' } },
        '/b/:id': {
          POST: { auth: 'client', relation: { thing: 'booking', who: ['participant'] } },
        },
      },
      {
        CALLER_KINDS: { anonymous: 'Not signed in', practitioner: 'Her', lateParticipant: 'Late' },
        declaredRefusal: ((access: string, kind: string) =>
          kind === 'anonymous' && access !== 'anyone'
            ? { status: 401, type: 'not-signed-in' }
            : access === 'practitioner' && kind !== 'practitioner'
              ? { status: 403, type: 'not-practitioner' }
              : null) as never,
        related: ((kind: string, _who: string[], thing: string) =>
          kind === 'lateParticipant' && thing === 'session ahead') as never,
      },
    );
    const rows = table.split('\n');
    expect(rows[0]).toContain("signed in (`client`): the booking's participant");
    expect(rows.slice(2)).toEqual([
      '| Not signed in | yes | no: 401 `not-signed-in` | no: 401 `not-signed-in` | no: 401 `not-signed-in` | no: 401 `not-signed-in` |',
      '| Her | yes | yes | yes | yes | no: 404 or 403 `not-yours` |',
      '| Late | yes | yes | yes | no: 403 `not-practitioner` | sessions from when they joined |',
    ]);
  });

  it('replaces only what is between the markers', () => {
    const doc = `# API\n\n${BEGIN}\n\nold\n\n${END}\n\nAfter.\n`;
    expect(withRouteList(doc, 'new')).toBe(`# API\n\n${BEGIN}\n\nnew\n\n${END}\n\nAfter.\n`);
    expect(() => withRouteList('# API\n', 'new')).toThrow(/markers/);
  });
});
