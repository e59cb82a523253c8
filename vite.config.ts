import path from 'node:path';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkPackagesReport } from './scripts/bench/chunk-packages.ts';
import { inlineIcon } from './scripts/inline-icon.ts';
import { localStackEnv, localStackOfMode } from './scripts/local-env.ts';
import { LOCAL_HOST, LOCAL_STACKS, origin } from './scripts/local-stack.ts';
import { productionBuildProblem } from './scripts/production-env.ts';

/**
 * The browser's build of shared/time.ts takes the browser's own Temporal where it has one, and
 * downloads the polyfill only where it has not (src/lib/temporal.ts). The prerender and the
 * function, in Node, keep the polyfill itself. Exact: that module's own import of the polyfill's
 * implementation is left alone.
 */
function temporalWhereMissing(): Plugin {
  const browserTemporal = path.resolve(import.meta.dirname, 'src/lib/temporal.ts');
  return {
    name: 'temporal-where-missing',
    enforce: 'pre',
    resolveId(id) {
      if (id !== 'temporal-polyfill' || this.environment?.config.consumer !== 'client') return;
      return browserTemporal;
    },
  };
}

/** react-bootstrap and the packages only it pulls in. */
const UI_LIBRARIES =
  /node_modules[\\/](react-bootstrap|@restart|dom-helpers|prop-types|classnames|uncontrollable|warning|invariant|@babel|react-transition-group)[\\/]/;
/** Of those, what a dialog or a dismissible alert needs and a button or a form does not. */
const UI_OVERLAYS =
  /node_modules[\\/](react-transition-group|dom-helpers)[\\/]|node_modules[\\/]react-bootstrap[\\/]esm[\\/](Modal\w*|Alert\w*|AbstractModalHeader|BootstrapModalManager|CloseButton|Fade|TransitionWrapper|divWithClassName|safeFindDOMNode|transitionEndListener|triggerBrowserReflow|useWrappedRefWithWarning)\.js$|node_modules[\\/]@restart[\\/]ui[\\/]esm[\\/](Modal|ModalManager|Portal|ImperativeTransition|NoopTransition|RTGTransition|useWaitForDOMRef|getScrollbarWidth|useWindow)\.js$/;

export default defineConfig(({ command, mode }) => {
  if (command === 'build' && mode === 'production') {
    const problem = productionBuildProblem(loadEnv(mode, process.cwd(), 'VITE_'));
    if (problem) throw new Error(problem);
  }
  // `vite` (mode development) is the dev stack, `vite --mode smoke` the smoke test's, and
  // `--mode preview|e2e` builds sign in against those stacks' emulators; all from local-stack.ts.
  const stack = localStackOfMode(mode);
  const stackEnv = stack ? localStackEnv(stack) : {};
  // The dev server's stack; its /api goes to that stack's Functions emulator.
  const serverStack = LOCAL_STACKS[stack ?? 'dev'];
  return {
    plugins: [
      // React itself everywhere (build, dev server with Fast Refresh, prerender, unit tests).
      react(),
      chunkPackagesReport(),
      inlineIcon(),
      temporalWhereMissing(),
    ],
    define: Object.fromEntries(
      Object.entries(stackEnv).map(([key, value]) => [
        `import.meta.env.${key}`,
        JSON.stringify(value),
      ]),
    ),
    server: {
      host: LOCAL_HOST,
      port: serverStack.ports.site,
      strictPort: true,
      // Same origin as in production, where Hosting rewrites /api/** to the function.
      proxy: {
        '/api': {
          target: origin(serverStack.ports.functions),
          rewrite: (path) => `/${serverStack.projectId}/europe-west2/api${path}`,
        },
      },
    },
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
      // The prerender names each page's scripts in its head from the manifest
      // (scripts/module-preloads.ts); dynamic imports still fetch their dependencies in parallel.
      manifest: true,
      modulePreload: {
        resolveDependencies: (_file, dependencies, { hostType }) =>
          hostType === 'html' ? [] : dependencies,
      },
      chunkSizeWarningLimit: 200,
      rolldownOptions: {
        output: {
          // Every page needs React, and every page but those of content (islands) the router:
          // a chunk each. What most pages share (the common
          // react-bootstrap parts, our small shared modules) comes in one chunk each rather than
          // in a dozen small ones: over HTTP/1.1 six at a time and a round trip each.
          codeSplitting: {
            groups: [
              {
                name: 'framework',
                test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                priority: 3,
              },
              {
                name: 'router',
                test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/,
                priority: 3,
              },
              {
                name: 'ui-common',
                test: (id: string) => UI_LIBRARIES.test(id) && !UI_OVERLAYS.test(id),
                minShareCount: 4,
                priority: 2,
              },
              {
                // Dialogs and dismissible alerts (react-bootstrap's Modal and Alert with their
                // transitions and portal): only the signed-in pages' actions open one, so they
                // are not in ui-common, which every page of the app downloads before hydrating.
                // After ui-common: a group takes what its modules import too.
                name: 'ui-overlays',
                test: UI_OVERLAYS,
                minShareCount: 2,
                priority: 1,
              },
              {
                name: 'site-common',
                // Facts, not components: a page of content imports them without react-bootstrap.
                // With them Vite's dynamic-import helper, which every page runs: not a file of its own.
                test: /[\\/](src[\\/](config[\\/]routes|content[\\/]practice)|shared[\\/](practice|time-words)|src[\\/]lib[\\/]session-hint)\.tsx?$|vite[\\/]preload-helper/,
                minShareCount: 4,
                priority: 1,
              },
              {
                // The header every page shows (the islands' and the app's alike): one file, not
                // five, beside React. After site-common, which takes the route table it reads.
                name: 'site-header',
                test: /[\\/]src[\\/](components[\\/]layout[\\/]site-navbar|lib[\\/](navigation|toast)|features[\\/]auth[\\/]log-in-nav-item)\.tsx?$/,
                minShareCount: 2,
                priority: 1,
              },
            ],
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
      include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'shared/**/*.test.ts'],
      css: false,
      // Property tests run hundreds of cases; a loaded CI machine must not turn them into timeouts.
      testTimeout: 30_000,
    },
  };
});
