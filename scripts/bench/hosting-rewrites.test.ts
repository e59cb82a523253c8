// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emulatedFunction,
  forward,
  globMatches,
  hostingRewrites,
  rewriteFor,
} from './hosting-rewrites.ts';

describe("firebase.json's rewrites", () => {
  const rewrites = hostingRewrites();

  it('sends /api/** to the api function in europe-west2, with or without a query', () => {
    for (const path of ['/api/health', '/api/practice/clients/abc?x=1', '/api/calendar/t.ics'])
      expect(rewriteFor(rewrites, path)?.function).toEqual({
        functionId: 'api',
        region: 'europe-west2',
      });
  });

  it("serves a client's record and a receipt from their page, one segment below it only", () => {
    expect(rewriteFor(rewrites, '/practice/clients/uid-1')?.destination).toBe(
      '/practice/clients/index.html',
    );
    expect(rewriteFor(rewrites, '/account/billing/receipts/p1')?.destination).toBe(
      '/account/billing/receipts/index.html',
    );
    expect(rewriteFor(rewrites, '/practice/clients/uid-1/more')).toBeUndefined();
    expect(rewriteFor(rewrites, '/practice/clients')).toBeUndefined();
    expect(rewriteFor(rewrites, '/about')).toBeUndefined();
    expect(rewriteFor(rewrites, '/apiary')).toBeUndefined();
  });

  it('reads * as one segment and ** as any number', () => {
    expect(globMatches('/a/*', '/a/b')).toBe(true);
    expect(globMatches('/a/*', '/a/b/c')).toBe(false);
    expect(globMatches('/a/**', '/a/b/c')).toBe(true);
    expect(globMatches('/a.b/*', '/aXb/c')).toBe(false);
  });

  it("names the function as the Functions emulator serves it, as Vite's proxy does", () => {
    expect(
      emulatedFunction('http://127.0.0.1:5401', 'demo-x', {
        functionId: 'api',
        region: 'europe-west2',
      }),
    ).toBe('http://127.0.0.1:5401/demo-x/europe-west2/api');
  });
});

describe('forward', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    // Echoes what it was sent, with the status the request asks for.
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const status = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('status'));
        response.writeHead(status || 200, {
          'content-type': 'application/json',
          'x-echo': 'yes',
          connection: 'keep-alive',
        });
        response.end(
          JSON.stringify({
            method: request.method,
            url: request.url,
            authorization: request.headers.authorization,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/demo/europe-west2/api`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('keeps the method, path, query, headers, body and status', async () => {
    const body = Buffer.from(JSON.stringify({ serviceId: 2, start: '2030-01-07T10:00:00Z' }));
    const answer = await forward(base, {
      method: 'POST',
      path: '/api/bookings?status=201&a=1&a=2',
      headers: {
        ':method': 'POST',
        ':path': '/api/bookings?status=201&a=1&a=2',
        authorization: 'Bearer token',
        'content-type': 'application/json',
        connection: 'close',
      },
      body,
    });
    expect(answer.status).toBe(201);
    expect(answer.headers['x-echo']).toBe('yes');
    expect(answer.headers.connection).toBeUndefined(); // HTTP/2 refuses it
    expect(JSON.parse(answer.body.toString())).toEqual({
      method: 'POST',
      url: '/demo/europe-west2/api/api/bookings?status=201&a=1&a=2',
      authorization: 'Bearer token',
      body: body.toString(),
    });
  });

  it('passes on an error status and a request without a body', async () => {
    const answer = await forward(base, {
      method: 'DELETE',
      path: '/api/waitlist/7?status=404',
      headers: {},
      body: Buffer.alloc(0),
    });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ method: 'DELETE', body: '' });
  });
});
