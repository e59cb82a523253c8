import { useCallback, useEffect, useState } from 'react';

/** Focuses the first element on the page carrying one of the keys that can take focus now. */
function focusFirst(keys: readonly string[]) {
  for (const key of keys) {
    const element = document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(key)}"]`);
    element?.focus();
    if (element && document.activeElement === element) return;
  }
}

/**
 * Asks for focus on the first of `data-focus-key` keys that is on the page once it has rendered:
 * rows change under an answer, so the element to focus may only exist after the next render.
 */
export function useFocusRequest() {
  const [focusRequest, setFocusRequest] = useState<{ keys: string[] } | null>(null);
  useEffect(() => {
    if (focusRequest) focusFirst(focusRequest.keys);
  }, [focusRequest]);
  return useCallback((keys: string[]) => setFocusRequest({ keys }), []);
}
