import { loadBootScript } from './boot-loader';
import { SESSION_HINT_KEY, writeSessionHint } from '../lib/session-hint';
import { handOverToReact, replayHeldInput } from './early-input';

const BOOT = '/assets/index-test.js';
const WAIT_LIMIT_MS = 2000;

/** The browser's performance timeline, reported when the test says so. */
type Entry = { name?: string };
type Entries = { getEntries(): Entry[]; getEntriesByName(name: string): Entry[] };
const listOf = (entries: Entry[]): Entries => ({
  getEntries: () => entries,
  getEntriesByName: (name) => entries.filter((entry) => entry.name === name),
});
let observed: Record<string, (entries: Entries) => void> = {};
/** Entries reported so far, which an observer asking for `buffered` receives too. */
let reported: Record<string, Entry[]> = {};
let supportedEntryTypes = ['paint', 'largest-contentful-paint'];
function report(type: string, entry: Entry) {
  (reported[type] ??= []).push(entry);
  observed[type]?.(listOf([entry]));
}
/** The first paint of the page's content (Chromium reports a first paint of its background too). */
const paint = () => {
  report('paint', { name: 'first-paint' });
  report('paint', { name: 'first-contentful-paint' });
};
/** The page's largest paint so far is this element's. */
const largestPaint = (element: Element) => report('largest-contentful-paint', { element } as Entry);
const mainPicture = () => document.querySelector('img')!;

/** Runs the loader as the prerender writes it: its source text alone, outside this module. */
function startLoader() {
  new Function(
    `(${loadBootScript.toString()})(${JSON.stringify(BOOT)}, ${WAIT_LIMIT_MS}, ${JSON.stringify(SESSION_HINT_KEY)});`,
  )();
}

const bootRequests = () =>
  [...document.head.querySelectorAll('script[type="module"]')].map((script) =>
    script.getAttribute('src'),
  );

beforeEach(() => {
  vi.useFakeTimers();
  observed = {};
  reported = {};
  supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  class Timeline {
    static get supportedEntryTypes() {
      return supportedEntryTypes;
    }
    private type = '';
    constructor(private readonly callback: (entries: Entries) => void) {}
    observe({ type, buffered }: { type: string; buffered?: boolean }) {
      if (!supportedEntryTypes.includes(type)) throw new TypeError(`no ${type} entries here`);
      this.type = type;
      observed[type] = this.callback;
      const earlier = reported[type] ?? [];
      if (buffered && earlier.length) this.callback(listOf(earlier));
    }
    disconnect() {
      observed = Object.fromEntries(
        Object.entries(observed).filter(([type]) => type !== this.type),
      );
    }
  }
  vi.stubGlobal('PerformanceObserver', Timeline);
  document.body.innerHTML = `
    <div id="root">
      <img fetchpriority="high" src="/images/banner.avif" alt="">
      <button type="button" aria-controls="menu" aria-expanded="false" class="collapsed">Menu</button>
      <div id="menu" class="collapse"><a href="/about">About</a></div>
      <button type="button">Pause slideshow</button>
      <input aria-label="Email address">
    </div>`;
  Object.defineProperty(document.querySelector('img'), 'complete', { value: false });
});

