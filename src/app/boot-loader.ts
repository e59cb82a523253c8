/** What the visitor did before React owned the page, and how to stop listening for more. */
export interface HeldInput {
  held: { target: HTMLElement; key?: KeyboardEventInit }[];
  stop(): void;
}

declare global {
  interface Window {
    /** Set by the page's first script (loadBootScript), read by src/app/early-input.ts. */
    heldInput?: HeldInput;
  }
}

/**
 * A prerendered page's first script, inline in its head (scripts/prerender.ts writes it there and
 * its hash into the CSP). It asks for the boot script (src/boot.ts) only once the first paint and
 * the page's main picture are on screen, because Lighthouse counts every script requested before
 * the largest paint in it; sooner at the visitor's first tap, key or focus; at the latest after
 * `waitLimitMs` (a tab opened in the background paints only when shown).
 *
 * Until React owns the page it also answers the visitor, so that nothing is lost:
 * - a disclosure button (`aria-controls` + `aria-expanded`: the navbar's Menu) opens or closes its
 *   panel at once, in the page, as Bootstrap's own script would; React adopts that state;
 * - a click on any other button, and a key pressed outside form fields (the slideshow's arrows),
 *   are held and replayed once React owns the page (src/app/early-input.ts);
 * - links, form fields and text selection need nothing: the browser handles them natively.
 *
 * Self-contained: the prerender writes its source text into the page, so it uses nothing from
 * outside its own body, and no React.
 */
export function loadBootScript(bootSrc: string, waitLimitMs: number, sessionHintKey = ''): void {
  // Where this browser was signed in last time (src/lib/session-hint.ts; storage blocked counts as
  // yes), the identity SDK's scripts download beside the page's, from the template the prerender
  // put before this script (scripts/module-preloads.ts); a visitor never signed in gets them only
  // when the page asks, after hydrating.
  const sessionScripts = document.getElementById('session-scripts');
  if (sessionScripts instanceof HTMLTemplateElement) {
    let hinted = true;
    try {
      hinted = window.localStorage.getItem(sessionHintKey) === '1';
    } catch {
      // Storage blocked: the session is read from the identity SDK itself.
    }
    if (hinted) sessionScripts.replaceWith(sessionScripts.content);
  }
  const held: HeldInput['held'] = [];
  const startEvents = ['pointerdown', 'keydown', 'focusin', 'touchstart'];
  // Keys whose native action already happened (focus move, a button's click) or means nothing.
  const nativeKeys = ['Tab', 'Enter', ' ', 'Shift', 'Control', 'Alt', 'Meta'];
  const passive = { capture: true, passive: true };
  let requested = false;
  /** Watches for the main picture's paint until the boot script is asked for. */
  let largestPaint: PerformanceObserver | undefined;

  function requestBoot() {
    if (requested) return;
    requested = true;
    largestPaint?.disconnect();
    // A page of content names its islands' scripts in a template, to download beside this one.
    const islandScripts = document.getElementById('island-scripts');
    if (islandScripts instanceof HTMLTemplateElement)
      islandScripts.replaceWith(islandScripts.content);
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = ''; // as the page's modulepreload links ask, so one download serves both
    script.src = bootSrc;
    document.head.appendChild(script);
  }

  function isFormField(element: Element) {
    return (
      element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement ||
      (element instanceof HTMLElement && element.isContentEditable)
    );
  }

  const inPage = (element: Element) => !!document.getElementById('root')?.contains(element);

  function onClick(event: MouseEvent) {
    // Buttons, and any element that acts as one.
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest('button, [role="button"]');
    if (!(button instanceof HTMLElement) || !inPage(button)) return;
    event.preventDefault(); // a submit button's form waits for React as well
    event.stopImmediatePropagation();
    const panelId = button.getAttribute('aria-controls');
    const panel = panelId ? document.getElementById(panelId) : null;
    if (panel && button.hasAttribute('aria-expanded')) {
      // Opens or closes the panel the way the hydrated component renders it.
      const open = button.getAttribute('aria-expanded') !== 'true';
      button.setAttribute('aria-expanded', String(open));
      button.classList.toggle('collapsed', !open);
      panel.classList.toggle('show', open);
    } else held.push({ target: button });
  }

  function onKeyDown(event: KeyboardEvent) {
    const target = event.target;
    if (!(target instanceof HTMLElement) || isFormField(target)) return;
    if (nativeKeys.includes(event.key) || !inPage(target)) return;
    const { key, code, shiftKey, ctrlKey, altKey, metaKey } = event;
    held.push({ target, key: { key, code, shiftKey, ctrlKey, altKey, metaKey } });
  }

  startEvents.forEach((type) => document.addEventListener(type, requestBoot, passive));
  // Capture on the document runs before React's listeners on #root: the click is React's or ours.
  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKeyDown, true);
  window.heldInput = {
    held,
    stop() {
      startEvents.forEach((type) => document.removeEventListener(type, requestBoot, passive));
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('keydown', onKeyDown, true);
    },
  };

  // Where the browser reports the page's largest paint, the picture's entry says it is on screen
  // (reported once the frame was shown, so no script precedes that paint). Elsewhere, or where
  // something larger painted first, two frames after it loaded: the first paints it, the second
  // follows.
  const afterItsPaint = () => requestAnimationFrame(() => requestAnimationFrame(requestBoot));
  function whenLargestPaint(picture: HTMLImageElement) {
    if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) return;
    largestPaint = new PerformanceObserver((entries) => {
      const painted = entries
        .getEntries()
        .some((entry) => 'element' in entry && entry.element === picture);
      if (painted) requestBoot();
    });
    largestPaint.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  function afterMainPicture() {
    if (document.readyState === 'loading') {
      return document.addEventListener('DOMContentLoaded', afterMainPicture, { once: true });
    }
    const picture = document.querySelector('#root img[fetchpriority="high"]');
    // The first contentful paint is on screen, and with no main picture it is the page's.
    if (!(picture instanceof HTMLImageElement)) return requestBoot();
    if (picture.complete) afterItsPaint();
    else {
      picture.addEventListener('load', afterItsPaint, { once: true });
      picture.addEventListener('error', afterItsPaint, { once: true });
    }
    whenLargestPaint(picture);
  }
  setTimeout(requestBoot, waitLimitMs);
  try {
    // A browser without paint timing would never say: it asks now.
    if (PerformanceObserver.supportedEntryTypes?.includes('paint') === false) return requestBoot();
    // The first contentful paint: a first paint of the background alone is not the page's.
    const firstContent = new PerformanceObserver((entries) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      firstContent.disconnect();
      afterMainPicture();
    });
    firstContent.observe({ type: 'paint', buffered: true });
  } catch {
    requestBoot(); // no paint timing in this browser
  }
}
