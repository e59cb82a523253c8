import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { productionBuildProblem } from './scripts/production-env.mjs';

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  if (command === 'build' && mode === 'production') {
    const problem = productionBuildProblem(env);
    if (problem) throw new Error(problem);
  }
  return {
    plugins: [react()],
    server: { host: 'localhost', port: 5173, strictPort: true },
    preview: { host: '127.0.0.1', port: 4173, strictPort: true },
    css: {
      preprocessorOptions: {
        // Bootstrap 5.3's Sass still uses @import and global functions.
        scss: {
          quietDeps: true,
          silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
        },
      },
    },
    build: {
      target: 'es2022',
      sourcemap: false,
      // Nothing but the tiny boot script is fetched before the first paint (see src/boot.ts);
      // dynamic imports still fetch their dependencies in parallel.
      modulePreload: {
        resolveDependencies: (_file, dependencies, { hostType }) =>
          hostType === 'html' ? [] : dependencies,
      },
      chunkSizeWarningLimit: 200,
      rolldownOptions: {
        output: {
          // Every page needs all of the router: one chunk, however the pages happen to import it.
          codeSplitting: {
            groups: [{ name: 'react-router', test: /node_modules[\\/]react-router[\\/]/ }],
          },
        },
      },
    },
    // Bundle every dependency into the build-time renderer: some ship ESM that Node cannot load.
    ssr: { noExternal: true },
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['./src/testing/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
      css: false,
    },
  };
});
