import { readFileSync } from 'node:fs';
import {
  test as base,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type Frame,
  type Page,
  type Request,
  type Route,
} from '@playwright/test';
import { E2E } from './ports';

const fakeGapi = readFileSync(new URL('./fake-gapi.js', import.meta.url), 'utf8');

/** The one outside script the site may load: Google's API loader, answered by the offline stand-in. */
const GOOGLE_API_LOADER = { origin: 'https://apis.google.com', pathname: '/js/api.js' };

/**
 * The Auth emulator's sign-in widget (our Google popup stand-in, not the site) styles itself from
 * the internet; it signs in without these, so the fixture aborts them on purpose, in that popup only.
 */
const EMULATOR_WIDGET_ASSETS = new Set(
  [
    'https://unpkg.com/material-components-web@10/dist/material-components-web.min.css',
    'https://unpkg.com/material-components-web@10/dist/material-components-web.min.js',
    'https://fonts.googleapis.com/icon?family=Material+Icons',
    'https://fonts.googleapis.com/css2?family=Roboto:wght@400;500&display=swap',
  ].map((url) => new URL(url).href),
);

/** A load the browser cut off with ERR_ABORTED: the page, a close did it, or it is a fault. */
interface CancelledFetch {
  where: string;
  url: string;
  page: Page;
  frame: Frame | undefined;
  request: Request;
  /** When it began and when it failed, on the order of every request the test's pages start. */
  startedAt: number;
  startedTime: number;
  failedAt: number;
  failedTime: number;
}

/** How soon after giving a fetch up a page asks again (the next week, a reload) for it to count. */
const RE_REQUEST_MS = 1_000;
/** How long a page may take to leave the route it showed (its next route's code loading). */
const LEAVING_MS = 1_000;

/**
 * Everything a test watches, shared by every page of every context the test opens. It only
 * listens to Playwright's public events (console, pageerror, response, request, requestfailed,
 * framenavigated, close): nothing in the browser or in Playwright is replaced.
 */
class Checks {
  readonly problems: string[] = [];
  readonly allowed: RegExp[] = [];
  /** Requests the fixture itself aborted on purpose, or already reported. */
  private readonly handled = new WeakSet<Request>();
  private readonly epochs = new WeakMap<Frame, number>();
  /** Document loads in flight per frame: until one ends, the old document's loads may be cut off. */
  private readonly navigating = new WeakMap<Frame, Set<Request>>();
  private readonly urls = new WeakMap<Frame, string>();
  private readonly startedIn = new WeakMap<Request, number>();
  /** Order of requests: every request any page starts takes the next number. */
  private order = 0;
  private readonly orderOf = new WeakMap<Request, number>();
  private readonly timeOf = new WeakMap<Request, number>();
  /** Fetches each frame started, with their order and time, to see whether a page asked anew. */
  private readonly fetches = new WeakMap<Frame, { at: number; time: number; request: Request }[]>();
  /** Route changes and page loads per frame, with their order and time. */
  private readonly moves = new WeakMap<Frame, { at: number; time: number }[]>();
  /** The newest request each page started. */
  private readonly lastRequest = new WeakMap<Page, number>();
  /** Loads cut off with ERR_ABORTED outside a navigation, settled at the end. */
  private readonly cancelledFetches: CancelledFetch[] = [];
  private pages = 0;
  /** Every context the test opened (its own and `newContext`'s), to close their pages at the end. */
  private readonly contexts: BrowserContext[] = [];

  private readonly allowedOrigins: readonly string[];

  constructor(allowedOrigins: readonly string[]) {
    this.allowedOrigins = allowedOrigins;
  }

  /** Blocks every request to an origin the test does not run, except Google's loader (faked). */
  async guard(context: BrowserContext): Promise<void> {
    await context.route(
      (url) => !this.allowedOrigins.includes(url.origin),
      (route) => this.outside(route),
    );
    context.on('page', (page) => this.watch(page));
    this.contexts.push(context);
  }

  /** Closes every page of every context the test opened; what they were loading is cut off. */
  async closeEveryPage(): Promise<void> {
    await Promise.all(
      this.contexts.flatMap((context) => context.pages().map((page) => page.close())),
    );
  }

  /** Forgets what was recorded (the fixture's own tests, after reading what they caused). */
  clear(): void {
    this.problems.splice(0);
    this.cancelledFetches.splice(0);
  }

