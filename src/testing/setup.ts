import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { temporalReady } from '../lib/temporal';

// Node has no Temporal of its own: the tests run the browser's build of shared/time.ts as a
// browser without one does, on the polyfill that src/main.tsx waits for (src/lib/temporal.ts).
await temporalReady();

// A unit test fails on any console.error it did not expect (epic-stack's rule).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`Unexpected console.error: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
