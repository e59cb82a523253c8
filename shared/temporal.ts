// The engine shared/time.ts computes with. Here the polyfill, loaded at once: the function's runtime
// requires its code synchronously (no top-level await). The browser's build (vite.config.ts) takes
// temporal-browser.ts instead, which fetches the polyfill only where the platform has no Temporal.
export { Temporal } from 'temporal-polyfill';
