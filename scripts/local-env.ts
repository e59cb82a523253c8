import { LOCAL_HOST, LOCAL_STACKS, origin, type LocalStackName } from './local-stack.ts';

/** Vite's mode for each local stack: the dev server's default mode is `development`. */
export function localStackOfMode(mode: string): LocalStackName | undefined {
  const name = mode === 'development' ? 'dev' : mode;
  return Object.hasOwn(LOCAL_STACKS, name) ? (name as LocalStackName) : undefined;
}

/**
 * The VITE_* configuration of a dev server or build that signs in against a local stack's Auth
 * emulator (a `demo-` project: no real Firebase project, key or app behind it).
 */
export function localStackEnv(name: LocalStackName) {
  const { projectId, ports } = LOCAL_STACKS[name];
  return {
    VITE_FIREBASE_API_KEY: 'demo-api-key',
    VITE_FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
    VITE_FIREBASE_PROJECT_ID: projectId,
    VITE_FIREBASE_APP_ID: 'demo-app-id',
    VITE_FIREBASE_AUTH_EMULATOR_HOST: `${LOCAL_HOST}:${ports.auth}`,
    VITE_SITE_URL: origin(ports.site),
  };
}
