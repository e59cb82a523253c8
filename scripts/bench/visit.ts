// One cold, throttled visit of a page in real Chromium, for the hydration bench (hydration.ts):
// a recorder in the page notes its first paint, hydration, a tap and the open menu, and, signed
// in, when the page's own content is on screen.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page } from '@playwright/test';
import { GOALS, TAP_TIMEOUT_MS, THROTTLING } from './hydration-tables.ts';
import { signInProblem, type Sessions } from './signed-in.ts';

const PAGE_TIMEOUT_MS = 20_000;

// Runs in the page before its own scripts: records paint, hydration, the tap and the open menu,
// and with `shows` when the page's h1 and that element were on screen (content shown).
function recorder(shows: string | null) {
  const bench = { fcp: NaN, lcp: NaN, hydrated: NaN, tap: NaN, open: NaN, shown: NaN };
  Object.assign(window, { __bench: bench });
  if (shows) {
    const onScreen = (selector: string) =>
      (document.querySelector(selector)?.getBoundingClientRect().height ?? 0) > 0;
    const look = () => {
      if (onScreen('h1') && onScreen(shows)) bench.shown = performance.now();
      else requestAnimationFrame(look);
    };
    // Cheap while the page builds itself: a lookup per change, then frame by frame once it is in.
    const appears = new MutationObserver(() => {
      if (!document.querySelector(shows)) return;
      appears.disconnect();
      requestAnimationFrame(look);
    });
    appears.observe(document, { childList: true, subtree: true });
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') bench.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.lcp = entry.startTime; // the last is the largest
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new MutationObserver(() => {
    if (Number.isNaN(bench.hydrated) && document.documentElement.hasAttribute('data-ready'))
      bench.hydrated = performance.now();
    // The document is still empty when this runs: watch it all for <html data-ready>.
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
  const menuOnScreen = () => {
    const menu = document.getElementById('site-nav');
    if (menu && menu.getBoundingClientRect().height > 0) bench.open = performance.now();
    else requestAnimationFrame(menuOnScreen);
  };
  window.addEventListener(
    'pointerdown',
    (event) => {
      if (!Number.isNaN(bench.tap)) return;
      bench.tap = event.timeStamp; // when the finger landed, however busy the page was
      requestAnimationFrame(menuOnScreen);
    },
    { capture: true },
  );
}

export type Bench = {
  fcp: number;
  lcp: number;
  hydrated: number;
  tap: number;
  open: number;
  shown: number;
};
const read = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Bench }).__bench);

async function waitFor(
  page: Page,
  done: (bench: Bench) => boolean,
  timeout = PAGE_TIMEOUT_MS,
): Promise<Bench> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const bench = await read(page);
    if (done(bench)) return bench;
    if (Date.now() > deadline) return bench; // reported as n/a, not a hang
    await sleep(10);
  }
}

export type Point = { x: number; y: number };

/** The page's requests so far, one line each: start, first byte, end (ms), bytes over the wire. */
const requestsOf = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => {
      const r = entry as PerformanceResourceTiming;
      const at = (value: number) => String(Math.round(value)).padStart(5);
      const name = r.name.startsWith(location.origin)
        ? r.name.slice(location.origin.length)
        : r.name;
      return `${at(r.startTime)} ${at(r.responseStart)} ${at(r.responseEnd)} ${String(r.transferSize).padStart(7)}  ${name}`;
    }),
  );

export const CONTEXT = {
  // The HTTP/2 server's certificate is self-signed (serve-http2.ts).
  ignoreHTTPSErrors: true,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  serviceWorkers: 'block',
} as const;

export type SignedInVisit = {
  /** A signed-in user's storage state: a fresh context, cold cache, signed in. */
  storageState: Awaited<ReturnType<Sessions['state']>>;
  shows: string;
  label: string;
};

/**
 * One cold visit in a fresh context (empty cache), throttled. With `tapAt`, taps there 100 ms
 * after the first paint, as the browser reports it (not the page: its main thread may be busy).
 * With `signedIn`, opens signed in and waits for the page's content; throws if it never comes.
 */
export async function visit(
  browser: Browser,
  url: string,
  { hasApp, tapAt, signedIn }: { hasApp: boolean; tapAt?: Point; signedIn?: SignedInVisit },
): Promise<Bench & { menu?: Point; scripts: string[]; requests: string[] }> {
  const context = await browser.newContext({
    ...CONTEXT,
    ...(signedIn && { storageState: signedIn.storageState }),
  });
  try {
    await context.addInitScript(recorder, signedIn?.shows ?? null);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLING.latencyMs,
      downloadThroughput: THROTTLING.downloadBytesPerSecond,
      uploadThroughput: THROTTLING.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
    const origin = new URL(url).origin;
    const scripts: string[] = [];
    page.on('response', (response) => {
      const address = new URL(response.url());
      if (address.origin === origin && address.pathname.endsWith('.js'))
        scripts.push(address.pathname.slice(1));
    });
    await cdp.send('Page.enable');
    await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
    const painted = new Promise<void>((resolve) =>
      cdp.on('Page.lifecycleEvent', (event) => {
        if (event.name === 'firstContentfulPaint') resolve();
      }),
    );
    await page.goto(url, { waitUntil: 'commit' });
    if (signedIn) {
      const loaded = await waitFor(page, (b) => !Number.isNaN(b.shown + b.hydrated));
      const seen = await page.evaluate(() => ({
        pathname: location.pathname,
        h1: document.querySelector('h1')?.textContent ?? undefined,
      }));
      const problem = signInProblem(signedIn.label, {
        ...seen,
        shown: !Number.isNaN(loaded.shown),
        shows: signedIn.shows,
      });
      if (problem) throw new Error(problem);
      return { ...loaded, scripts: [...scripts], requests: await requestsOf(page) };
    }
    if (!tapAt) {
      const loaded = await waitFor(page, (b) => !Number.isNaN(hasApp ? b.hydrated : b.fcp));
      const menu = await page.evaluate(() => {
        const box = document.querySelector('.navbar-toggler')?.getBoundingClientRect();
        return box && { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      });
      return { ...loaded, menu, scripts: [...scripts], requests: await requestsOf(page) };
    }
    await painted;
    await sleep(GOALS.tapDelayMs);
    await page.touchscreen.tap(tapAt.x, tapAt.y);
    const tapped = await waitFor(page, (b) => !Number.isNaN(b.open), TAP_TIMEOUT_MS);
    const open = Number.isNaN(tapped.open) ? Infinity : tapped.open; // a dead tap
    return { ...tapped, open, scripts, requests: [] };
  } finally {
    await context.close();
  }
}
