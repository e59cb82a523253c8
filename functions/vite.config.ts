import { builtinModules } from 'node:module';
import { defineConfig } from 'vitest/config';
import manifest from './package.json' with { type: 'json' };

// The function's build: one ES module in lib/, our own code (functions/src, shared/, the practice's
// content and service.json) bundled in, every npm dependency left for functions/node_modules.
const external = [...Object.keys(manifest.dependencies), ...builtinModules];

export default defineConfig({
  root: import.meta.dirname,
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: 'src/index.ts',
    outDir: 'lib',
    emptyOutDir: true,
    target: 'node22',
    sourcemap: true,
    minify: false,
    rollupOptions: {
      external: (id) =>
        id.startsWith('node:') || external.some((name) => id === name || id.startsWith(`${name}/`)),
      output: { entryFileNames: 'index.js', format: 'es' },
    },
  },
  ssr: { target: 'node', noExternal: [] },
  test: {
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globals: true,
    globalSetup: ['src/testing/global-setup.ts'],
    setupFiles: ['src/testing/every-calendar.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
