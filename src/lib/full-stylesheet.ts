let loaded: Promise<void> | undefined;
let settled = false;

/** A stylesheet that neither loads nor fails by then (a stalled connection) is given up waiting
 * for: what waits for it shows, on the page's inline CSS, rather than never. */
const GIVE_UP_MS = 10_000;

/**
 * Puts the full stylesheet in the page, once, and resolves when it has loaded (or failed). The
 * prerendered page inlines only what its first paint needs and keeps the rest in
 * `<template id="full-stylesheet">` (scripts/critical-css.ts); what React would show unstyled on
 * that CSS waits for this (see `fullStylesheetLoaded`). No React here: the boot script starts it.
 */
export function loadFullStylesheet(): Promise<void> {
  loaded ??= new Promise<void>((resolve) => {
    const done = () => {
      settled = true;
      resolve();
    };
    const template = document.getElementById('full-stylesheet');
    const link = template instanceof HTMLTemplateElement && template.content.querySelector('link');
    if (!template || !link) return done(); // the dev server: Vite injects the styles
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    setTimeout(done, GIVE_UP_MS);
    template.replaceWith(link);
  });
  return loaded;
}

/**
 * Whether the full stylesheet has loaded (or failed, or been given up). What a page shows beyond
 * its prerendered HTML waits for it: another page (src/app/lazy-page.tsx), the toasts
 * (src/app/layout.tsx) and what a page shows once hydrated (useStyledAfterHydration).
 */
export function fullStylesheetLoaded(): boolean {
  return settled;
}
