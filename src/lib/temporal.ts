/**
 * Temporal in the browser, for shared/time.ts (vite.config.ts puts this module in place of its
 * `temporal-polyfill` import in the browser's build; the server and the prerender keep the
 * polyfill): the browser's own where it has one (the Chromium 156 the tests run has), else the
 * polyfill, about 19 kB gz, downloaded only then. The app waits for `temporalReady()` before it
 * renders (src/main.tsx), never before the first paint. No top-level await: one would make the
 * bundler split what every page shares into more files. src/lib/temporal.test.ts holds both
 * engines' answers equal to the server's.
 */
import type { Temporal as Polyfill } from 'temporal-polyfill';

type TemporalNamespace = typeof Polyfill;

let engine = (globalThis as { Temporal?: TemporalNamespace }).Temporal;

/** Resolves once Temporal can be used: at once where the browser has its own. */
export function temporalReady(): Promise<void> {
  if (engine) return Promise.resolve();
  return import('temporal-polyfill/implementation').then((polyfill) => {
    engine = polyfill.Temporal;
  });
}

/**
 * The engine, looked up at each use: the polyfill may arrive after this module has run.
 * @public shared/time.ts imports it as `temporal-polyfill` (vite.config.ts), which knip cannot see.
 */
export const Temporal = new Proxy({} as TemporalNamespace, {
  get(_target, key) {
    if (!engine) throw new Error('Temporal was used before temporalReady() resolved.');
    return Reflect.get(engine, key) as unknown;
  },
});
