// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  API_DOC,
  BEGIN,
  END,
  expectedApiDoc,
  routeListMarkdown,
  withRouteList,
} from './docs-api.ts';

describe('the route list in docs/api.md', () => {
  it('is the route table as it is today (else run `npm run docs:api`)', async () => {
    const { actual, expected } = await expectedApiDoc();
    expect(actual, `${API_DOC} is stale: run \`npm run docs:api\``).toBe(expected);
  }, 60_000);

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

  it('replaces only what is between the markers', () => {
    const doc = `# API\n\n${BEGIN}\n\nold\n\n${END}\n\nAfter.\n`;
    expect(withRouteList(doc, 'new')).toBe(`# API\n\n${BEGIN}\n\nnew\n\n${END}\n\nAfter.\n`);
    expect(() => withRouteList('# API\n', 'new')).toThrow(/markers/);
  });
});
