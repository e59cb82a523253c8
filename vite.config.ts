import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { LOCAL_STACKS, origin, type LocalStackName } from './scripts/local-stack.ts';
import { productionBuildProblem } from './scripts/production-env.mjs';

/** The dev server's stack (`npm start`: dev); its /api goes to that stack's Functions emulator. */
const devStack = LOCAL_STACKS[(process.env.LOCAL_STACK as LocalStackName | undefined) ?? 'dev'];

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  if (command === 'build' && mode === 'production') {
    const problem = productionBuildProblem(env);
    if (problem) throw new Error(problem);
  }
  return {
    plugins: [react()],
    server: {
      host: 'localhost',
      port: 5173,
      strictPort: true,
      // Same origin as in production, where Hosting rewrites /api/** to the function.
      proxy: {
        '/api': {
          target: origin(devStack.ports.functions),
          rewrite: (path) => `/${devStack.projectId}/europe-west2/api${path}`,
        },
      },
    },
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
