import type { ComponentType } from 'react';
import { routeTable, type PageName } from '../config/routes';

type PageModule = { default: ComponentType };

// One code-split chunk per module in routes/. Kept free of React so the boot script can start
// the current page's download.
const modules = import.meta.glob<PageModule>(['./routes/*.tsx', '!./routes/*.test.tsx']);

/** Loads a page's module; the table names the module, the file system holds it. */
export function loadPage(name: PageName): Promise<PageModule> {
  const load = modules[`./routes/${routeTable[name].module}.tsx`];
  if (!load) throw new Error(`No page module src/app/routes/${routeTable[name].module}.tsx`);
  return load();
}

/** The module files that exist, for the test that checks the table against them. */
export const pageModuleFiles = Object.keys(modules);
