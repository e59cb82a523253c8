/**
 * Taps and key presses that arrive before React has hydrated the prerendered page, so that none
 * is lost. Listening starts with the boot script:
 * - the first pointer, key or focus event starts hydration if it has not started;
 * - a disclosure button (`aria-controls` + `aria-expanded`: the navbar's Menu) opens or closes its
 *   panel at once, in the page, as Bootstrap's own script would; React adopts that state;
 * - a click on any other button, and a key pressed outside form fields (the carousel's arrows),
 *   are held and replayed once React owns the page;
 * - links, form fields and text selection need nothing: the browser handles them natively.
 * No React here: this runs before React has loaded.
 */
type Held = { target: HTMLElement; key?: KeyboardEventInit };

const START_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
// Keys whose native action already happened (focus move, a button's click) or means nothing.
const NATIVE_KEYS = new Set(['Tab', 'Enter', ' ', 'Shift', 'Control', 'Alt', 'Meta']);

let reactOwnsPage = false;
const held: Held[] = [];
let stopListening: () => void = () => undefined;

function isFormField(element: Element): boolean {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement ||
    (element instanceof HTMLElement && element.isContentEditable)
  );
}

/** Opens or closes a disclosure's panel the way the hydrated component renders it. */
function toggleDisclosure(button: HTMLElement, panel: HTMLElement) {
  const open = button.getAttribute('aria-expanded') !== 'true';
  button.setAttribute('aria-expanded', String(open));
  button.classList.toggle('collapsed', !open);
  panel.classList.toggle('show', open);
}

function onClick(event: MouseEvent) {
  const root = document.getElementById('root');
  // Buttons, and any element that acts as one.
  const button =
    event.target instanceof Element ? event.target.closest('button, [role="button"]') : null;
  if (!root || !(button instanceof HTMLElement) || !root.contains(button)) return;
  event.preventDefault(); // a submit button's form waits for React as well
  event.stopImmediatePropagation();
  const panelId = button.getAttribute('aria-controls');
  const panel = panelId ? document.getElementById(panelId) : null;
  if (panel && button.hasAttribute('aria-expanded')) toggleDisclosure(button, panel);
  else held.push({ target: button });
}

function onKeyDown(event: KeyboardEvent) {
  const target = event.target;
  if (!(target instanceof HTMLElement) || isFormField(target) || NATIVE_KEYS.has(event.key)) return;
  if (!document.getElementById('root')?.contains(target)) return;
  const { key, code, shiftKey, ctrlKey, altKey, metaKey } = event;
  held.push({ target, key: { key, code, shiftKey, ctrlKey, altKey, metaKey } });
}

/** Called by the boot script when the page is prerendered (not on the dev server). */
export function listenBeforeHydration(startHydration: () => void): void {
  const start = () => startHydration();
  const options = { capture: true, passive: true };
  START_EVENTS.forEach((type) => document.addEventListener(type, start, options));
  // Capture on the document runs before React's listeners on #root: the click is React's or ours.
  document.addEventListener('click', onClick, { capture: true });
  document.addEventListener('keydown', onKeyDown, { capture: true });
  stopListening = () => {
    START_EVENTS.forEach((type) => document.removeEventListener(type, start, options));
    document.removeEventListener('click', onClick, { capture: true });
    document.removeEventListener('keydown', onKeyDown, { capture: true });
  };
}

/**
 * Called just before `hydrateRoot`: from then on React answers events itself (it hydrates at once
 * when an event arrives during hydration), so the page's state stops changing under it.
 */
export function handOverToReact(): void {
  reactOwnsPage = true;
  stopListening();
}

/**
 * Called once the hydrated page has committed: what was held happens now, in order. In a task of
 * its own: React hydrates a page's Suspense boundary at once for an event, but not from inside its
 * own commit.
 */
export function replayHeldInput(): void {
  if (!reactOwnsPage) return;
  setTimeout(() => {
    for (const { target, key } of held.splice(0)) {
      if (!target.isConnected) continue;
      if (key) target.dispatchEvent(new KeyboardEvent('keydown', { ...key, bubbles: true }));
      else target.click();
    }
  }, 0);
}
