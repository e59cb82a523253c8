import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

// One code-split chunk per module in routes/. Free of React and of the route table (whose titles
// name the practice): the boot script imports this, and whatever it imports must be its own, not
// a chunk shared with the app, fetched one round trip later while a tap on the page goes unheard.
const modules = import.meta.glob<PageModule>(['./routes/*.tsx', '!./routes/*.test.tsx']);

/** Loads a page module, `src/app/routes/<module>.tsx`. */
export function loadPageModule(module: string): Promise<PageModule> {
  const load = modules[`./routes/${module}.tsx`];
  if (!load) throw new Error(`No page module src/app/routes/${module}.tsx`);
  return load();
}

/** The module files that exist, for the test that checks the table against them. */
export const pageModuleFiles = Object.keys(modules);