afterEach(() => {
  window.heldInput?.stop();
  delete window.heldInput;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('asks for the boot script once, as soon as the main picture is the largest paint shown', () => {
  startLoader();
  paint();
  expect(bootRequests()).toEqual([]); // the picture has not painted yet
  largestPaint(document.createElement('h1')); // the heading, painted first
  expect(bootRequests()).toEqual([]);
  largestPaint(mainPicture());
  expect(bootRequests()).toEqual([BOOT]); // no frame later: it is reported once shown
  mainPicture().dispatchEvent(new Event('load'));
  document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  vi.advanceTimersByTime(WAIT_LIMIT_MS);
  expect(bootRequests()).toEqual([BOOT]);
});

it('asks at the first paint where the main picture was the largest paint in it', () => {
  startLoader();
  largestPaint(mainPicture());
  expect(bootRequests()).toEqual([]); // the first paint's own entry comes next
  paint();
  expect(bootRequests()).toEqual([BOOT]);
});

it('otherwise asks two frames after the main picture loaded', () => {
  startLoader();
  paint();
  expect(bootRequests()).toEqual([]); // the picture is still loading
  mainPicture().dispatchEvent(new Event('load'));
  expect(bootRequests()).toEqual([]);
  vi.advanceTimersByTime(100); // two frames
  expect(bootRequests()).toEqual([BOOT]);
  expect(observed['largest-contentful-paint']).toBeUndefined(); // it stopped watching
});

it('where the browser does not report its largest paint, asks two frames after the picture loaded', () => {
  supportedEntryTypes = ['paint'];
  startLoader();
  paint();
  largestPaint(mainPicture()); // not reported in this browser
  expect(bootRequests()).toEqual([]);
  mainPicture().dispatchEvent(new Event('load'));
  vi.advanceTimersByTime(100);
  expect(bootRequests()).toEqual([BOOT]);
});

it('asks for it at the first paint on a page without a main picture', () => {
  document.querySelector('img')!.remove();
  startLoader();
  expect(bootRequests()).toEqual([]);
  report('paint', { name: 'first-paint' }); // the background alone
  expect(bootRequests()).toEqual([]);
  report('paint', { name: 'first-contentful-paint' });
  expect(bootRequests()).toEqual([BOOT]);
});

it('asks at once in a browser without paint timing, which would never report the paint', () => {
  supportedEntryTypes = [];
  startLoader();
  expect(bootRequests()).toEqual([BOOT]);
});

it("asks for a page of content's island scripts with it, and not before", () => {
  document.head.insertAdjacentHTML(
    'beforeend',
    '<template id="island-scripts"><link rel="modulepreload" crossorigin href="/assets/islands-test.js"></template>',
  );
  const islandLinks = () =>
    [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );
  startLoader();
  expect(islandLinks()).toEqual([]);
  vi.advanceTimersByTime(WAIT_LIMIT_MS);
  expect(islandLinks()).toEqual(['/assets/islands-test.js']);
  expect(bootRequests()).toEqual([BOOT]);
  document.head.querySelectorAll('link').forEach((link) => link.remove());
});

describe("the identity SDK's scripts of a page that reads the session", () => {
  const sessionLinks = () =>
    [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );
  beforeEach(() => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<template id="session-scripts"><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/firebase-test.js"></template>',
    );
  });
  afterEach(() => {
    document.head.querySelectorAll('link, template').forEach((element) => element.remove());
    writeSessionHint(false);
    vi.restoreAllMocks();
  });

  it('download at once, before the first paint, where this browser was signed in last time', () => {
    writeSessionHint(true);
    startLoader();
    expect(sessionLinks()).toEqual(['/assets/firebase-test.js']);
    expect(bootRequests()).toEqual([]); // the boot script still waits for the paint
  });

  it('stay inert for a visitor never signed in here: the page asks for them when it needs them', () => {
    startLoader();
    vi.advanceTimersByTime(WAIT_LIMIT_MS);
    expect(bootRequests()).toEqual([BOOT]);
    expect(sessionLinks()).toEqual([]);
  });

  it('download where storage is blocked, as the session provider then asks the SDK', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    startLoader();
    expect(sessionLinks()).toEqual(['/assets/firebase-test.js']);
  });
});

it('asks at once when the visitor taps first, and after the time limit at the latest', () => {
  startLoader();
  document.querySelector('input')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  expect(bootRequests()).toEqual([BOOT]);

  document.head.querySelectorAll('script').forEach((script) => script.remove());
  window.heldInput?.stop();
  startLoader();
  vi.advanceTimersByTime(WAIT_LIMIT_MS - 1);
  expect(bootRequests()).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(bootRequests()).toEqual([BOOT]);
});

it('opens and closes the Menu itself before React runs', () => {
  startLoader();
  const menu = document.querySelector<HTMLButtonElement>('[aria-controls="menu"]')!;
  menu.click();
  expect(menu.getAttribute('aria-expanded')).toBe('true');
  expect(menu.classList.contains('collapsed')).toBe(false);
  expect(document.getElementById('menu')!.classList.contains('show')).toBe(true);
  menu.click();
  expect(menu.getAttribute('aria-expanded')).toBe('false');
  expect(document.getElementById('menu')!.classList.contains('show')).toBe(false);
});

it('holds other buttons and keys until React owns the page, then replays them in order', () => {
  startLoader();
  const happened: string[] = [];
  const pause = document.querySelectorAll('button')[1]!;
  pause.addEventListener('click', () => happened.push('click'));
  pause.addEventListener('keydown', (event) => happened.push(`key ${event.key}`));
  pause.click();
  pause.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
  pause.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true })); // native
  // Typing in a field is the browser's own: nothing is held.
  const field = document.querySelector('input')!;
  field.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
  expect(happened).toEqual(['key ArrowLeft', 'key Tab']); // the click waited; keys still reach

  handOverToReact();
  pause.click(); // React's now: not held
  replayHeldInput();
  vi.advanceTimersByTime(0);
  expect(happened).toEqual(['key ArrowLeft', 'key Tab', 'click', 'click', 'key ArrowLeft']);
});