  unexpected(): string[] {
    // Settled at the end: whether the page asked again, or was closed, is known only later.
    const cancelled = this.cancelledFetches
      .filter((fetch) => !this.excused(fetch))
      .map(({ where, url }) => `${where}request failed: ${url} net::ERR_ABORTED`);
    return [...this.problems, ...cancelled].filter(
      (problem) => !this.allowed.some((pattern) => pattern.test(problem)),
    );
  }

  /**
   * A page gives a fetch up when what it shows moved on: it asks again at once (another week, a
   * retry: a fetch of the same address, any query, from the same frame), or leaves for another
   * route (signed out), after this one began or shortly before, and no later than soon after it
   * failed.
   * A closed page or context cuts off what it was still loading: nothing started in that page
   * after the failure. Anything else (a timeout, a dropped connection) is a fault.
   */
  private excused(cancelled: CancelledFetch): boolean {
    const { page, frame, request, startedAt, startedTime, failedAt, failedTime } = cancelled;
    if (page.isClosed() && (this.lastRequest.get(page) ?? 0) <= failedAt) return true;
    if (!frame || request.resourceType() !== 'fetch') return false;
    const soon = (time: number) => time <= failedTime + RE_REQUEST_MS;
    // Left what it was showing (signed out, another page): the page moved on. While a route's
    // code loads, the old page stays on screen and may still start and then drop a fetch (and an
    // intercepted request is announced late), so a route change shortly before the fetch began
    // counts as well as one after.
    const leaving = (move: { at: number; time: number }) =>
      move.at >= startedAt || move.time >= startedTime - LEAVING_MS;
    if ((this.moves.get(frame) ?? []).some((move) => leaving(move) && soon(move.time))) return true;
    const resource = withoutQuery(request.url());
    return (this.fetches.get(frame) ?? []).some(
      (other) =>
        other.request !== request &&
        withoutQuery(other.request.url()) === resource &&
        other.at > startedAt &&
        soon(other.time),
    );
  }

  private async outside(route: Route): Promise<void> {
    const request = route.request();
    const url = new URL(request.url());
    if (url.origin === GOOGLE_API_LOADER.origin && url.pathname === GOOGLE_API_LOADER.pathname) {
      await route.fulfill({ contentType: 'text/javascript', body: fakeGapi });
      return;
    }
    this.handled.add(request);
    if (!(EMULATOR_WIDGET_ASSETS.has(url.href) && fromEmulatorWidget(request))) {
      this.problems.push(`outside request (aborted): ${request.method()} ${url.href}`);
    }
    await route.abort('blockedbyclient');
  }

  private epoch(frame: Frame): number {
    return this.epochs.get(frame) ?? 0;
  }

  private watch(page: Page): void {
    this.pages += 1;
    const where = this.pages === 1 ? '' : `page ${this.pages}: `;
    const bump = (frame: Frame) => {
      this.epochs.set(frame, this.epoch(frame) + 1);
      const moves = this.moves.get(frame) ?? [];
      this.moves.set(frame, [...moves, { at: this.order, time: Date.now() }]);
    };
    page.on('console', (message) => {
      // Chromium logs every 4xx/5xx answer without its address; the response listener names it.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        this.problems.push(`${where}console: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => this.problems.push(`${where}pageerror: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400)
        this.problems.push(`${where}response ${response.status()}: ${response.url()}`);
    });
    page.on('framenavigated', (frame) => {
      // A route change; not the router re-stamping the same URL in history.
      if (this.urls.get(frame) !== frame.url()) bump(frame);
      this.urls.set(frame, frame.url());
    });
    // A document load that has ended (loaded or not) has replaced or kept the old document;
    // either way, what that document was still loading may have been cut off.
    const navigationEnded = (request: Request) => {
      const frame = frameOf(request);
      if (!frame || !request.isNavigationRequest()) return;
      this.navigating.get(frame)?.delete(request);
      bump(frame);
    };
    page.on('request', (request) => {
      this.order += 1;
      this.orderOf.set(request, this.order);
      this.timeOf.set(request, Date.now());
      this.lastRequest.set(page, this.order);
      const frame = frameOf(request);
      if (!frame) return;
      if (request.isNavigationRequest()) {
        const loads = this.navigating.get(frame) ?? new Set<Request>();
        this.navigating.set(frame, loads.add(request));
      }
      if (request.resourceType() === 'fetch') {
        const fetches = this.fetches.get(frame) ?? [];
        this.fetches.set(frame, [...fetches, { at: this.order, time: Date.now(), request }]);
      }
      this.startedIn.set(request, this.epoch(frame));
    });
    page.on('requestfinished', navigationEnded);
    page.on('requestfailed', (request) => {
      navigationEnded(request);
      if (this.handled.has(request)) return;
      const reason = request.failure()?.errorText ?? '';
      if (reason === 'net::ERR_ABORTED' && this.cancelledByNavigation(request)) return;
      if (reason === 'net::ERR_ABORTED') {
        this.cancelledFetches.push({
          where,
          url: request.url(),
          page,
          frame: frameOf(request),
          request,
          startedAt: this.orderOf.get(request) ?? 0,
          startedTime: this.timeOf.get(request) ?? 0,
          failedAt: this.order,
          failedTime: Date.now(),
        });
        return;
      }
      this.problems.push(`${where}request failed: ${request.url()} ${reason}`);
    });
  }

