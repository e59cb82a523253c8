import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';

/** Variables a production build cannot sign anyone in without. */
const REQUIRED_FOR_PRODUCTION = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
  'VITE_SITE_URL',
] as const;

export default defineConfig(({ command, mode, isSsrBuild }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  if (command === 'build' && mode === 'production') {
    const missing = REQUIRED_FOR_PRODUCTION.filter((key) => !env[key]?.trim());
    if (missing.length > 0) {
      throw new Error(
        `Production build stopped: missing ${missing.join(', ')}. ` +
          'Set them in the environment or in .env.production.local (see .env.example), ' +
          'or build for the local Auth emulator with `node scripts/build.mjs --mode emulator`.',
      );
    }
    if (env.VITE_FIREBASE_AUTH_EMULATOR_HOST) {
      throw new Error(
        'Production build stopped: VITE_FIREBASE_AUTH_EMULATOR_HOST is set, so the site would sign in against a local emulator.',
      );
    }
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
      manifest: !isSsrBuild,
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
