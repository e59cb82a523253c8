import { act } from '@testing-library/react';

/**
 * A screen this many CSS pixels wide, as `window.matchMedia` answers `min-width` and `max-width`
 * queries (jsdom has no matchMedia of its own); `turn(width)` resizes it and tells the listeners,
 * as a phone turned or a window dragged does. Undo with `vi.unstubAllGlobals()`.
 */
export function screenWidth(width: number) {
  let current = width;
  const listeners = new Set<() => void>();
  const matches = (query: string) => {
    const min = /\(min-width:\s*([\d.]+)px\)/.exec(query)?.[1];
    const max = /\(max-width:\s*([\d.]+)px\)/.exec(query)?.[1];
    return (
      (min === undefined || current >= Number(min)) && (max === undefined || current <= Number(max))
    );
  };
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return matches(query);
    },
    addEventListener: (_type: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: 'change', listener: () => void) => listeners.delete(listener),
  }));
  return {
    turn(to: number) {
      current = to;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}
