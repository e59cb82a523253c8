/**
 * What the build gives for `react` when the site runs on Preact's compatibility layer
 * (vite.config.ts): Preact's React API, plus the one name React Router imports that it lacks.
 * `useOptimistic` serves only React Router's data router (`RouterProvider`), which the site does
 * not use; reaching it is a build mistake, said loudly rather than run wrongly. Plain JavaScript:
 * preact/compat's types are `export =`, which TypeScript will not re-export with `export *`.
 */
export * from 'preact/compat';
export { default } from 'preact/compat';

export function useOptimistic() {
  throw new Error('useOptimistic is not available on Preact: the site uses no data router.');
}
