import { LOCAL_STACKS, siteOrigin, type LocalStackName } from '../../scripts/local-stack.ts';

/** The addresses of a local stack (scripts/local-stack.ts) that browser tests talk to. */
function stackAddresses(name: LocalStackName) {
  const { projectId, ports } = LOCAL_STACKS[name];
  return { projectId, siteOrigin: siteOrigin(ports.site), authEmulator: siteOrigin(ports.auth) };
}

export type StackAddresses = ReturnType<typeof stackAddresses>;

/** The built site on the Hosting emulator (playwright.config.ts). */
export const E2E = stackAddresses('e2e');
/** The Vite dev server, as `npm start` runs it (playwright.smoke.config.ts). */
export const SMOKE = stackAddresses('smoke');
