// The engine shared/time.ts computes with: the platform's own Temporal where it has one (Chromium,
// Firefox, the browsers of the last year), else the polyfill, fetched only then: about 19 kB gz that
// a browser with Temporal never downloads before a signed-in page can show its content.
import type { Temporal as TemporalApi } from 'temporal-polyfill';

type TemporalNamespace = typeof TemporalApi;

const platform = (globalThis as { Temporal?: TemporalNamespace }).Temporal;

export const Temporal: TemporalNamespace = platform ?? (await import('temporal-polyfill')).Temporal;