  /**
   * ERR_ABORTED is the browser cancelling what a document still loads because its frame is
   * navigating (a page load in flight, or a route change since the request began) or has gone.
   */
  private cancelledByNavigation(request: Request): boolean {
    const frame = frameOf(request);
    if (!frame || frame.isDetached() || (this.navigating.get(frame)?.size ?? 0) > 0) return true;
    if (frame.page().isClosed()) return true;
    const started = this.startedIn.get(request);
    return started !== undefined && this.epoch(frame) > started;
  }
}

function withoutQuery(url: string): string {
  const { origin, pathname } = new URL(url);
  return origin + pathname;
}

function frameOf(request: Request): Frame | undefined {
  try {
    return request.frame();
  } catch {
    return undefined; // a service worker's request (they are blocked in this suite)
  }
}

function fromEmulatorWidget(request: Request): boolean {
  const frame = frameOf(request);
  return frame?.url().startsWith(`${E2E.authEmulator}/emulator/auth/handler`) ?? false;
}

interface Fixtures {
  /** Problems this test causes on purpose (aborted requests, 4xx answers) and expects to see. */
  expectProblems: (...patterns: RegExp[]) => void;
  /** Opens another browser context (touch, reduced motion, no JavaScript) with the same checks. */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  /**
   * Closes every page the test opened, in every context. Call it before deleting the test's
   * accounts: a page left open may still ask the API for something (a read that starts after
   * the test's last assertion) and be refused, as the account it asks for is gone.
   */
  closeEveryPage: () => Promise<void>;
}

interface Options {
  /** Origins the tests run (site and Auth emulator); a request anywhere else fails the test. */
  allowedOrigins: readonly string[];
}

/**
 * Every test fails on a console error, an uncaught page error, a Content-Security-Policy
 * violation, a failed request it did not announce with `expectProblems`, or any request to an
 * origin outside `allowedOrigins` (aborted, so nothing reaches the internet). Google's script is
 * served from the offline stand-in. Open extra contexts with `newContext`, never
 * `browser.newContext()`, so they are checked too.
 */
export const test = base.extend<Fixtures & Options & { checks: Checks }>({
  allowedOrigins: [[E2E.siteOrigin, E2E.authEmulator], { option: true }],
  checks: async ({ allowedOrigins }, use) => {
    await use(new Checks(allowedOrigins));
  },
  context: async ({ context, checks }, use) => {
    await checks.guard(context);
    await use(context);
    expect(
      checks.unexpected(),
      'console errors, CSP violations, failed or outside requests',
    ).toEqual([]);
  },
  newContext: async ({ browser, checks, context }, use) => {
    void context; // set up first, so its final check runs after these contexts close
    const opened: BrowserContext[] = [];
    await use(async (options) => {
      const extra = await browser.newContext(options);
      opened.push(extra);
      await checks.guard(extra);
      return extra;
    });
    await Promise.all(opened.map((extra) => extra.close()));
  },
  closeEveryPage: async ({ checks }, use) => {
    await use(() => checks.closeEveryPage());
  },
  expectProblems: async ({ checks }, use) => {
    await use((...patterns) => checks.allowed.push(...patterns));
  },
});

/** Waits until React has taken over the prerendered page, so its controls respond. */
export async function ready(page: Page): Promise<void> {
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}

export { expect };
