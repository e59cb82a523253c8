import * as v from 'valibot';
import {
  ApiError,
  createApiClient,
  NETWORK_FAILURE,
  TIMED_OUT,
  UNREADABLE_ANSWER,
} from './api-client';

const Health = v.object({ ok: v.boolean() });

function problem(status: number, body: unknown, contentType = 'application/problem+json') {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': contentType } });
}

function clientAnswering(answer: () => Promise<Response>, token: string | null = 'id-token') {
  const fetch = vi.fn<typeof globalThis.fetch>(() => answer());
  const request = createApiClient({ fetch, idToken: () => Promise.resolve(token) });
  return { fetch, request };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => new Error('expected the call to fail'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the API client', () => {
  it('sends the ID token and JSON body, and returns the validated answer', async () => {
    const { fetch, request } = clientAnswering(() =>
      Promise.resolve(Response.json({ ok: true, extra: 'ignored' })),
    );
    await expect(
      request('/api/bookings', Health, { method: 'POST', body: { note: 'x' } }),
    ).resolves.toEqual({ ok: true });
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/bookings');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"note":"x"}');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer id-token',
      'Content-Type': 'application/json',
    });
  });

  it('sends no token for anonymous calls, and refuses signed calls when nobody is signed in', async () => {
    const { fetch, request } = clientAnswering(
      () => Promise.resolve(Response.json({ ok: true })),
      null,
    );
    await request('/api/health', Health, { anonymous: true });
    expect(fetch.mock.calls[0]![1]?.headers).not.toHaveProperty('Authorization');
    const error = await failure(request('/api/bookings', Health));
    expect(error.status).toBe(401);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks once more with a fresh token when refused (a verified email or claim the old token lacks)', async () => {
    const answers = [
      problem(403, {
        type: '/api/problems/forbidden',
        title: 'Forbidden',
        status: 403,
        detail: 'Verify your email address first.',
      }),
      Response.json({ ok: true }),
    ];
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(answers.shift()!));
    const idToken = vi.fn((fresh: boolean) => Promise.resolve(fresh ? 'fresh' : 'cached'));
    const request = createApiClient({ fetch, idToken });
    await expect(request('/api/bookings', Health, { method: 'POST', body: {} })).resolves.toEqual({
      ok: true,
    });
    expect(
      fetch.mock.calls.map(([, init]) => (init?.headers as Record<string, string>).Authorization),
    ).toEqual(['Bearer cached', 'Bearer fresh']);

    const stillRefused = createApiClient({
      fetch: () =>
        Promise.resolve(
          problem(403, { type: 'x', title: 'Forbidden', status: 403, detail: 'Not yours.' }),
        ),
      idToken,
    });
    expect((await failure(stillRefused('/api/x', Health))).message).toBe('Not yours.');
  });

  it('ends the session when the server refuses even a fresh token, and only then', async () => {
    const refused = () =>
      Promise.resolve(
        problem(401, {
          type: 'x',
          title: 'Unauthorized',
          status: 401,
          detail: 'Your session has ended. Please log in again.',
        }),
      );
    const sessionRefused = vi.fn(() => Promise.resolve());
    const idToken = (fresh: boolean) => Promise.resolve(fresh ? 'fresh' : 'cached');
    const revoked = createApiClient({ fetch: refused, idToken, sessionRefused });
    expect((await failure(revoked('/api/bookings', Health))).status).toBe(401);
    expect(sessionRefused).toHaveBeenCalledTimes(1);

    const answers = [await refused(), Response.json({ ok: true })];
    const renewed = createApiClient({
      fetch: () => Promise.resolve(answers.shift()!),
      idToken,
      sessionRefused,
    });
    await expect(renewed('/api/bookings', Health)).resolves.toEqual({ ok: true });
    const forbidden = createApiClient({
      fetch: () =>
        Promise.resolve(
          problem(403, { type: 'x', title: 'Forbidden', status: 403, detail: 'No.' }),
        ),
      idToken,
      sessionRefused,
    });
    expect((await failure(forbidden('/api/practice/bookings', Health))).status).toBe(403);
    expect(sessionRefused).toHaveBeenCalledTimes(1);
  });

  it("shows the problem's detail, the sentence the server wrote for a person", async () => {
    const { request } = clientAnswering(() =>
      Promise.resolve(
        problem(429, {
          type: 'about:blank',
          title: 'Too many open requests',
          status: 429,
          detail: 'You already have 3 open requests. Please wait until one is answered.',
        }),
      ),
    );
    const error = await failure(request('/api/bookings', Health));
    expect(error.status).toBe(429);
    expect(error.message).toBe(
      'You already have 3 open requests. Please wait until one is answered.',
    );
  });

  it('falls back to a sentence of our own for the status when there is no problem detail', async () => {
    const noDetail = clientAnswering(() =>
      Promise.resolve(problem(409, { type: 'about:blank', title: 'Conflict', status: 409 })),
    );
    expect((await failure(noDetail.request('/api/x', Health))).message).toBe(
      'That time has just been taken.',
    );

    const htmlError = clientAnswering(() =>
      Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502 })),
    );
    const error = await failure(htmlError.request('/api/x', Health));
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/had a problem/);
    expect(error.message).not.toContain('<h1>');
  });

  it('turns a network failure and a timeout into clear sentences', async () => {
    const offline = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(offline.request('/api/x', Health));
    expect(error).toMatchObject({ status: 0, message: NETWORK_FAILURE });

    const fetch = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    const slow = createApiClient({ fetch, idToken: () => Promise.resolve('t'), timeoutMs: 10 });
    expect((await failure(slow('/api/x', Health))).message).toBe(TIMED_OUT);
  });

  it('accepts 204 No Content where the caller expects no body', async () => {
    const { request } = clientAnswering(() => Promise.resolve(new Response(null, { status: 204 })));
    await expect(request('/api/x', v.undefined(), { method: 'DELETE' })).resolves.toBeUndefined();
    const error = await failure(request('/api/x', Health, { method: 'DELETE' }));
    expect(error.message).toBe(UNREADABLE_ANSWER);
  });

  it('rejects a successful answer that does not match the schema', async () => {
    const { request } = clientAnswering(() => Promise.resolve(Response.json({ ok: 'yes' })));
    const error = await failure(request('/api/x', Health));
    expect(error.message).toBe(UNREADABLE_ANSWER);
  });

  it('lets a caller that gave up see its own abort, not an error sentence', async () => {
    const controller = new AbortController();
    const fetch = vi.fn(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    const request = createApiClient({ fetch, idToken: () => Promise.resolve('t') });
    controller.abort();
    await expect(request('/api/x', Health, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
