let loaded: Promise<void> | undefined;

/**
 * Puts the full stylesheet in the page, once, and resolves when it has loaded (or failed). The
 * prerendered page inlines only what its first paint needs and keeps the rest in
 * `<template id="full-stylesheet">` (scripts/critical-css.ts); React renders nothing else (another
 * page, a redirect, a menu) before this has loaded. No React here: the boot script starts it.
 */
export function loadFullStylesheet(): Promise<void> {
  loaded ??= new Promise<void>((resolve) => {
    const template = document.getElementById('full-stylesheet');
    const link = template instanceof HTMLTemplateElement && template.content.querySelector('link');
    if (!template || !link) return resolve(); // the dev server: Vite injects the styles
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    template.replaceWith(link);
  });
  return loaded;
}
