import type { ReactNode } from 'react';

/** An island's module: renders what goes inside its prerendered element (`data-island`). */
export type IslandModule = { default: (element: HTMLElement) => ReactNode };

// One chunk per module in islands/. Free of React (types aside): the boot script imports this to
// start every island's download beside the islands entry, not one round trip after it.
const modules = import.meta.glob<IslandModule>(['./islands/*.tsx']);

/** Loads the module of the island an element names: `src/app/islands/<name>.tsx`. */
export function loadIsland(element: HTMLElement): Promise<IslandModule> {
  const name = element.dataset.island ?? '';
  const load = modules[`./islands/${name}.tsx`];
  if (!load) throw new Error(`No island module src/app/islands/${name}.tsx`);
  return load();
}

/**
 * The prerendered page's islands that hydrate at once; the page is ready when they have. An
 * island marked `data-island-later` (below the first screen, with nothing to show before data
 * that arrives after the page) hydrates after them: `laterIslandElements`.
 */
export const islandElements = (): HTMLElement[] => [
  ...document.querySelectorAll<HTMLElement>('#root [data-island]:not([data-island-later])'),
];

export const laterIslandElements = (): HTMLElement[] => [
  ...document.querySelectorAll<HTMLElement>('#root [data-island][data-island-later]'),
];
