import type { ComponentType } from 'react';
import { routeTable, type PageName } from '../config/routes';
import { loadPageModule } from './page-modules';

/** Loads a page's module; the table names the module, the file system holds it. */
export function loadPage(name: PageName): Promise<{ default: ComponentType }> {
  return loadPageModule(routeTable[name].module);
}

export { pageModuleFiles } from './page-modules';
